import Demo
import Raster
import Views

/// One random thing a person (or the app's own timers and menus) does to the sample app.
public enum SoakEvent: CustomStringConvertible, Sendable {
    /// A pointer down and up at one point.
    case tap(Point)
    /// A pointer down at `from`, moves through `through`, and up at the last point.
    case drag(from: Point, through: [Point])
    /// A lone pointer event, so unmatched downs, moves and ups happen too.
    case down(Point, PointerButton), move(Point), up(Point, PointerButton)
    /// A scroll wheel turn at a point.
    case wheel(dy: Double, at: Point)
    /// A key press.
    case key(Key)
    /// The window changed size (points).
    case resize(Size)
    /// The screen moved to another scale (device pixels per point), keeping its size.
    case rescale(Double)
    /// Virtual time passes in 60 Hz steps, timers and animations running at each.
    case wait(milliseconds: Double)
    /// A tour starts (the soak's tour number `tour`) on step `step`, or a running one jumps there.
    case tourStart(tour: Int, step: Int)
    /// A running tour moves on, back, is skipped or finished.
    case tourNext, tourBack, tourSkip, tourFinish
    /// A Menu entry opens its overlay.
    case open(MenuAction)
    /// The FAB tip shows now.
    case showFABTip(animated: Bool)
    /// The FAB tip is scheduled.
    case scheduleFABTip(milliseconds: Double)
    /// The top overlay is dismissed.
    case dismissTop(animated: Bool)
    /// Every overlay is dismissed.
    case dismissAll(animated: Bool)
    /// The app switches language.
    case language(Language)

    /// The kind, for counting.
    public var kind: String {
        switch self {
        case .tap: return "tap"
        case .drag: return "drag"
        case .down, .move, .up: return "pointer"
        case .wheel: return "wheel"
        case .key: return "key"
        case .resize: return "resize"
        case .rescale: return "rescale"
        case .wait: return "wait"
        case .tourStart, .tourNext, .tourBack, .tourSkip, .tourFinish: return "tour"
        case .open, .showFABTip, .scheduleFABTip: return "present"
        case .dismissTop, .dismissAll: return "dismiss"
        case .language: return "language"
        }
    }

    /// The event as a trace line shows it.
    public var description: String {
        switch self {
        case .tap(let p): return "tap \(p)"
        case let .drag(from, through): return "drag \(from) -> " + through.map(\.description).joined(separator: " -> ")
        case let .down(p, b): return "down \(p) \(b)"
        case .move(let p): return "move \(p)"
        case let .up(p, b): return "up \(p) \(b)"
        case let .wheel(dy, p): return "wheel \(dy.compact) at \(p)"
        case .key(let k): return "key \(k)"
        case .resize(let s): return "resize \(s)"
        case .rescale(let s): return "rescale \(s.compact)"
        case .wait(let ms): return "wait \(ms.compact) ms"
        case let .tourStart(t, s): return "tour \(t) start at step \(s + 1)"
        case .tourNext: return "tour next"
        case .tourBack: return "tour back"
        case .tourSkip: return "tour skip"
        case .tourFinish: return "tour finish"
        case .open(let a): return "open \(a.rawValue)"
        case .showFABTip(let animated): return "show FAB tip\(animated ? "" : " (not animated)")"
        case .scheduleFABTip(let ms): return "schedule FAB tip in \(ms.compact) ms"
        case .dismissTop(let animated): return "dismiss top\(animated ? "" : " (not animated)")"
        case .dismissAll(let animated): return "dismiss all\(animated ? "" : " (not animated)")"
        case .language(let l): return "language \(l)"
        }
    }
}
