import Foundation

/// A real full disk for tests: a tmpfs of a few KiB mounted on a fresh temporary folder.
///
/// Mounting needs root (or CAP_SYS_ADMIN) and a system that allows it; `TinyDisk.canMount` says
/// whether it works here, and tests that need one are skipped when it does not (the same failures
/// are also tested everywhere through injected write errors).
public struct TinyDisk: Sendable {
    /// The mount point.
    public let path: String

    /// Mounts a tmpfs of `kibibytes` KiB, or returns nil when mounting is not possible.
    public init?(kibibytes: Int) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-disk-" + UUID().uuidString)
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else { return nil }
        guard TinyDisk.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0755", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        path = url.path
    }

    /// Whether a tmpfs can be mounted here (tried once).
    public static let canMount: Bool = {
        guard let disk = TinyDisk(kibibytes: 16) else { return false }
        disk.remove()
        return true
    }()

    /// Fills the free space with a file, so that the next write of any size fails with ENOSPC.
    public func fill() {
        let filler = (path as NSString).appendingPathComponent("filler")
        guard let handle = FileHandle(forWritingAtPath: filler) ?? {
            _ = FileManager.default.createFile(atPath: filler, contents: nil)
            return FileHandle(forWritingAtPath: filler)
        }() else { return }
        defer { try? handle.close() }
        // Bounded, in case the size limit is not enforced: a tiny disk never holds 64 MiB.
        let chunk = Data(repeating: 0, count: 4096)
        for _ in 0..<16_384 { if (try? handle.write(contentsOf: chunk)) == nil { break } }
        // The last partial block.
        let one = Data([0])
        for _ in 0..<4096 { if (try? handle.write(contentsOf: one)) == nil { break } }
    }

    /// Unmounts the disk and removes its folder.
    public func remove() {
        _ = TinyDisk.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        guard let finished = try? ChildProcess.run(tool, arguments, stdout: .discard, stderr: .discard, timeout: 60) else { return false }
        return finished.status == 0
    }
}
