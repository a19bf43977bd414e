/// Times as the events log writes them: UTC, RFC 3339 with milliseconds.
public enum Timestamps {
    /// `micros` (since 1970) as `"2026-12-05T09:30:00.000Z"`.
    public static func text(_ micros: Int64) -> String {
        var seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let ms = Int((micros - seconds * 1_000_000) / 1000)
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        seconds -= Int64(days) * 86_400
        // The civil date of a day count (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let s = Int(seconds)
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(year)-\(two(month))-\(two(day))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)).\(msText)Z"
    }

    /// `text` (`"2026-12-05T09:30:00.000Z"`) as microseconds since 1970, or nil.
    public static func micros(_ text: String) -> Int64? {
        var quotedText = Array(("\"" + text + "\"").utf8)
        return quotedText.withUnsafeMutableBufferPointer { b in
            var s = Scanner(bytes: UnsafeBufferPointer(b))
            return try? s.timestamp()
        }
    }
}
