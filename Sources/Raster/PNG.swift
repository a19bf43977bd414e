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
        // libpng prints its own errors on stderr before SDL_image sees them: damaged PNGs are caught
        // here first, so a bad file is one line of ours and nothing else.
        if let problem = ImageFile.pngDamage(path) { throw .imageFile(path: path, reason: problem) }
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
    /// The image is encoded in memory, written to a temporary file in the same folder (every write,
    /// the fsync and the close checked, so a full disk is an error and not a cut-off file), which then
    /// replaces `path` in one step: a failed save never leaves a half-written file behind and keeps
    /// what was there before. Every premultiplied value that `Color.premultiplied` produces reads back
    /// unchanged through `init(contentsOfFile:)`. Refuses to replace anything but a regular file (a
    /// device such as /dev/null, a pipe).
    public func writePNG(to path: String) throws(RasterError) {
        let (folder, name) = ImageFile.split(path)
        try ImageFile.checkWritable(path, folder: folder, name: name)
        let data = try encodePNG(path: path)
        let temporary = folder + "/.limelight-" + UUID().uuidString + ".tmp" // short: any name length fits
        if let reason = ImageFile.writeSynced(data, to: temporary) {
            unlink(temporary)
            throw .imageFile(path: path, reason: "cannot write (\(reason))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .imageFile(path: path, reason: "cannot write (\(reason))")
        }
    }

    /// The PNG file's bytes. `path` only names the file in errors.
    func encodePNG(path: String) throws(RasterError) -> [UInt8] {
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
        let sink = ImageFile.MemorySink()
        guard let rw = sink.makeRWops() else {
            throw .imageFile(path: path, reason: "cannot write (\(ImageFile.sdlError()))")
        }
        SDL_ClearError()
        let status = withExtendedLifetime(sink) { IMG_SavePNG_RW(surface, rw, 1) }
        guard status == 0 else { throw .imageFile(path: path, reason: "cannot write (\(ImageFile.sdlError()))") }
        return sink.bytes
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

    /// What is wrong with the chunks of the PNG at `path` (cut off, a failed checksum, no IEND), or
    /// nil when they are sound or the file is not a PNG at all (other formats go to SDL_image as they are).
    static func pngDamage(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return pngDamage([UInt8](data))
    }

    /// `pngDamage(_:)` for the file's bytes.
    static func pngDamage(_ bytes: [UInt8]) -> String? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var offset = 8
        var first = true
        while true {
            guard offset + 12 <= bytes.count else {
                return "a cut-off PNG (\(bytes.count) bytes end before the image does)"
            }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, bytes[(offset + 4)..<(offset + 8)].allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
                return "a damaged PNG (no valid chunk at byte \(offset))"
            }
            if first && type != "IHDR" { return "a damaged PNG (it does not start with IHDR)" }
            first = false
            guard offset + 12 + length <= bytes.count else {
                return "a cut-off PNG (\(bytes.count) bytes end inside its \(type) chunk)"
            }
            let stored = UInt32(bytes[offset + 8 + length]) << 24 | UInt32(bytes[offset + 9 + length]) << 16
                | UInt32(bytes[offset + 10 + length]) << 8 | UInt32(bytes[offset + 11 + length])
            guard crc32(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else {
                return "a damaged PNG (its \(type) chunk at byte \(offset) fails its checksum)"
            }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, as in zlib).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        crcTable.withUnsafeBufferPointer { table in
            for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }

    /// Collects what SDL_image writes through an `SDL_RWops`, in memory.
    final class MemorySink {
        var bytes: [UInt8] = []

        /// An `SDL_RWops` appending to `bytes`; it frees itself when closed. The sink must outlive it.
        func makeRWops() -> UnsafeMutablePointer<SDL_RWops>? {
            guard let rw = SDL_AllocRW() else { return nil }
            rw.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
            rw.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
            rw.pointee.size = { _ in -1 }
            rw.pointee.seek = { _, _, _ in -1 }
            rw.pointee.read = { _, _, _, _ in 0 }
            rw.pointee.write = { context, data, size, count in
                guard let context, let raw = context.pointee.hidden.unknown.data1 else { return 0 }
                let sink = Unmanaged<MemorySink>.fromOpaque(raw).takeUnretainedValue()
                let (total, overflow) = size.multipliedReportingOverflow(by: count)
                guard !overflow else { return 0 }
                if total > 0, let data { sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: total)) }
                return count
            }
            rw.pointee.close = { context in
                if let context { SDL_FreeRW(context) }
                return 0
            }
            return rw
        }
    }

    /// Creates `path` (which must not exist) holding `data`, flushed to the disk. Returns why it
    /// failed (a full disk, an I/O error), or nil.
    static func writeSynced(_ data: [UInt8], to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return "cannot create a file in \(split(path).folder): \(String(cString: strerror(errno)))" }
        var failure = data.withUnsafeBytes { FileWriting.writeAllAndSync(fd, $0) }.map { String(cString: strerror($0.code)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
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
        // The new file replaces what is there: only ever a file (never a device or a pipe).
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw .imageFile(path: path, reason: "cannot write (it is not a regular file)")
        }
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
