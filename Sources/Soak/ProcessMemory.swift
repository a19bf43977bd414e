import Foundation

/// The process's resident memory, read from `/proc/self/status` (Linux).
public enum ProcessMemory {
    /// The peak resident set size so far (`VmHWM`), in KiB; nil where /proc is unavailable.
    public static func peakResidentKiB() -> Int? { field("VmHWM:") }

    /// The resident set size now (`VmRSS`), in KiB.
    public static func residentKiB() -> Int? { field("VmRSS:") }

    private static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            // "VmHWM:	   12345 kB"
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }

    /// `kib` as MiB with one decimal, for reports.
    public static func mebibytes(_ kib: Int?) -> String {
        guard let kib else { return "n/a" }
        return String(format: "%.1f MiB", Double(kib) / 1024)
    }
}
