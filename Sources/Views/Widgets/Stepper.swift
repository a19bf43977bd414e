import Raster

/// A number with − and + buttons (ids `<id>.minus` and `<id>.plus`), stepping by `step` within
/// `range`; the value shows between them.
public final class Stepper: View {
    /// The value.
    public var value: Double { didSet { if value != oldValue { label.string = Stepper.spell(value) } } }
    /// The values it steps within.
    public let range: ClosedRange<Double>
    /// How much a tap changes the value.
    public let step: Double
    /// Runs after a tap changed the value.
    public var onChange: (@MainActor (Double) -> Void)?

    private let label: Text

    /// A stepper named `id` on `value`.
    public init(id: String, value: Double, range: ClosedRange<Double>, step: Double = 1) {
        self.value = value
        self.range = range
        self.step = step
        label = Text(Stepper.spell(value), font: .body, color: .black, alignment: .center, lineLimit: 1)
        super.init()
        func button(_ symbol: String, _ delta: Double, _ suffix: String) -> View {
            let b = Button(shape: .capsule, pressedColor: Color(white: 0, alpha: 0.12), action: { [weak self] in
                guard let self else { return }
                let next = min(self.range.upperBound, max(self.range.lowerBound, self.value + delta))
                guard next != self.value else { return }
                self.value = next
                self.onChange?(next)
            }, label: Background(Palette.groupedBackground, shape: .capsule,
                                 child: Padding(EdgeInsets(horizontal: 8, vertical: 3), child: Text(symbol, font: Font(size: 15, weight: .bold), color: .black))))
            b.id = "\(id).\(suffix)"
            return b
        }
        addChild(HStack(spacing: 6, children: [button("−", -step, "minus"), FrameView(width: 34, child: label), button("+", step, "plus")]))
        self.id = id
    }

    /// Its row's size.
    public override func sizeThatFits(_ p: ProposedSize) -> Size { children[0].measure(ProposedSize(width: nil, height: p.height)) }
    /// The row at its leading edge.
    public override func placeSubviews(in bounds: Rect) {
        let s = children[0].measure(ProposedSize(width: nil, height: bounds.height))
        children[0].place(in: Rect(x: bounds.x(ofLeadingOffset: 0, width: s.width, direction: layoutDirection), y: bounds.minY, width: s.width, height: bounds.height))
    }

    static func spell(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.1f", v) }
}
