import Foundation

extension AtomicFile {
    /// The nearest existing ancestor of `path` (or `path` itself) when it is not a folder: what stops
    /// a folder from being made there; nil when nothing does.
    public static func fileInTheWay(of path: String) -> String? {
        var current = path
        while !current.isEmpty && current != "/" && current != "." {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: current, isDirectory: &isDir) { return isDir.boolValue ? nil : current }
            current = AtomicFile.split(current).folder
        }
        return nil
    }
}
