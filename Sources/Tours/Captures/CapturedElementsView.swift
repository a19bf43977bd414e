import Raster
import Views

/// The elements of a capture over its picture: transparent, the size of the screen, holding a
/// stand-in view per captured element (nested as the tree nests them, each with the element's id,
/// role, name, description and states) at the element's frame mapped onto the screen shown. So a
/// tour's anchors, `ViewRoot.view(withID:)`, holes, `check` and the semantics tree find a captured
/// app's elements as they find a live app's views.
///
/// Hazards: the stand-ins are places, not controls: a tap on one is found there (an editor picks
/// the element) and goes on to the picture; a control takes the keyboard's focus, and activating
/// it (Enter, a screen reader) is taken and does nothing else. An element whose mapped frame
/// is not finite is not placed, so a tour finds it missing, as a view off the screen.
@MainActor
public final class CapturedElementsView: View {
    /// The captured elements shown, top level first.
    public private(set) var elements: [CapturedElement] = []
    /// How the capture's frames map onto this screen (the picture's fit), nil on its own screen.
    private var mapping: (@Sendable (Rect) -> Rect)?

    /// No elements yet.
    public override init() { super.init() }

    /// Shows `elements` at their frames mapped by `mapping` (the capture's own screen when nil),
    /// replacing every stand-in; laid out in the next frame.
    public func show(_ elements: [CapturedElement], mapping: (@Sendable (Rect) -> Rect)?) {
        self.elements = elements
        self.mapping = mapping
        for child in children { removeChild(child) }
        func standIn(_ element: CapturedElement) -> CapturedElementView {
            let view = CapturedElementView(element, shownAt: mapping?(element.frame) ?? element.frame)
            for inner in element.children { view.addChild(standIn(inner)) }
            return view
        }
        for element in elements { addChild(standIn(element)) }
        setNeedsLayout()
    }

    /// Fills whatever it is offered (the screen).
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        func finite(_ v: Double?) -> Double { v.map { $0.isFinite ? $0 : 0 } ?? 0 }
        return Size(finite(p.width), finite(p.height))
    }

    /// Each stand-in at its element's frame.
    public override func placeSubviews(in bounds: Rect) { CapturedElementView.place(children) }
}

/// One captured element: draws nothing and handles no input; tells a screen reader what the element
/// was, and carries its id.
@MainActor
final class CapturedElementView: View {
    let element: CapturedElement
    /// Where the element is on the screen shown.
    let shownFrame: Rect

    init(_ element: CapturedElement, shownAt frame: Rect) {
        self.element = element
        shownFrame = frame
        super.init()
        id = element.id
        if !element.description.isEmpty { accessibilityDescription = element.description }
    }

    override var semanticRole: SemanticRole? { element.role }
    override var semanticLabel: String? { element.name }
    override var semanticState: SemanticState { element.state }
    /// A control takes the keyboard's focus, as it did in the app (a tour's step starts there).
    override var acceptsKeyboardFocus: Bool {
        switch element.role {
        case .button, .tab, .textField, .toggle, .checkbox, .slider: return !element.state.contains(.disabled)
        default: return false
        }
    }
    /// Enter or Space on a control is taken, as a tap on it is: the app's, which a picture cannot do.
    override func activate() -> Bool { acceptsKeyboardFocus }

    override func placeSubviews(in bounds: Rect) { Self.place(children) }

    /// Places each stand-in among `views` at its element's frame.
    static func place(_ views: [View]) {
        for case let view as CapturedElementView in views where view.shownFrame.isFinite { view.place(in: view.shownFrame) }
    }
}
