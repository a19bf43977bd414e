import CSDL2Image
import Raster

extension Pixmap {
    /// Loads any image SDL2_image reads (PNG, JPEG, BMP, ...), premultiplying its alpha.
    ///
    /// Throws `ImageFileError` naming the file: when it is missing, unreadable, not a PNG, JPEG, GIF,
    /// BMP, WebP or QOI image, or when its header claims more than 16384 pixels a side or 64
    /// megapixels (checked before anything is decoded). Images without alpha load as opaque.
    public convenience init(contentsOfFile path: String) throws(ImageFileError) {
        try ImageFileChecks.checkReadable(path)
        try ImageHeader.check(file: path)
        // libpng prints its own errors on stderr before SDL_image sees them: damaged PNGs are caught
        // here first, so a bad file is one line of ours and nothing else.
        if let problem = PNGChunks.damage(ofFile: path) { throw ImageFileError(path: path, reason: problem) }
        SDLImage.initializeCodecs()
        SDL_ClearError()
        guard let loaded = IMG_Load(path) else {
            throw ImageFileError(path: path, reason: "not an image SDL2_image can read (\(SDLImage.lastError()))")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw ImageFileError(path: path, reason: "cannot convert to ARGB8888 (\(SDLImage.lastError()))")
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        do {
            try Pixmap.validate(width: width, height: height)
        } catch {
            throw ImageFileError(path: path, reason: error.description)
        }
        do { try self.init(width: width, height: height) } catch { throw ImageFileError(path: path, reason: error.description) }
        guard SDL_LockSurface(surface) == 0, let base = surface.pointee.pixels else {
            throw ImageFileError(path: path, reason: "cannot read the decoded pixels (\(SDLImage.lastError()))")
        }
        defer { SDL_UnlockSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<height {
            let source = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            Premultiplication.premultiply(UnsafeBufferPointer(start: source, count: width),
                                          into: UnsafeMutableBufferPointer(start: row(y), count: width))
        }
    }
}
