import CSDL2
import Raster
import Views

/// What one SDL event means to the host.
enum HostEvent: Equatable {
    /// Input for the app.
    case input(InputEvent)
    /// The window's drawable size changed (device pixels).
    case resized(width: Int, height: Int)
    /// The window must be presented again in full (exposed, restored).
    case exposed
    /// The user asked to quit (window close, Ctrl-Q, SIGINT).
    case quit
    /// A file was dropped on the window.
    case dropped(path: String)
    /// Nothing the host uses.
    case ignored
}

/// Translates SDL events into the project's own vocabulary. Window coordinates are device pixels;
/// `scale` converts them to points.
///
/// Touch: the first finger down drives the pointer (down, moves, up) like the primary button, so a
/// tap and a drag that scrolls follow the same slop rules as the mouse; other fingers are ignored
/// until it lifts. The mouse events SDL makes up from touches (`which` is `SDL_TOUCH_MOUSEID`) are
/// ignored, so nothing happens twice.
struct EventTranslator {
    var scale: Double
    /// The screen in points, what a finger's position (0...1 across the window) is scaled to.
    var screenSize = Size(0, 0)
    /// The last pointer position in points (wheel events carry none of their own).
    var pointer = Point.zero
    /// Points scrolled per wheel notch.
    var pointsPerNotch = 40.0
    /// Which finger drives the pointer.
    var touches = TouchTracker()
    /// The `which` of mouse events SDL synthesizes from touches (`SDL_TOUCH_MOUSEID`, `(Uint32)-1`).
    static let touchMouseID = UInt32.max

    mutating func translate(_ e: SDL_Event) -> HostEvent {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            return finger(e.tfinger)
        case SDL_MOUSEMOTION:
            guard e.motion.which != Self.touchMouseID else { return .ignored }
            pointer = point(e.motion.x, e.motion.y)
            return .input(.pointerMove(pointer))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard e.button.which != Self.touchMouseID else { return .ignored }
            pointer = point(e.button.x, e.button.y)
            let button: PointerButton
            switch Int32(e.button.button) {
            case SDL_BUTTON_LEFT: button = .primary
            case SDL_BUTTON_RIGHT: button = .secondary
            default: button = .middle
            }
            return .input(e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(pointer, button: button, modifiers: EventTranslator.heldModifiers())
                                                                 : .pointerUp(pointer, button: button))
        case SDL_MOUSEWHEEL:
            guard e.wheel.which != Self.touchMouseID else { return .ignored }
            // SDL: positive y scrolls away from the user (towards the top of the content).
            var dy = Double(e.wheel.preciseY)
            if dy == 0 { dy = Double(e.wheel.y) }
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
            return dy == 0 ? .ignored : .input(.wheel(dy: -dy * pointsPerNotch, at: pointer, modifiers: EventTranslator.heldModifiers()))
        case SDL_KEYDOWN:
            let sym = e.key.keysym.sym
            let mods = EventTranslator.modifiers(UInt32(e.key.keysym.mod))
            if mods.contains(.control) && sym == Int32(SDLK_q.rawValue) { return .quit }
            let named: [Int32: Key] = [
                Int32(SDLK_ESCAPE.rawValue): .escape, Int32(SDLK_RETURN.rawValue): .enter, Int32(SDLK_KP_ENTER.rawValue): .enter,
                Int32(SDLK_LEFT.rawValue): .left, Int32(SDLK_RIGHT.rawValue): .right, Int32(SDLK_UP.rawValue): .up,
                Int32(SDLK_DOWN.rawValue): .down, Int32(SDLK_TAB.rawValue): .tab, Int32(SDLK_SPACE.rawValue): .space,
                Int32(SDLK_BACKSPACE.rawValue): .backspace, Int32(SDLK_DELETE.rawValue): .delete,
                Int32(SDLK_HOME.rawValue): .home, Int32(SDLK_END.rawValue): .end,
            ]
            if let key = named[sym] { return .input(.key(key, modifiers: mods)) }
            // A printable key is a shortcut only with Control, Alt or Command; as typing it comes as
            // SDL_TEXTINPUT.
            guard !mods.intersection([.control, .alt, .command]).isEmpty, sym > 32, sym < 127,
                  let scalar = Unicode.Scalar(UInt32(sym)) else { return .ignored }
            return .input(.key(.character(String(Character(scalar)).lowercased()), modifiers: mods))
        case SDL_DROPFILE:
            guard let file = e.drop.file else { return .ignored }
            defer { SDL_free(file) }
            return .dropped(path: String(cString: file))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return text.isEmpty ? .ignored : .input(.text(text))
        case SDL_TEXTEDITING:
            let text = withUnsafeBytes(of: e.edit.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .input(.composition(text, cursor: max(0, Int(e.edit.start))))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                return .resized(width: Int(e.window.data1), height: Int(e.window.data2))
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN:
                return .exposed
            case SDL_WINDOWEVENT_CLOSE:
                return .quit
            default:
                return .ignored
            }
        default:
            return .ignored
        }
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { Point(Double(x) / scale, Double(y) / scale) }

    /// The first finger as the pointer; the others ignored.
    private mutating func finger(_ f: SDL_TouchFingerEvent) -> HostEvent {
        let p = Point(Double(min(max(f.x, 0), 1)) * screenSize.width, Double(min(max(f.y, 0), 1)) * screenSize.height)
        let input: InputEvent?
        switch SDL_EventType(f.type) {
        case SDL_FINGERDOWN: input = touches.down(f.fingerId, at: p)
        case SDL_FINGERMOTION: input = touches.move(f.fingerId, to: p)
        default: input = touches.up(f.fingerId, at: p)
        }
        guard let input else { return .ignored }
        pointer = p
        return .input(input)
    }

    /// The modifiers in SDL's `KMOD_` bits.
    static func modifiers(_ bits: UInt32) -> Modifiers {
        var held: Modifiers = []
        if bits & UInt32(KMOD_SHIFT.rawValue) != 0 { held.insert(.shift) }
        if bits & UInt32(KMOD_CTRL.rawValue) != 0 { held.insert(.control) }
        if bits & UInt32(KMOD_ALT.rawValue) != 0 { held.insert(.alt) }
        if bits & UInt32(KMOD_GUI.rawValue) != 0 { held.insert(.command) }
        return held
    }

    /// The modifiers held now (mouse events carry none of their own).
    static func heldModifiers() -> Modifiers { modifiers(UInt32(SDL_GetModState().rawValue)) }
}
