import CSDL2Image
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Pixmap {
    /// Loads any image SDL2_image reads (PNG, JPEG, BMP, ...), premultiplying its alpha.
    ///
    /// Throws `RasterError.imageFile` naming the file: when it is missing, unreadable, not an image, or
    /// larger than `Pixmap.validate` allows. Images without alpha load as opaque.
    public convenience init(contentsOfFile path: String) throws(RasterError) {
        try ImageFile.checkReadable(path)
        ImageFile.initializeCodecs()
        SDL_ClearError()
        guard let loaded = IMG_Load(path) else {
            throw .imageFile(path: path, reason: "not an image SDL2_image can read (\(ImageFile.sdlError()))")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw .imageFile(path: path, reason: "cannot convert to ARGB8888 (\(ImageFile.sdlError()))")
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        do {
            try Pixmap.validate(width: width, height: height)
        } catch {
            throw .imageFile(path: path, reason: error.description)
        }
        try self.init(width: width, height: height)
        guard SDL_LockSurface(surface) == 0, let base = surface.pointee.pixels else {
            throw .imageFile(path: path, reason: "cannot read the decoded pixels (\(ImageFile.sdlError()))")
        }
        defer { SDL_UnlockSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<height {
            let source = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            ImageFile.premultiply(UnsafeBufferPointer(start: source, count: width),
                                  into: UnsafeMutableBufferPointer(start: row(y), count: width))
        }
    }

    /// Writes the pixmap as a PNG with straight alpha.
    ///
    /// The image goes to a temporary file in the same folder, which then replaces `path` in one step, so a
    /// failed save never leaves a half-written file behind. Every premultiplied value that
    /// `Color.premultiplied` produces reads back unchanged through `init(contentsOfFile:)`.
    public func writePNG(to path: String) throws(RasterError) {
        let (folder, name) = ImageFile.split(path)
        try ImageFile.checkWritable(path, folder: folder, name: name)
        ImageFile.initializeCodecs()
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw .imageFile(path: path, reason: "cannot write (\(ImageFile.sdlError()))")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_LockSurface(surface) == 0, let base = surface.pointee.pixels else {
            throw .imageFile(path: path, reason: "cannot write (\(ImageFile.sdlError()))")
        }
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<height {
            let target = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            ImageFile.unpremultiply(UnsafeBufferPointer(start: row(y), count: width),
                                    into: UnsafeMutableBufferPointer(start: target, count: width))
        }
        SDL_UnlockSurface(surface)

        let temporary = folder + "/.limelight-" + UUID().uuidString + ".tmp" // short: any name length fits
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw .imageFile(path: path, reason: "cannot write (cannot create a file in \(folder): \(reason))")
        }
        close(fd)
        SDL_ClearError()
        guard IMG_SavePNG(surface, temporary) == 0 else {
            let reason = ImageFile.sdlError()
            unlink(temporary)
            throw .imageFile(path: path, reason: "cannot write (\(reason))")
        }
        ImageFile.flush(temporary)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .imageFile(path: path, reason: "cannot write (\(reason))")
        }
    }
}

/// The file-system checks and pixel conversions behind PNG load and save.
enum ImageFile {
    /// Turns on every codec once, so concurrent loads never race on SDL_image's lazy set-up.
    static func initializeCodecs() { _ = codecs }
    private static let codecs: Int32 = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue
        | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue))

    /// The calling thread's last SDL error without a closing period, or a placeholder when SDL left none.
    static func sdlError() -> String {
        guard let message = SDL_GetError() else { return "unknown error" }
        var text = String(cString: message)
        if text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "unknown error" : text
    }

    static func checkReadable(_ path: String) throws(RasterError) {
        var isFolder: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .imageFile(path: path, reason: "no such file")
        }
        guard !isFolder.boolValue else { throw .imageFile(path: path, reason: "is a folder, not an image file") }
        // A pipe would block the reader forever and a device would never end (a tour names its
        // background, so this is input too).
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .imageFile(path: path, reason: "not a regular file (a pipe or a device cannot be an image)")
        }
        guard access(path, R_OK) == 0 else { throw .imageFile(path: path, reason: "not readable (permission denied)") }
    }

    /// The folder that holds `path` ("." for a bare name) and the last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    static func checkWritable(_ path: String, folder: String, name: String) throws(RasterError) {
        guard !name.isEmpty else { throw .imageFile(path: path, reason: "cannot write (no file name)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw .imageFile(path: path, reason: "cannot write (folder \(folder) does not exist)")
        }
        guard isFolder.boolValue else {
            throw .imageFile(path: path, reason: "cannot write (\(folder) is not a folder)")
        }
        guard access(folder, W_OK) == 0 else {
            throw .imageFile(path: path, reason: "cannot write (folder \(folder) is not writable)")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .imageFile(path: path, reason: "cannot write (it is a folder)")
        }
    }

    /// Pushes the written bytes to disk before the rename makes them visible under the real name.
    static func flush(_ path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Straight ARGB8888 to premultiplied, rounding to nearest (the same math as `Color.premultiplied`).
    static func premultiply(_ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<min(source.count, target.count) {
            let p = source[i]
            let a = p >> 24
            let r = ((p >> 16 & 0xFF) * a + 127) / 255
            let g = ((p >> 8 & 0xFF) * a + 127) / 255
            let b = ((p & 0xFF) * a + 127) / 255
            target[i] = a << 24 | r << 16 | g << 8 | b
        }
    }

    /// Premultiplied ARGB8888 to straight, rounding to nearest, so premultiplying again restores the input.
    ///
    /// Exact because |s·a/255 − p| ≤ a/510 < 1/2 for the rounded s = round(p·255/a) when a < 255, and
    /// a = 255 is the identity. Fully transparent pixels become 0; channels above alpha clamp to 255.
    static func unpremultiply(_ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<min(source.count, target.count) {
            let p = source[i]
            let a = p >> 24
            guard a != 0 else { target[i] = 0; continue }
            func straight(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
            target[i] = a << 24 | straight(p >> 16 & 0xFF) << 16 | straight(p >> 8 & 0xFF) << 8 | straight(p & 0xFF)
        }
    }
}
