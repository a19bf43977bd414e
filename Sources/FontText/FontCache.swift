import CSDL2TTF

/// Owns SDL_ttf for one engine: initialises the library, opens faces at pixel sizes and closes them.
///
/// Hazard: a pointer handed out by `font(for:pixelSize:)` stays valid only until `trimIfNeeded()`;
/// callers trim at the start of an operation, never while they hold a font.
@MainActor
final class FontCache {
    /// How many open faces the cache keeps before `trimIfNeeded()` closes them all.
    static let capacity = 48

    private struct Key: Hashable {
        var file: String
        var index: Int
        var pixelSize: Int
        var syntheticBold: Bool
    }

    private var fonts: [Key: OpaquePointer] = [:]
    private var failures: [Key: String] = [:]

    /// Starts SDL_ttf (reference-counted by the library, so engines may come and go).
    init() throws {
        guard TTF_Init() == 0 else {
            throw FontError.libraryUnavailable(name: "SDL_ttf", reason: String(cString: SDL_GetError()))
        }
    }

    isolated deinit {
        for font in fonts.values { TTF_CloseFont(font) }
        TTF_Quit()
    }

    /// `face` opened at `pixelSize` with light hinting (and synthetic bold when the face asks for it),
    /// or nil when SDL_ttf cannot open it; `openingError(for:pixelSize:)` then says why.
    func font(for face: FaceSource, pixelSize: Int) -> OpaquePointer? {
        let key = Key(file: face.file, index: face.index, pixelSize: pixelSize, syntheticBold: face.syntheticBold)
        if let font = fonts[key] { return font }
        if failures[key] != nil { return nil }
        guard let font = TTF_OpenFontIndex(face.file, Int32(pixelSize), face.index) else {
            failures[key] = String(cString: SDL_GetError())
            return nil
        }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        if face.syntheticBold { TTF_SetFontStyle(font, TTF_STYLE_BOLD) }
        fonts[key] = font
        return font
    }

    /// SDL_ttf's message for a face that failed to open.
    func openingError(for face: FaceSource, pixelSize: Int) -> String? {
        failures[Key(file: face.file, index: face.index, pixelSize: pixelSize, syntheticBold: face.syntheticBold)]
    }

    /// Closes every open face once more than `capacity` are open (sizes in a UI are few, so this is rare).
    func trimIfNeeded() {
        guard fonts.count > Self.capacity else { return }
        for font in fonts.values { TTF_CloseFont(font) }
        fonts.removeAll(keepingCapacity: true)
    }
}
