/// One axis of an area-averaged shrink, from `source` cells (pixels) to `target` cells
/// (`1 ≤ target ≤ source`), measured in whole units: both counts are divided by their greatest common
/// divisor, so a source cell is `cellUnits` long, a target cell `spanUnits` long, and the overlap of
/// any two is a whole number of units. A target cell's weights sum to `spanUnits`.
///
/// With 1920 source pixels and 1056 target pixels (a gcd of 96), a source pixel is 11 units and a
/// target pixel 20: target pixel 0 covers source pixel 0 (11 units) and 9 units of pixel 1.
struct ShrinkAxis {
    /// Cells before the shrink.
    let source: Int
    /// Cells after it.
    let target: Int
    /// The length of a source cell in units: `target` over the gcd.
    let cellUnits: Int
    /// The length of a target cell in units: `source` over the gcd.
    let spanUnits: Int

    /// The axis from `source` cells to `target` (callers keep `1 ≤ target ≤ source ≤ Pixmap.maxSide`,
    /// so no product here overflows).
    init(source: Int, target: Int) {
        precondition(target >= 1 && target <= source, "a shrink keeps 1...source cells")
        var a = source, b = target
        while b != 0 { (a, b) = (b, a % b) }
        self.source = source
        self.target = target
        cellUnits = target / a
        spanUnits = source / a
    }

    /// The source cells that target cell `t` covers (partly at either end).
    func cells(of t: Int) -> Range<Int> {
        let start = t * spanUnits, end = start + spanUnits
        return start / cellUnits ..< (end + cellUnits - 1) / cellUnits
    }

    /// How many units of source cell `c` lie in target cell `t` (`c` one of `cells(of: t)`).
    func weight(of c: Int, in t: Int) -> Int {
        min((c + 1) * cellUnits, (t + 1) * spanUnits) - max(c * cellUnits, t * spanUnits)
    }

    /// The most source cells any target cell covers.
    var mostCells: Int {
        var most = 0
        for t in 0..<target { most = max(most, cells(of: t).count) }
        return most
    }
}

/// `sum / divisor` rounded to the nearest whole number (halves up), for one divisor and many sums,
/// by a multiply and a shift instead of a division (Granlund and Montgomery's method): exact for
/// every sum up to 255 × the divisor, the largest an area average of 8-bit values reaches.
struct RoundedQuotient {
    /// The divisor (1...2³⁰).
    let divisor: UInt64
    /// `⌈2^shift / (2 × divisor)⌉`.
    let multiplier: UInt64
    /// `N + ⌈log₂(2 × divisor)⌉`, where every numerator `2 × sum + divisor` is under 2^N.
    let shift: UInt64
    /// Whether every numerator is under 2³¹ (the divisor under about 2²¹), so that a numerator
    /// times `multiplier` fits 64 bits and `quotients(_:)` may be used.
    let fitsSixtyFourBits: Bool

    /// A quotient by `divisor` (1...2³⁰).
    init(divisor: UInt64) {
        precondition(divisor >= 1 && divisor <= 1 << 30, "an area's divisor is 1...2^30")
        self.divisor = divisor
        // floor(x / d) is (x × m) >> s for every x < 2^N when s ≥ N + ⌈log₂ d⌉ and m = ⌈2^s / d⌉:
        // m × d exceeds 2^s by less than d ≤ 2^(s - N), so the error stays under one over d.
        let d = 2 * divisor
        let numeratorBits = 64 - (511 * divisor).leadingZeroBitCount  // 2 × 255 × divisor + divisor < 2^N
        let s = numeratorBits + 64 - (d - 1).leadingZeroBitCount
        let power: (high: UInt64, low: UInt64) = s >= 64 ? (1 << UInt64(s - 64), 0) : (0, 1 << UInt64(s))
        let (q, r) = d.dividingFullWidth(power)
        multiplier = q + (r == 0 ? 0 : 1)
        shift = UInt64(s)
        fitsSixtyFourBits = numeratorBits <= 31  // the multiplier is under 2^(N + 1)
    }

    /// `sum / divisor`, rounded to the nearest whole number (halves up); `sum` at most 255 × divisor.
    @inline(__always) func callAsFunction(_ sum: UInt64) -> UInt32 {
        let (high, low) = (2 &* sum &+ divisor).multipliedFullWidth(by: multiplier)
        let quotient = shift >= 64 ? high &>> (shift &- 64) : high &<< (64 &- shift) | low &>> shift
        return UInt32(truncatingIfNeeded: quotient)
    }

    /// Four sums' quotients at once, when `fitsSixtyFourBits`; each sum at most 255 × divisor.
    @inline(__always) func quotients(_ sums: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let numerators = SIMD4<UInt64>(truncatingIfNeeded: sums) &* 2 &+ divisor
        return SIMD4<UInt32>(truncatingIfNeeded: (numerators &* multiplier) &>> shift)
    }
}
