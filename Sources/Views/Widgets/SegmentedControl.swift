import Raster

/// A row of labelled segments, one of them selected (a shape, a side, a language): a tap selects a
/// segment and runs `onSelect`. The control has the id it is made with, and each segment is a button
/// with the id `<id>.<option>`, so scripts and tests tap them by name (`editor.shape.circle`).
public final class SegmentedControl: View {
    /// The options' names (also the segments' id suffixes).
    public let options: [String]
    /// The labels shown (the options' names unless given).
    public let labels: [String]
    /// The selected option's index, nil for none.
    public var selectedIndex: Int? { didSet { if selectedIndex != oldValue { restyle() } } }
    /// Runs when a segment is tapped, with its index.
    public var onSelect: (@MainActor (Int) -> Void)?

    private var texts: [Text] = []

    /// A control named `id` of `options` (labelled `labels` when given), `selected` selected.
    public init(id: String, options: [String], labels: [String]? = nil, selected: Int? = nil) {
        self.options = options
        self.labels = labels ?? options
        selectedIndex = selected
        super.init()
        var buttons: [View] = []
        for (i, label) in self.labels.enumerated() {
            let text = Text(label, font: .caption, color: .black, alignment: .center, lineLimit: 1)
            texts.append(text)
            let button = Button(shape: .rect, pressedColor: Color(white: 0, alpha: 0.1), action: { [weak self] in
                guard let self else { return }
                self.selectedIndex = i
                self.onSelect?(i)
            }, label: Padding(EdgeInsets(horizontal: 6, vertical: 5), child: text))
            button.id = "\(id).\(options[i])"
            buttons.append(button)
        }
        addChild(HStack(spacing: 0, children: buttons))
        self.id = id
        restyle()
    }

    private func restyle() {
        for (i, t) in texts.enumerated() { t.color = i == selectedIndex ? .white : .black }
        setNeedsDisplay()
    }

    /// As wide as its segments' labels (narrower only when less is offered).
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        let ideal = children[0].measure(ProposedSize(width: nil, height: p.height))
        guard let w = p.width, w.isFinite, w < ideal.width else { return ideal }
        return children[0].measure(ProposedSize(width: w, height: p.height))
    }
    /// The row fills it.
    public override func placeSubviews(in bounds: Rect) { children[0].place(in: bounds) }

    /// The box, the dividers and the selected segment's fill.
    public override var hasOwnContent: Bool { true }

    /// The box, the dividers and the selected segment's fill.
    public override func draw(in canvas: Canvas) {
        canvas.fill(frame, cornerRadius: 6, color: Palette.readableTint)
        canvas.fill(frame.insetBy(dx: 1, dy: 1), cornerRadius: 5, color: .white)
        let segments = children[0].children
        for (i, s) in segments.enumerated() {
            if i == selectedIndex {
                canvas.fill(s.frame.insetBy(dx: 1, dy: 1), cornerRadius: 5, color: Palette.readableTint)
            } else if i > 0 && i - 1 != selectedIndex {
                canvas.fill(Rect(x: s.frame.minX, y: frame.minY + 4, width: 1, height: frame.height - 8), color: Palette.separator)
            }
        }
    }
}
