import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What must hold of a path before an image is read from it or written to it.
enum ImageFileChecks {
    /// Refuses a missing file, a folder, a pipe or a device (a tour names its background, so this is
    /// input too: a pipe would block the reader forever and a device would never end), and a file
    /// that cannot be read.
    static func checkReadable(_ path: String) throws(ImageFileError) {
        var isFolder: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ImageFileError(path: path, reason: "no such file")
        }
        guard !isFolder.boolValue else { throw ImageFileError(path: path, reason: "is a folder, not an image file") }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ImageFileError(path: path, reason: "not a regular file (a pipe or a device cannot be an image)")
        }
        guard access(path, R_OK) == 0 else { throw ImageFileError(path: path, reason: "not readable (permission denied)") }
    }

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
