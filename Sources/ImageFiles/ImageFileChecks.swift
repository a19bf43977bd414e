import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What must hold of a path before an image is written to it.
enum ImageFileChecks {
    /// Refuses a path without a file name, in a folder that is missing or not writable, or naming a
    /// folder or anything but a regular file (the new file replaces what is there).
    static func checkWritable(_ path: String) throws(ImageFileError) {
        func refuse(_ why: String) -> ImageFileError { ImageFileError(path: path, reason: "cannot write (\(why))") }
        let (folder, name) = AtomicFile.split(path)
        guard !name.isEmpty else { throw refuse("no file name") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw refuse("folder \(folder) does not exist")
        }
        guard isFolder.boolValue else { throw refuse("\(folder) is not a folder") }
        guard access(folder, W_OK) == 0 else { throw refuse("folder \(folder) is not writable") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw refuse("it is a folder")
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw refuse("it is not a regular file") }
    }
}
