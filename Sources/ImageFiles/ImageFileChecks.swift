import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What must hold of a path before an image is written to it.
enum ImageFileChecks {
    /// Refuses a path without a file name, in a folder that is missing or not writable, or naming
    /// what `AtomicFile` refuses (a folder, a socket, a block device); a device such as /dev/null,
    /// a pipe or a descriptor of this process is written in place, and a regular file replaced.
    static func checkWritable(_ path: String) throws(ImageFileError) {
        func refuse(_ why: String) -> ImageFileError { ImageFileError(path: path, reason: "cannot write (\(why))") }
        let (folder, name) = AtomicFile.split(path)
        guard !name.isEmpty else { throw refuse(path.isEmpty ? "an empty path" : "no file name") }
        do {
            guard try AtomicFile.destination(of: path) == .replaced else { return }
        } catch {
            throw refuse(error.reason)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw refuse("folder \(folder) does not exist")
        }
        guard isFolder.boolValue else { throw refuse("\(folder) is not a folder") }
        guard access(folder, W_OK) == 0 else { throw refuse("folder \(folder) is not writable") }
    }
}
