import Raster

/// A box that is checked or not, with its label beside it (at the leading side of the label, so
/// mirrored under right to left): a tap on the box or the label, Enter or Space checks or unchecks
/// it and runs `onChange`. Assistive technology hears the label, "checkbox" and "checked" or "not
/// checked".
public final class Checkbox: TwoStateControl {
    /// Whether it is checked.
    public var isChecked: Bool {
        get { isSet }
        set { isSet = newValue }
    }
    /// The box's fill when checked.
    public var tint = Palette.tint { didSet { if tint != oldValue { setNeedsDisplay() } } }
    /// The label beside the box.
    public let titleLabel: Text

    /// The box's side in points.
    public static let boxSide = 22.0
    /// Points between the box and the label.
    public static let spacing = 10.0

    /// A checkbox labelled `title`.
    public init(title: String, isChecked: Bool = false, onChange: (@MainActor (Bool) -> Void)? = nil) {
        let label = Text(title, font: .body, color: Palette.label)
        titleLabel = label
        super.init(isSet: isChecked, onChange: onChange, children: [label])
    }

    /// The label's text.
    public var title: String {
        get { titleLabel.string }
        set { titleLabel.string = newValue }
    }

    /// The box and the label in a row, at least 44 points tall (a finger's target).
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        let room = p.width.map { max(0, $0 - Checkbox.boxSide - Checkbox.spacing) }
        let text = titleLabel.measure(ProposedSize(width: room, height: nil))
        return Size(Checkbox.boxSide + Checkbox.spacing + text.width, max(44, text.height, Checkbox.boxSide))
    }

    /// The label after the box, centred on it vertically.
    public override func placeSubviews(in bounds: Rect) {
        let room = max(0, bounds.width - Checkbox.boxSide - Checkbox.spacing)
        let text = titleLabel.measure(ProposedSize(width: room, height: nil))
        let offset = Checkbox.boxSide + Checkbox.spacing
        titleLabel.place(in: Rect(x: bounds.x(ofLeadingOffset: offset, width: min(room, text.width), direction: layoutDirection),
                                  y: bounds.midY - text.height / 2, width: min(room, text.width), height: text.height))
    }

    /// The box, at the leading edge.
    var boxRect: Rect {
        Rect(x: frame.x(ofLeadingOffset: 0, width: Checkbox.boxSide, direction: layoutDirection),
             y: frame.midY - Checkbox.boxSide / 2, width: Checkbox.boxSide, height: Checkbox.boxSide)
    }

    /// The box.
    public override var hasOwnContent: Bool { true }

    /// An empty rounded box with a border, or one filled with the tint and ticked.
    public override func draw(in canvas: Canvas) {
        let box = boxRect, fade = isEnabled ? 1.0 : 0.5
        if isChecked {
            canvas.fill(box, cornerRadius: 5, color: tint.withOpacity(fade))
            canvas.fill(Icon.checkmark.path(in: box.insetBy(dx: 1, dy: 1)), color: Color(white: 1, alpha: fade))
        } else {
            canvas.fill(box, cornerRadius: 5, color: Palette.readableSecondaryLabel.withOpacity(fade))
            canvas.fill(box.insetBy(dx: 2, dy: 2), cornerRadius: 3, color: .white)
        }
    }

    /// The ring goes around the box.
    public override var focusOutline: (rect: Rect, shape: Shape) { (boxRect, .roundedRect(cornerRadius: 5)) }

    /// A checkbox, labelled by its text.
    public override var semanticRole: SemanticRole? { .checkbox }
}
