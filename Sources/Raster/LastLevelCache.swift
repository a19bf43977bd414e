#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The size of the last-level cache of the CPU this process runs on, as the system reports it:
/// the highest-level unified cache of cpu0 in sysfs (what this core shares with its neighbours),
/// else `sysconf(_SC_LEVEL3_CACHE_SIZE)`, which glibc reads from the CPU itself (on some CPUs the
/// whole package's L3, more than one core reaches). Nil when neither says.
public enum LastLevelCache {
    /// The size in bytes and where it was read, once per process.
    public static let reported: (bytes: Int, source: String)? = fromSysfs() ?? fromSysconf()

    /// The size in bytes of the highest-level data or unified cache in sysfs.
    static func fromSysfs(_ folder: String = "/sys/devices/system/cpu/cpu0/cache") -> (bytes: Int, source: String)? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        var best: (level: Int, bytes: Int)?
        for entry in entries where entry.hasPrefix("index") {
            func read(_ name: String) -> String? {
                (try? String(contentsOfFile: folder + "/" + entry + "/" + name, encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let level = read("level").flatMap({ Int($0) }), let type = read("type"), type != "Instruction",
                  let size = read("size").flatMap(parseSize) else { continue }
            if best == nil || level > best!.level { best = (level, size) }
        }
        return best.map { ($0.bytes, "L\($0.level) \($0.bytes >> 10) KiB, sysfs") }
    }

    /// A sysfs cache size: "32768K", "1M" or plain bytes.
    static func parseSize(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = text.last, let unit = units[last] {
            return Int(text.dropLast()).flatMap { $0 > 0 && $0 < Int.max / unit ? $0 * unit : nil }
        }
        return Int(text).flatMap { $0 > 0 ? $0 : nil }
    }

    static func fromSysconf() -> (bytes: Int, source: String)? {
        #if canImport(Glibc)
        let bytes = sysconf(Int32(_SC_LEVEL3_CACHE_SIZE))
        return bytes > 0 ? (bytes, "L3 \(bytes >> 10) KiB, sysconf") : nil
        #else
        return nil
        #endif
    }
}
