import Raster
import Schema
import Tours
import Views

/// A part of an app's own screen that tours may point at, as the app publishes it: an id (what tour
/// files name), a rectangle in screen points, and what a screen reader calls it (a role and a name).
public struct PublishedTarget: Hashable, Sendable {
    /// The id tours name it by (`save`, `toolbar.brush`).
    public var id: String
    /// Where it is, in screen points.
    public var rect: Rect
    /// What it is to assistive technology, if the app says.
    public var role: SemanticRole?
    /// What a screen reader reads for it, if the app says.
    public var name: String?

    /// A target with `id` at `rect`.
    public init(id: String, rect: Rect, role: SemanticRole? = nil, name: String? = nil) {
        self.id = id; self.rect = rect; self.role = role; self.name = name
    }

    /// The most targets one screen may publish.
    public static let maxCount = 4096
    /// The longest id, in bytes of UTF-8.
    public static let maxIDLength = 256
    /// The longest name, in bytes of UTF-8.
    public static let maxNameLength = 4096
    /// The farthest a rectangle's edge may lie from the origin, either way (points).
    public static let maxCoordinate = 1_000_000.0

    /// What is wrong with the target (an empty id, a rectangle that is not finite or too far out),
    /// or nil.
    public var problem: String? {
        if id.isEmpty { return "a target's id is empty" }
        if id.utf8.count > Self.maxIDLength { return "the id is longer than \(Self.maxIDLength) bytes" }
        if id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the id \(quoted(id)) has a control character"
        }
        if let name, name.utf8.count > Self.maxNameLength { return "the name of \(quoted(id)) is longer than \(Self.maxNameLength) bytes" }
        let numbers = [rect.x, rect.y, rect.width, rect.height]
        guard numbers.allSatisfy({ $0.isFinite && abs($0) <= Self.maxCoordinate }) else {
            return "the rectangle of \(quoted(id)) must be finite numbers within ±\(Int(Self.maxCoordinate)) points"
        }
        guard rect.width >= 0, rect.height >= 0 else { return "the rectangle of \(quoted(id)) has a negative width or height" }
        return nil
    }

    /// The role called `name` (`button`, `textField`, …), or nil with the roles there are.
    public static func role(named name: String) -> Result<SemanticRole, RoleError> {
        if let role = SemanticRole(rawValue: name) { return .success(role) }
        let known = SemanticRole.allCases.map(\.rawValue)
        return .failure(RoleError(message: "no role \(quoted(name)) (known: \(known.joined(separator: ", ")))"))
    }

    /// A role name that is not one of `SemanticRole`'s.
    public struct RoleError: Error, Hashable, Sendable {
        /// What was expected and found.
        public var message: String
    }
}

/// The screen of an app that draws itself: transparent, the size of the screen, holding a view per
/// published target at its rectangle (so overlays find targets by id, as in any app), and catching
/// every input the layers above pass on, which it reports as the app's.
@MainActor
public final class PublishedTargetsView: View {
    /// Called when input reached the app's side (outside every overlay, or through a hole).
    public var onInput: (@MainActor () -> Void)?
    private var placed: [String: TargetView] = [:]

    /// An empty screen.
    public override init() { super.init() }

    /// The targets, in the order they were first published.
    public var targets: [PublishedTarget] { children.compactMap { ($0 as? TargetView)?.target } }

    /// Publishes `target`: a new id is added on top, a known one moves (and is renamed) in place.
    public func publish(_ target: PublishedTarget) {
        if let view = placed[target.id] {
            guard view.target != target else { return }
            view.target = target
            setNeedsLayout()
            return
        }
        let view = TargetView(target)
        placed[target.id] = view
        addChild(view)
        setNeedsLayout()
    }

    /// Takes every target away.
    public func removeAll() {
        for view in placed.values { view.removeFromParent() }
        placed.removeAll()
        setNeedsLayout()
    }

    /// Fills whatever it is offered (the screen).
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        func finite(_ v: Double?) -> Double { v.map { $0.isFinite ? $0 : 0 } ?? 0 }
        return Size(finite(p.width), finite(p.height))
    }

    /// Each target at its own rectangle.
    public override func placeSubviews(in bounds: Rect) {
        for case let view as TargetView in children { view.place(in: view.target.rect) }
    }

    /// A press that reached the app.
    public override func pointerDown(at point: Point) -> Bool { onInput?(); return true }
    /// A move that reached the app.
    public override func pointerMoved(to point: Point) { onInput?() }
    /// A release that reached the app.
    public override func pointerUp(at point: Point, isTap: Bool) { onInput?() }
    /// A hover that reached the app.
    public override func pointerHovered(at point: Point) -> Bool { onInput?(); return true }
    /// A wheel that reached the app.
    public override func scrollWheel(dy: Double, at point: Point) -> Bool { onInput?(); return true }
}

/// One published target: draws nothing, has the target's id, and tells a screen reader its role
/// and name.
@MainActor
final class TargetView: View {
    var target: PublishedTarget {
        didSet {
            id = target.id
            accessibilityRole = target.role
            accessibilityLabel = target.name
        }
    }

    init(_ target: PublishedTarget) {
        self.target = target
        super.init()
        id = target.id
        accessibilityRole = target.role
        accessibilityLabel = target.name
    }
}
