import Raster

/// A tappable view: shows a pressed tint while held and runs its action on a tap (a down and an up
/// on the button within the root's tap slop). The shape decides both the tint and what counts as
/// inside, so a tap in the corner of a round button's box misses it.
public final class Button: View {
    /// Runs on a tap.
    public var action: @MainActor () -> Void
    /// Whether the pointer is held on the button now.
    public private(set) var isPressed = false
    /// The outline for hit testing and the pressed tint.
    public var shape: Shape
    /// Drawn over the label while pressed (nil = no visible pressed state).
    public var pressedColor: Color?
    /// A disabled button ignores the pointer and the keyboard.
    public var isEnabled = true { didSet { if isEnabled != oldValue, !isEnabled, root?.focusedView === self { root?.focus(nil) } } }
    /// Whether the button is the chosen one of several (a tab), for assistive technology.
    public var isSelected = false
    /// Whether what the button stands for is done (a checklist's task), for assistive technology.
    public var isChecked = false
    /// Points the focus ring is drawn inside the button's edge, for a button that fills a bar or a
    /// clipped group to its edges (a tab, a list row); 0 draws it around the outside.
    public var focusRingInset = 0.0 { didSet { if focusRingInset != oldValue, showsFocusRing { setNeedsDisplay() } } }

    /// A button showing `label`.
    public init(shape: Shape = .rect, pressedColor: Color? = Color(white: 0, alpha: 0.08),
                action: @escaping @MainActor () -> Void, label: View) {
        self.action = action
        self.shape = shape
        self.pressedColor = pressedColor
        super.init(children: [label])
    }

    private func setPressed(_ pressed: Bool) {
        guard pressed != isPressed else { return }
        isPressed = pressed
        if pressedColor != nil { setNeedsDisplay() }
    }

    /// Inside the button's shape.
    public override func contains(_ point: Point) -> Bool { shape.contains(point, in: frame) }
    /// The label never catches taps outside the shape.
    public override var confinesHitTesting: Bool { true }

    /// Takes the pointer (when enabled) and shows the pressed tint.
    public override func pointerDown(at point: Point) -> Bool {
        guard isEnabled else { return false }
        setPressed(true)
        return true
    }

    /// Shows the tint only while the pointer is over the shape.
    public override func pointerMoved(to point: Point) { setPressed(contains(point)) }

    /// Runs the action on a tap.
    public override func pointerUp(at point: Point, isTap: Bool) {
        setPressed(false)
        if isTap && isEnabled { action() }
    }

    /// Drops the tint.
    public override func pointerCancelled() { setPressed(false) }

    /// An enabled button takes the keyboard focus.
    public override var acceptsKeyboardFocus: Bool { isEnabled }
    /// Enter or Space runs the action, as a tap does.
    public override func activate() -> Bool {
        guard isEnabled else { return false }
        action()
        return true
    }
    /// The ring follows the button's shape (inset by `focusRingInset`, with the ring's own corners).
    public override var focusOutline: (rect: Rect, shape: Shape) {
        guard focusRingInset > 0 else { return (frame, shape) }
        let d = focusRingInset + FocusRing.reach
        return (frame.insetBy(dx: d, dy: d), .roundedRect(cornerRadius: max(2, shape.cornerRadius(in: frame) - d, 8 - FocusRing.reach)))
    }
    /// A button (a tab bar makes its buttons tabs).
    public override var semanticRole: SemanticRole? { .button }
    /// Selected and disabled, as they are.
    public override var semanticState: SemanticState {
        var s: SemanticState = []
        if isSelected { s.insert(.selected) }
        if isChecked { s.insert(.checked) }
        if !isEnabled { s.insert(.disabled) }
        return s
    }

    /// It paints only the pressed tint.
    public override var hasOwnContent: Bool { pressedColor != nil }

    /// The pressed tint over the label.
    public override func drawForeground(in canvas: Canvas) {
        guard isPressed, let pressedColor else { return }
        canvas.fill(shape.path(in: frame), color: pressedColor)
    }
}
