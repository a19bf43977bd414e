import Foundation

/// The statistics `analyze` states it uses: the normal distribution's quantiles (Wichura's AS 241),
/// the chi-square distribution's upper tail (the regularized incomplete gamma function), the
/// two-proportion interval and the sample size of a two-proportion test.
public enum Statistics {
    /// z for a two-sided 95 % interval.
    public static let z95 = 1.959963984540054

    /// The value below which a share `p` of the standard normal distribution lies (0 < p < 1).
    public static func normalQuantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a probability strictly between 0 and 1")
        let q = p - 0.5
        if abs(q) <= 0.425 {
            let r = 0.180625 - q * q
            return q * (((((((r * 2509.0809287301226727 + 33430.575583588128105) * r + 67265.770927008700853) * r
                + 45921.953931549871457) * r + 13731.693765509461125) * r + 1971.5909503065514427) * r + 133.14166789178437745) * r
                + 3.387132872796366608) / (((((((r * 5226.495278852545925 + 28729.085735721942674) * r + 39307.89580009271061) * r
                + 21213.794301586595867) * r + 5394.1960214247511077) * r + 687.1870074920579083) * r + 42.313330701600911252) * r + 1)
        }
        var r = q < 0 ? p : 1 - p
        r = (-log(r)).squareRoot()
        var x: Double
        if r <= 5 {
            r -= 1.6
            x = (((((((r * 7.7454501427834140764e-4 + 0.0227238449892691845833) * r + 0.24178072517745061177) * r
                + 1.27045825245236838258) * r + 3.64784832476320460504) * r + 5.7694972214606914055) * r + 4.6303378461565452959) * r
                + 1.42343711074968357734) / (((((((r * 1.05075007164441684324e-9 + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r
                + 0.14810397642748007459) * r + 0.68976733498510000455) * r + 1.6763848301838038494) * r + 2.05319162663775882187) * r + 1)
        } else {
            r -= 5
            x = (((((((r * 2.01033439929228813265e-7 + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r
                + 0.026532189526576123093) * r + 0.29656057182850489123) * r + 1.7848265399172913358) * r + 5.4637849111641143699) * r
                + 6.6579046435011037772) / (((((((r * 2.04426310338993978564e-15 + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r
                + 7.868691311456132591e-4) * r + 0.0148753612908506148525) * r + 0.13692988092273580531) * r + 0.59983220655588793769) * r + 1)
        }
        return q < 0 ? -x : x
    }

    /// P(X ≥ x) for a chi-square variable with `df` degrees of freedom.
    public static func chiSquareUpperTail(_ x: Double, degreesOfFreedom df: Int) -> Double {
        guard x > 0, df > 0 else { return 1 }
        return regularizedGammaQ(Double(df) / 2, x / 2)
    }

    /// Q(a, x) = Γ(a, x) / Γ(a): a series below a + 1, a continued fraction above (Numerical Recipes).
    static func regularizedGammaQ(_ a: Double, _ x: Double) -> Double {
        let front = exp(-x + a * log(x) - lgamma(a))
        if x < a + 1 {
            var sum = 1 / a, term = sum, n = a
            for _ in 0..<10_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return max(0, 1 - sum * front)
        }
        let tiny = 1e-300
        var b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1..<10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return min(1, front * h)
    }

    /// The difference of two proportions, `x1` of `n1` against `x0` of `n0`, with its 95 % Wald
    /// interval; nil when either group is empty.
    public static func difference(_ x1: Int, of n1: Int, against x0: Int, of n0: Int) -> (difference: Double, low: Double, high: Double)? {
        guard n1 > 0, n0 > 0 else { return nil }
        let p1 = Double(x1) / Double(n1), p0 = Double(x0) / Double(n0)
        let se = (p1 * (1 - p1) / Double(n1) + p0 * (1 - p0) / Double(n0)).squareRoot()
        let d = p1 - p0
        return (d, d - z95 * se, d + z95 * se)
    }

    /// Users needed per arm to tell a conversion rate of `baseline` from `baseline + effect` with a
    /// two-sided test at `alpha` and `power` (the two-proportion z-test's normal approximation:
    /// n = (z₁₋α/₂·√(2p̄q̄) + z_power·√(p₁q₁ + p₂q₂))² / δ²).
    /// Nil when the number is past any count (an effect too small to tell).
    public static func usersPerArm(baseline: Double, effect: Double, alpha: Double = 0.05, power: Double = 0.8) -> Int? {
        let p1 = baseline, p2 = baseline + effect, mean = (p1 + p2) / 2
        let a = normalQuantile(1 - alpha / 2) * (2 * mean * (1 - mean)).squareRoot()
        let b = normalQuantile(power) * (p1 * (1 - p1) + p2 * (1 - p2)).squareRoot()
        let n = ((a + b) * (a + b) / (effect * effect)).rounded(.up)
        return n.isFinite && n < 1e15 ? Int(n) : nil
    }

    /// Pearson's chi-square of `observed` counts against `shares` of their total (shares of 0
    /// left out), with its degrees of freedom and upper tail.
    public static func sampleRatio(observed: [Int], shares: [Double]) -> SampleRatio? {
        let total = Double(observed.reduce(0, +))
        let cells = zip(observed, shares).filter { $0.1 > 0 }
        guard total > 0, cells.count >= 2 else { return nil }
        let sum = cells.reduce(0) { $0 + $1.1 }
        var chi = 0.0
        for (o, share) in cells {
            let e = total * share / sum
            chi += (Double(o) - e) * (Double(o) - e) / e
        }
        let df = cells.count - 1
        let p = chiSquareUpperTail(chi, degreesOfFreedom: df)
        return SampleRatio(chiSquare: chi, degreesOfFreedom: df, p: p, flagged: p < 0.001)
    }
}
