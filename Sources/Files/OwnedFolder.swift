import COpenBeneath
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder a command owns, and the one way it reads, writes and removes what lies inside when the
/// names or the files came from someone else (goldens, a results folder, a blob's files, the tours
/// a translators' file names): every path is taken relative to the folder and opened beneath it
/// (openat2's `RESOLVE_BENEATH`), so no `..`, absolute path or symbolic link leads out of it, and a
/// file's own name is never followed when it is a link.
///
/// The folder itself is opened once, as named (a link to it is followed: the caller chose it); what
/// is opened later through it stays inside the folder that was opened, even if the name is swapped.
public final class OwnedFolder: Sendable {
    /// The folder as it was named.
    public let path: String
    /// Its descriptor, open for the life of this value.
    private let descriptor: Int32

    /// The folder at `path`, which must exist and be a folder; with `creating`, it is made first
    /// (with its missing parents) when it does not exist.
    public init(_ path: String, creating: Bool = false) throws(InputFile.Failure) {
        guard !path.isEmpty else { throw InputFile.Failure(reason: "an empty path (expected a folder)") }
        if creating, !FileManager.default.fileExists(atPath: path) {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw InputFile.Failure(reason: "cannot make the folder (" + (AtomicFile.fileInTheWay(of: path).map { "\($0) is a file, not a folder" }
                    ?? ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { SystemErrors.describe(Int32($0.code)) }
                    ?? "permission denied") + ")")
            }
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOTDIR { throw InputFile.Failure(reason: "not a folder") }
            throw InputFile.openFailure(errno)
        }
        self.path = path
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// The folder as a message names it ("the current folder" for ".").
    public var shownPath: String { path == "." || path == "./" ? "the current folder" : path }

    // MARK: - Names

    /// The path of `other` (absolute, or relative to the current folder as a user gives it) relative
    /// to this folder, when it lies inside it once `.` and `..` are taken as written ("" for the
    /// folder itself); nil when it does not. Links are not looked at here: opening through the
    /// folder refuses those that lead out.
    public func relativePath(of other: String) -> String? {
        let current = FileManager.default.currentDirectoryPath
        let base = Self.components(of: path, from: current)
        let target = Self.components(of: other, from: current)
        if target.starts(with: base) { return target.dropFirst(base.count).joined(separator: "/") }
        // The folder may also be reached through the real path of what it names.
        if let real = realpath(path, nil) {
            defer { free(real) }
            let resolved = Self.components(of: String(cString: real), from: "/")
            if target.starts(with: resolved) { return target.dropFirst(resolved.count).joined(separator: "/") }
        }
        return nil
    }

