import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Changes to the files of one folder, as the kernel reports them (inotify): a file written and
/// closed, renamed into the folder (how most editors save) or out of it, or deleted.
/// Reading never blocks: `changes()` returns what happened since the last call.
public final class FolderWatch {
    /// The folder watched.
    public let folder: String
    /// The inotify descriptor: readable when there are changes (a main loop may wait on it).
    public let fileDescriptor: Int32
    private var fd: Int32 { fileDescriptor }

    /// A watch on `folder`, or nil when the kernel refuses one (no inotify, too many watches).
    public init?(folder: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(fd, folder, mask) >= 0 else { close(fd); return nil }
        self.folder = folder
        self.fileDescriptor = fd
    }

    deinit { close(fd) }

    /// The names of the files that changed since the last call (each once, in the order first seen);
    /// a name of "" means the queue overflowed and anything may have changed.
    public func changes() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (mask, length) = buffer.withUnsafeBytes { raw -> (UInt32, Int) in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (e.mask, Int(e.len))
                }
                let start = offset + MemoryLayout<inotify_event>.size
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    if !names.contains("") { names.append("") }
                } else if length > 0, start + length <= n {
                    let raw = buffer[start..<(start + length)]
                    let name = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    if !names.contains(name) { names.append(name) }
                }
                offset = start + length
            }
        }
        return names
    }
}
