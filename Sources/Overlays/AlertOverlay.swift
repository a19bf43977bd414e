import Raster
import Views

/// An alert over a spotlight: the dim layer (with optional holes), and a white box at most 300
/// points wide with a title, a description and a red OK button (252 × 44, radius 4). OK runs the
/// handler and dismisses; nothing else beneath takes input.
@MainActor
public final class AlertOverlay: Overlay {
    public let title: String
    public let message: String
    public let buttonTitle: String
    /// Holes in the dim (what the alert talks about), if any.
    public let holes: [Hole]
    public var dimColor: Color
    public var dimOpacity: Double
    /// Runs when OK is tapped (or Enter pressed), before the alert dismisses.
    public var onConfirm: (@MainActor () -> Void)?

    private var card: OverlayCard?
    private var boxRect: Rect = .zero
    private var masks: [HoleMask] = []
    private var pressedCard = false

    public init(title: String, message: String, buttonTitle: String = "OK", holes: [Hole] = [],
                dimColor: Color = .black, dimOpacity: Double = 0.5, onConfirm: (@MainActor () -> Void)? = nil) {
        self.title = title; self.message = message; self.buttonTitle = buttonTitle; self.holes = holes
        self.dimColor = dimColor; self.dimOpacity = dimOpacity; self.onConfirm = onConfirm
        super.init(kind: .alert)
    }

    /// The alert box in screen points.
    public var box: Rect { boxRect }

    private func makeContent() -> View {
        let ok = Button(shape: .roundedRect(cornerRadius: 4), pressedColor: Color(white: 0, alpha: 0.15),
                        action: { [weak self] in self?.confirm() },
                        label: Background(Color(red: 255, green: 59, blue: 48), shape: .roundedRect(cornerRadius: 4),
                                          child: FrameView(width: 252, height: 44,
                                                           child: Text(buttonTitle, font: Font(size: 17, weight: .bold), color: .white))))
        return VStack(spacing: 12, children: [
            Text(title, font: Font(size: 19, weight: .bold), color: .black, alignment: .center).id("alert.title"),
            Text(message, font: .body, color: Color(white: 0.25), alignment: .center).id("alert.message"),
            ok.id("alert.ok"),
        ])
    }

    private func confirm() {
        onConfirm?()
        dismiss()
    }

    public override func layout(root: ViewRoot) -> [Rect] {
        if card == nil || card?.root.scale != root.scale {
            card = try? OverlayCard(content: CardChrome.box(makeContent(), cornerRadius: 12, padding: EdgeInsets(all: 24)),
                                    size: Size(1, 1), parent: root)
        }
        var dirty: [Rect] = []
        // Holes from targets, as a spotlight makes them.
        let geometries = holes.compactMap { hole -> HoleGeometry? in
            switch hole.target {
            case .rect(let r): return HoleGeometry.resolve(hole, frame: r)
            case .view(let id): return root.view(withID: id).flatMap { $0.isPlaced ? HoleGeometry.resolve(hole, frame: $0.frame) : nil }
            }
        }
        if geometries != masks.map(\.geometry) || masks.first?.scale != root.scale || masks.first?.clip != root.deviceBounds {
            dirty += masks.map(\.affectedRect)
            masks = geometries.map { HoleMask(geometry: $0, scale: root.scale, clip: root.deviceBounds) }
            dirty += masks.map(\.affectedRect)
        }
        guard let card else { return dirty }
        let area = root.bounds.inset(by: root.safeArea)
        let width = min(300, area.width - 32)
        let old = card.frame
        var center = area.center
        // Keep the box off the first hole: above it when the hole is low, below when high. The
        // height is the one the box gets at this width (not its last one: after a resize the two
        // differ, and the box would jump on the next frame).
        if let hole = masks.first?.affectedRect {
            let h = CardChrome.height(of: card, width: width)
            if hole.intersects(Rect(x: center.x - width / 2, y: center.y - h / 2, width: width, height: h)) {
                center.y = hole.midY > area.midY ? max(area.minY + h / 2, hole.minY - h / 2 - 8)
                                                 : min(area.maxY - h / 2, hole.maxY + h / 2 + 8)
            }
        }
        boxRect = CardChrome.fit(card, width: width, center: center)
        if old != card.frame || card.isDirty { dirty += [old, card.frame] }
        return dirty
    }

    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        DimBlend(color: dimColor, opacity: dimOpacity * presentationOpacity)
            .apply(from: source, into: frame, region: region, holes: masks.compactMap { $0.coverage(in: region) })
        card?.draw(into: frame, region: region, scale: root.scale, opacity: presentationOpacity)
    }

    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        guard let card else { return .consumed }
        switch event {
        case .pointerDown(let p, _):
            pressedCard = card.frame.contains(p)
            if pressedCard { card.send(event) }
        case .pointerMove:
            if pressedCard { card.send(event) }
        case .pointerUp:
            if pressedCard { card.send(event) }
            pressedCard = false
        case .key(.enter):
            confirm()
        case .resize:
            return .passThrough
        default:
            break
        }
        return .consumed
    }
}
