import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files Limelight names after its process (`AtomicFile`'s `.NAME.tmp-PID-N`, a
/// video's `.NAME.partial-PID`, a GIF's `.NAME.palette-PID.png`), left behind when a process was
/// killed before it could remove them: the next run in the folder removes those whose process is
/// gone, and nothing else.
public enum StaleFiles {
    /// The kinds of temporary file, as they appear after the name: `.tmp-`, `.partial-`, `.palette-`.
    static let markers = [".tmp-", ".partial-", ".palette-"]

    /// The process id a Limelight temporary file named `name` was made by, or nil when the name is
    /// not one of them.
    public static func owner(ofTemporary name: String) -> Int32? {
        guard name.hasPrefix(".") else { return nil }
        for marker in markers {
            guard let range = name.range(of: marker, options: .backwards) else { continue }
            let digits = name[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let pid = Int32(digits) else { continue }
            let rest = name[range.upperBound...].dropFirst(digits.count)
            // What may follow the process id: `-N` (an atomic save), `.png` (a palette), nothing.
            guard rest.isEmpty || rest == ".png" || (rest.hasPrefix("-") && rest.dropFirst().allSatisfy(\.isNumber)) else { continue }
            return pid
        }
        return nil
    }

    /// Removes from `folder` the temporary files of processes that are no longer running; returns
    /// their names. A missing or unreadable folder removes nothing.
    @discardableResult
    public static func remove(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = owner(ofTemporary: name), pid != getpid(), !isRunning(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Removes from the folder `relative` inside `folder` the temporary files of processes that are
    /// no longer running, opened through `folder` (no link followed out of it; only regular files are
    /// removed); returns their names.
    @discardableResult
    public static func remove(in folder: OwnedFolder, under relative: String) -> [String] {
        var removed: [String] = []
        for name in folder.names(in: relative) {
            guard let pid = owner(ofTemporary: name), pid != getpid(), !isRunning(pid) else { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            guard folder.kind(of: path)?.isRegular == true else { continue }
            if folder.remove(path) { removed.append(name) }
        }
        return removed
    }

    /// Whether a process with id `pid` exists (one owned by another user counts).
    static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
