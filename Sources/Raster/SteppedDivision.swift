/// ⌊(n + k·step) / d⌋ for k = 0, 1, 2, … (n, step ≥ 0, d > 0), stepped by additions: the quotient
/// and remainder grow by the step's own, so a walk along a line divides twice, not at every row or
/// cell boundary, and gets the same values. The step is divided out only when first needed (most
/// pieces cross a single boundary).
struct SteppedDivision {
    private(set) var quotient: Int
    private var remainder: Int
    private let step: Int, divisor: Int
    private var stepQuotient = -1, stepRemainder = 0

    init(_ n: Int, step: Int, by d: Int) {
        (quotient, remainder) = n > 0 && d > 0 ? n.quotientAndRemainder(dividingBy: d) : (0, 0)
        self.step = step; divisor = d
    }

    /// Moves on to k + 1.
    @inline(__always) mutating func advance() {
        if stepQuotient < 0 { (stepQuotient, stepRemainder) = step.quotientAndRemainder(dividingBy: divisor) }
        quotient &+= stepQuotient; remainder &+= stepRemainder
        if remainder >= divisor { remainder &-= divisor; quotient &+= 1 }
    }
}
