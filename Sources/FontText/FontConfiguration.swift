import CFontconfig

/// fontconfig's configuration, loaded: its configuration files read and its font caches mapped,
/// which takes fontconfig ~7 ms. Engines made from one configuration share it, and it loads on any
/// thread, so a run that forks its workers can load it while it reads its tours and hand it to
/// each of them with the rest of its memory. It is not changed once loaded, so it can be read
/// from any thread (hence `@unchecked Sendable`: fontconfig's loaded configuration is only read).
public final class FontConfiguration: @unchecked Sendable {
    let config: OpaquePointer

    /// Loads the system's configuration, as fontconfig's own tools do. Throws
    /// `FontError.libraryUnavailable` when fontconfig cannot load any.
    public init() throws(FontError) {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError.libraryUnavailable(name: "fontconfig", reason: "no configuration could be loaded")
        }
        self.config = config
    }

    deinit { FcConfigDestroy(config) }
}
