import CSDL2Image

/// The parts of SDL2_image (and SDL's error reporting) the image files use.
enum SDLImage {
    /// Turns on every codec once, so concurrent loads never race on SDL_image's lazy set-up.
    static func initializeCodecs() { _ = codecs }
    private static let codecs: Int32 = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue
        | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue))

    /// The calling thread's last SDL error without a closing period, or a placeholder when SDL left none.
    static func lastError() -> String {
        guard let message = SDL_GetError() else { return "unknown error" }
        var text = String(cString: message)
        if text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "unknown error" : text
    }
}
