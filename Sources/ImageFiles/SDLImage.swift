import CSDL2Image
import Raster

/// The formats SDL2_image decodes here (JPEG, BMP, WebP, QOI), each through its own loader
/// (`IMG_LoadJPG_RW`, …) on the
/// bytes the header check read, so SDL_image never guesses the format (its `IMG_Load` tries SVG
/// before WebP and trusts a `.tga` extension before any header).
enum SDLImage {
    /// Turns on every codec once, so concurrent loads never race on SDL_image's lazy set-up.
    static func initializeCodecs() { _ = codecs }
    private static let codecs: Int32 = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_WEBP.rawValue))

    /// Decodes `bytes` with the loader of `format` into `pixmap` (of the size the header gives),
    /// premultiplied; refused when the decoded size is not the header's.
    static func decode(_ bytes: [UInt8], format: ImageFormat, into pixmap: Pixmap) throws(ImageHeader.Failure) {
        initializeCodecs()
        SDL_ClearError()
        let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let stream = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { SDL_RWclose(stream) }
            switch format {
            case .jpeg: return IMG_LoadJPG_RW(stream)
            case .bmp: return IMG_LoadBMP_RW(stream)
            case .webp: return IMG_LoadWEBP_RW(stream)
            case .qoi: return IMG_LoadQOI_RW(stream)
            case .png, .gif: return nil
            }
        }
        guard let loaded else { throw ImageHeader.Failure(reason: "a damaged \(format.rawValue) (\(lastError()))") }
        defer { SDL_FreeSurface(loaded) }
        guard Int(loaded.pointee.w) == pixmap.width, Int(loaded.pointee.h) == pixmap.height else {
            throw ImageHeader.Failure(reason: "a damaged \(format.rawValue) (decoded as \(loaded.pointee.w)x\(loaded.pointee.h), though its header says \(pixmap.width)x\(pixmap.height))")
        }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw ImageHeader.Failure(reason: "cannot convert to ARGB8888 (\(lastError()))")
        }
        defer { SDL_FreeSurface(surface) }
        let width = pixmap.width, height = pixmap.height
        guard SDL_LockSurface(surface) == 0, let base = surface.pointee.pixels else {
            throw ImageHeader.Failure(reason: "cannot read the decoded pixels (\(lastError()))")
        }
        defer { SDL_UnlockSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<height {
            let source = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            Premultiplication.premultiply(UnsafeBufferPointer(start: source, count: width),
                                          into: UnsafeMutableBufferPointer(start: pixmap.row(y), count: width))
        }
    }

    /// The calling thread's last SDL error without a closing period, or a placeholder when SDL left none.
    static func lastError() -> String {
        guard let message = SDL_GetError() else { return "unknown error" }
        var text = String(cString: message)
        if text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "unknown error" : text
    }
}
