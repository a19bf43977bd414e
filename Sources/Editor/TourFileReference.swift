import Files
import Foundation

/// How a tour file names the files it uses (its screenshots, its app), so that the tour travels
/// with them: zipped with its folder, or committed with its repository, it still finds them.
///
/// A path is written relative to the tour file's folder: one given relative to the current folder
/// is rebased there (`tours/home.json` with `shots/home.png` names `../shots/home.png`), one given
/// whole is made relative when it lies in the tour's folder tree (the tour's folder and what is
/// beneath it, or the repository the tour is in: the nearest folder above it holding `.git`), and
/// only one outside it stays absolute (`check --lint` warns of it). A relative name must lead to the
/// same file as the path did (a symbolic link on the way can send `..` elsewhere); one that does
/// not stays absolute.
public enum TourFileReference {
    /// `path` (absolute, or relative to `currentFolder`) as the tour file at `tourPath` names it.
    public static func name(of path: String, forTourAt tourPath: String,
                            currentFolder: String = FileManager.default.currentDirectoryPath) -> String {
        let file = absolute(path, in: currentFolder)
        let folder = tourFolder(of: tourPath, in: currentFolder)
        let relative = relativePath(from: folder, to: file)
        if path.hasPrefix("/") {
            let tree = folderTree(around: folder)
            guard file.count > tree.count, components(file).starts(with: components(tree)) else { return file }
        }
        guard leadsToTheSameFile(relative, from: folder, as: file) else { return file }
        return relative
    }

    /// Whether a tour names `name` by a path from the root (it then works on one machine alone).
    public static func isAbsolute(_ name: String) -> Bool { name.hasPrefix("/") }

    /// The folder of the tour file at `tourPath`, whole.
    static func tourFolder(of tourPath: String, in currentFolder: String) -> String {
        let folder = AtomicFile.split(tourPath).folder
        return absolute(folder.isEmpty ? "." : folder, in: currentFolder)
    }

    /// The folder tree a tour in `folder` keeps its files in: the repository around it (the
    /// nearest folder holding `.git`, a folder or a worktree's file), else `folder` itself.
    static func folderTree(around folder: String) -> String {
        var parts = components(folder)
        while !parts.isEmpty {
            let candidate = "/" + parts.joined(separator: "/")
            if FileManager.default.fileExists(atPath: candidate + "/.git") { return candidate }
            parts.removeLast()
        }
        return folder
    }

    /// `path` from the root, `.` and `..` taken away by their names (no link is followed).
    static func absolute(_ path: String, in currentFolder: String) -> String {
        let whole = path.hasPrefix("/") ? path : currentFolder + "/" + path
        var parts: [Substring] = []
        for part in whole.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The path from the folder `from` to `to`, both from the root: `..` for each folder left, then
    /// the rest of `to`.
    static func relativePath(from folder: String, to file: String) -> String {
        let a = components(folder), b = components(file)
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: a.count - common) + b[common...]).joined(separator: "/")
    }

    private static func components(_ path: String) -> [String] { path.split(separator: "/").map(String.init) }

    /// Whether `name` from `folder` is the file at `file` (the same device and inode); a file that
    /// cannot be looked at is taken by its name.
    private static func leadsToTheSameFile(_ name: String, from folder: String, as file: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(file, &a) == 0 else { return true }
        guard stat(folder + "/" + name, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