    /// The components of `path` made absolute from `folder`, with `.` dropped and `..` taking the one
    /// before it away (above the root it stays at the root).
    public static func components(of path: String, from folder: String) -> [String] {
        var out: [String] = []
        let whole = path.hasPrefix("/") ? path : folder + "/" + path
        for part in whole.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !out.isEmpty { out.removeLast() }
            default: out.append(String(part))
            }
        }
        return out
    }

    /// Whether `name` may be one component of a path inside the folder: not empty, not `.` or `..`,
    /// no slash and no NUL.
    public static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    /// `relative` split into plain names, or why it cannot be a path inside the folder.
    static func names(of relative: String) throws(InputFile.Failure) -> [String] {
        guard !relative.hasPrefix("/") else { throw InputFile.Failure(reason: "an absolute path where a path inside the folder was expected") }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.isEmpty else { throw InputFile.Failure(reason: "an empty path (expected a file inside the folder)") }
        for part in parts where !isPlainName(part) {
            throw InputFile.Failure(reason: part == ".." ? "leads out of the folder (..)" : "not a file name (\(part.debugDescription))")
        }
        return parts
    }

    // MARK: - Reading

    /// The bytes of the regular file at `relative`, at most `limit` of them, as `InputFile.read`
    /// reads them (never waiting on a pipe or a device), opened beneath the folder: a file that is
    /// a symbolic link, or a path a link leads out of the folder, is refused saying so.
    public func read(_ relative: String, limit: Int, kind: String = "a file") throws(InputFile.Failure) -> [UInt8] {
        let fd = try openBeneath(relative, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        defer { close(fd) }
        return try InputFile.read(descriptor: fd, limit: limit, kind: kind)
    }

    /// What is at `relative` (a link is a link, not what it points to), or nil when nothing is.
    public func kind(of relative: String) -> FileKind? {
        guard let (parent, name) = try? openParent(of: relative) else { return nil }
        defer { close(parent) }
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileKind(mode: info.st_mode, size: Int(info.st_size))
    }

    /// The names in the folder at `relative` ("" for this folder), sorted; none when it is missing,
    /// not a folder, or a link.
    public func names(in relative: String = "") -> [String] {
        let fd: Int32
        if relative.isEmpty || relative == "." {
            fd = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        } else {
            guard let opened = try? openBeneath(relative, flags: O_RDONLY | O_DIRECTORY) else { return [] }
            fd = opened
        }
        guard fd >= 0, let stream = fdopendir(fd) else { if fd >= 0 { close(fd) }; return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    // MARK: - Writing

    /// Replaces `relative` with `bytes` in one step (written beside, renamed over), making its
    /// missing folders, all beneath the folder; flushed to the disk unless `synced` is false. What
    /// was there is replaced, never followed (a link is replaced by the file); a folder there is an
    /// error.
    public func write(_ bytes: Data, to relative: String, synced: Bool = true, mode: mode_t = 0o644) throws(AtomicFileFailure) {
        let (parent, name) = try parentForWriting(relative)
        defer { close(parent) }
        let temporary = "." + String(name.prefix(40)) + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let shown = path + "/" + relative
        let fd = openat(parent, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw AtomicFileFailure(call: "open", path: shown) }
        var failure = bytes.withUnsafeBytes { AtomicFile.writeAllAndSync(fd, $0, sync: synced) }
            .map { AtomicFileFailure(call: $0.call, path: shown, code: $0.code) }
        if close(fd) != 0, failure == nil { failure = AtomicFileFailure(call: "close", path: shown) }
        if failure == nil, renameat(parent, temporary, parent, name) != 0 {
            failure = errno == EISDIR ? AtomicFileFailure(call: "rename", path: shown, reason: "a folder is in the way")
                : AtomicFileFailure(call: "rename", path: shown)
        }
        if let failure {
            unlinkat(parent, temporary, 0)
            throw failure
        }
        if synced { _ = fsync(parent) }
    }

    /// Makes the folder `relative` and its missing parents beneath the folder; an existing link or
    /// file in the way is an error, never followed.
    public func makeFolders(_ relative: String) throws(AtomicFileFailure) {
        let parts: [String]
        do { parts = try Self.names(of: relative) } catch { throw AtomicFileFailure(call: "mkdir", path: path + "/" + relative, reason: error.reason) }
        let fd = try makeFolders(parts, shown: relative)
        close(fd)
    }

    /// Removes the file (or link: never what it points to) at `relative`; whether something was
    /// removed. A folder is left alone.
    @discardableResult
    public func remove(_ relative: String) -> Bool {
        guard let (parent, name) = try? openParent(of: relative) else { return false }
        defer { close(parent) }
        return unlinkat(parent, name, 0) == 0
    }

    // MARK: - Opening beneath

    /// Opens `relative` beneath the folder with `flags` (plus close-on-exec and not following the
    /// last component); the descriptor, or why not.
    private func openBeneath(_ relative: String, flags: Int32) throws(InputFile.Failure) -> Int32 {
        let parts = try Self.names(of: relative)
        let joined = parts.joined(separator: "/")
        let all = flags | O_CLOEXEC | O_NOFOLLOW
        var fd = limelight_open_beneath(descriptor, joined, all, 0)
        if fd < 0 && errno == ENOSYS { fd = walk(parts, flags: all) }
        guard fd >= 0 else { throw failure(errno, relative: joined, parts: parts) }
        return fd
    }

    /// The open folder holding `relative`'s last component, and that name.
    private func openParent(of relative: String) throws(InputFile.Failure) -> (Int32, String) {
        var parts = try Self.names(of: relative)
        let name = parts.removeLast()
        let fd = parts.isEmpty ? openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            : try openBeneath(parts.joined(separator: "/"), flags: O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { throw InputFile.openFailure(errno) }
        return (fd, name)
    }

    /// The folder that will hold `relative` (made when missing) and the last name, for a write.
    private func parentForWriting(_ relative: String) throws(AtomicFileFailure) -> (Int32, String) {
        var parts: [String]
        do { parts = try Self.names(of: relative) } catch { throw AtomicFileFailure(call: "open", path: path + "/" + relative, reason: error.reason) }
        let name = parts.removeLast()
        return (try makeFolders(parts, shown: relative), name)
    }

    /// Makes each of `parts` as a folder inside the one before (an existing folder is kept; a link
    /// or a file is refused) and returns the last one open.
    private func makeFolders(_ parts: [String], shown: String) throws(AtomicFileFailure) -> Int32 {
        var fd = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFileFailure(call: "open", path: path) }
        for (i, part) in parts.enumerated() {
            if mkdirat(fd, part, 0o755) != 0 && errno != EEXIST {
                let failure = AtomicFileFailure(call: "mkdir", path: path + "/" + shown)
                close(fd)
                throw failure
            }
            let next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            let code = errno
            guard next >= 0 else {
                let inTheWay = path + "/" + parts[...i].joined(separator: "/")
                var info = stat()
                let isLink = fstatat(fd, part, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
                close(fd)
                let why = isLink ? "\(inTheWay) is a symbolic link (not followed: what is written stays inside \(shownPath))"
                    : code == ENOTDIR || code == ELOOP ? "\(inTheWay) is a file, not a folder" : SystemErrors.describe(code)
                throw AtomicFileFailure(call: "mkdir", path: path + "/" + shown, reason: why)
            }
            close(fd)
            fd = next
        }
        return fd
    }

    /// Opens `parts` one at a time, following no link at all: for kernels without openat2.
    private func walk(_ parts: [String], flags: Int32) -> Int32 {
        var fd = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for (i, part) in parts.enumerated() where fd >= 0 {
            let last = i == parts.count - 1
            let next = openat(fd, part, last ? flags : O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            let code = errno
            close(fd)
            // A link inside the path counts as one leading out: without openat2 it cannot be told.
            if next < 0 { errno = !last && (code == ELOOP || code == ENOTDIR) && isLink(parts[...i]) ? EXDEV : code }
            fd = next
        }
        return fd
    }

    /// Whether the last of `parts` is a symbolic link (the ones before it followed beneath).
    private func isLink(_ parts: ArraySlice<String>) -> Bool {
        kind(of: parts.joined(separator: "/"))?.isLink == true
    }

    /// The failure for an open of `relative` beneath the folder that failed with `code`.
    private func failure(_ code: Int32, relative: String, parts: [String]) -> InputFile.Failure {
        switch code {
        case ELOOP:
            if kind(of: relative)?.isLink == true {
                return InputFile.Failure(reason: "a symbolic link (not followed: a file here must be a regular file inside \(shownPath))")
            }
            return InputFile.Failure(reason: "a loop of symbolic links")
        case EXDEV:
            return InputFile.Failure(reason: "a symbolic link in its path leads out of \(shownPath) (not followed)")
        default:
            return InputFile.openFailure(code)
        }
    }
}

/// What a directory entry is, as `lstat` tells it.
public struct FileKind: Hashable, Sendable, CustomStringConvertible {
    /// The type bits of its mode (`S_IFREG`, `S_IFLNK`, …).
    public var type: mode_t
    /// Its size in bytes (a link's: the length of what it points to).
    public var size: Int

    /// The kind of a file of `mode` and `size`.
    public init(mode: mode_t, size: Int) { type = mode & S_IFMT; self.size = size }

    /// A regular file.
    public var isRegular: Bool { type == S_IFREG }
    /// A folder.
    public var isFolder: Bool { type == S_IFDIR }
    /// A symbolic link.
    public var isLink: Bool { type == S_IFLNK }

    /// "a regular file", "a symbolic link", "a pipe", "a device", "a socket", "a folder".
    public var description: String {
        switch type {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        default: return "a device"
        }
    }
}
