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
    /// Nothing the host uses.
    case ignored
}

/// Translates SDL events into the project's own vocabulary. Window coordinates are device pixels;
/// `scale` converts them to points.
struct EventTranslator {
    var scale: Double
    /// The last pointer position in points (wheel events carry none of their own).
    var pointer = Point.zero
    /// Points scrolled per wheel notch.
    var pointsPerNotch = 40.0

    mutating func translate(_ e: SDL_Event) -> HostEvent {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_MOUSEMOTION:
            pointer = point(e.motion.x, e.motion.y)
            return .input(.pointerMove(pointer))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            pointer = point(e.button.x, e.button.y)
            let button: PointerButton
            switch Int32(e.button.button) {
            case SDL_BUTTON_LEFT: button = .primary
            case SDL_BUTTON_RIGHT: button = .secondary
            default: button = .middle
            }
            return .input(e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(pointer, button: button)
                                                                 : .pointerUp(pointer, button: button))
        case SDL_MOUSEWHEEL:
            // SDL: positive y scrolls away from the user (towards the top of the content).
            var dy = Double(e.wheel.preciseY)
            if dy == 0 { dy = Double(e.wheel.y) }
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
            return dy == 0 ? .ignored : .input(.wheel(dy: -dy * pointsPerNotch, at: pointer))
        case SDL_KEYDOWN:
            let sym = e.key.keysym.sym
            let ctrl = (UInt32(e.key.keysym.mod) & UInt32(KMOD_CTRL.rawValue)) != 0
            if ctrl && sym == Int32(SDLK_q.rawValue) { return .quit }
            switch sym {
            case Int32(SDLK_ESCAPE.rawValue): return .input(.key(.escape))
            case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): return .input(.key(.enter))
            case Int32(SDLK_LEFT.rawValue): return .input(.key(.left))
            case Int32(SDLK_RIGHT.rawValue): return .input(.key(.right))
            case Int32(SDLK_UP.rawValue): return .input(.key(.up))
            case Int32(SDLK_DOWN.rawValue): return .input(.key(.down))
            case Int32(SDLK_TAB.rawValue): return .input(.key(.tab))
            case Int32(SDLK_SPACE.rawValue): return .input(.key(.space))
            case Int32(SDLK_BACKSPACE.rawValue): return .input(.key(.backspace))
            default: return .ignored
            }
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
}
