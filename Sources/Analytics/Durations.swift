/// Durations as the command line writes them: `7d`, `12h`, `30m`, `45s`, `250ms`.
public enum Durations {
    /// `text` in microseconds, or nil when it is not a whole number with a unit (or is 0).
    public static func micros(_ text: String) -> Int64? {
        let units: [(String, Int64)] = [("ms", 1000), ("d", 86_400_000_000), ("h", 3_600_000_000), ("m", 60_000_000), ("s", 1_000_000)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            let digits = text.dropLast(unit.count)
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int64(digits), n > 0 else { return nil }
            return n * scale
        }
        return nil
    }
}
