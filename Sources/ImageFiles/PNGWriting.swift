import CSDL2Image
import Files
import Foundation
import Raster

extension Pixmap {
    /// Writes the pixmap as a PNG with straight alpha.
    ///
    /// The image is encoded in memory and saved with `AtomicFile` (a temporary file beside `path`,
    /// every write, the fsync and the close checked, then renamed over it): a full disk is an error
    /// and not a cut-off file, and a failed save keeps what was there before. Every premultiplied
    /// value that `Color.premultiplied` produces reads back unchanged through `init(contentsOfFile:)`.
    /// Refuses to replace anything but a regular file (a device such as /dev/null, a pipe).
    public func writePNG(to path: String) throws(ImageFileError) {
        try ImageFileChecks.checkWritable(path)
        let bytes = try encodePNG(path: path)
        do { try AtomicFile(mode: 0o666).write(Data(bytes), to: path) } catch {
            let reason = error.call == "open"
                ? "cannot create a file in \(AtomicFile.split(path).folder): \(error.reason)" : error.reason
            throw ImageFileError(path: path, reason: "cannot write (\(reason))")
        }
    }

    /// The PNG file's bytes. `path` only names the file in errors.
    func encodePNG(path: String) throws(ImageFileError) -> [UInt8] {
        func failure() -> ImageFileError { ImageFileError(path: path, reason: "cannot write (\(SDLImage.lastError()))") }
        SDLImage.initializeCodecs()
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue) else { throw failure() }
        defer { SDL_FreeSurface(surface) }
        guard SDL_LockSurface(surface) == 0, let base = surface.pointee.pixels else { throw failure() }
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<height {
            let target = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            Premultiplication.unpremultiply(UnsafeBufferPointer(start: row(y), count: width),
                                            into: UnsafeMutableBufferPointer(start: target, count: width))
        }
        SDL_UnlockSurface(surface)
        let sink = SDLImage.MemorySink()
        guard let rw = sink.makeRWops() else { throw failure() }
        SDL_ClearError()
        let status = withExtendedLifetime(sink) { IMG_SavePNG_RW(surface, rw, 1) }
        guard status == 0 else { throw failure() }
        return sink.bytes
    }
}
