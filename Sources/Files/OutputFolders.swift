import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folders a command's outputs go into, made ready before any work: a folder the user named
/// (`--report DIR`) or the folder of a file they named (`--junit out/junit.xml`) is made with its
/// missing parents, and must then be a folder this process may write into. What stops it is said
/// in plain words (`out is a file, not a folder`, `cannot make the folder out/a (permission
/// denied)`, `folder out is not writable (the file system is read-only)`), never as a
/// Foundation error's dump, so a run that could not save its outputs is refused before it starts.
///
/// These are the user's own paths: a link to a folder is followed, as the shell follows it.
/// Folders that others may change (results, goldens) are written through `OwnedFolder`.
public enum OutputFolders {
    /// Makes `path` a folder to write into: made (with its missing parents, mode 0777 less the
    /// umask) when it does not exist, then checked. Why it cannot be, or nil.
    public static func prepare(_ path: String) -> String? {
        let path = path.isEmpty ? "." : path
        if let problem = problemWithExisting(path) { return problem }
        if exists(path) { return nil }
        // The missing folders, outermost first, below the nearest one that exists.
        var missing: [String] = []
        var current = path
        while !exists(current) {
            missing.insert(current, at: 0)
            let parent = AtomicFile.split(current).folder
            if parent == current { break }
            current = parent
        }
        if let problem = problemWithExisting(current) { return problem }
        for folder in missing where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            return "cannot make the folder \(folder) (\(SystemErrors.describe(errno)))"
        }
        // A link to nothing in the way was not made into a folder.
        guard exists(path) else { return "cannot make the folder \(path) (a link to nothing is in the way)" }
        return problemWithExisting(path)
    }

    /// Why `path` could not become a folder to write into, without making anything, or nil: it
    /// is a folder this process may write into, or nothing yet beneath one (it is made when
    /// first written, as a test run's results folder is).
    public static func problemMaking(_ path: String) -> String? {
        var current = path.isEmpty ? "." : path
        while !exists(current) {
            let parent = AtomicFile.split(current).folder
            if parent == current { return nil }
            current = parent
        }
        return problemWithExisting(current)
    }

    /// Why the existing `path` is no folder to write into, or nil; nil too when nothing is there.
    static func problemWithExisting(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            if errno == ENOTDIR, let file = AtomicFile.fileInTheWay(of: path) { return "\(file) is a file, not a folder" }
            return "\(path): \(SystemErrors.describe(errno))"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            let kind = FileKind(mode: info.st_mode, size: 0)
            return "\(path) is \(kind.isRegular ? "a file" : kind.description), not a folder"
        }
        // Asked as this process's own user (root included: a read-only file system still says no).
        guard faccessat(AT_FDCWD, path, W_OK | X_OK, AT_EACCESS) == 0 else {
            return "folder \(path) is not writable (\(SystemErrors.describe(errno)))"
        }
        return nil
    }

    /// Whether something is at `path` (a link is followed; a dangling one is nothing).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
