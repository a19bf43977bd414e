import CSDL2
import Views

/// The system clipboard, through SDL (X11's CLIPBOARD selection, Wayland's data device).
@MainActor
public final class SystemClipboard: Clipboard {
    /// A handle on the system clipboard.
    public init() {}

    /// The clipboard's text, nil when it holds none.
    public var text: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(raw) }
            return String(cString: raw)
        }
        set { _ = SDL_SetClipboardText(newValue ?? "") }
    }
}
