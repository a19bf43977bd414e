import Raster
import Views

/// A pop-up dialog: any content view in a white box 75% of the screen's width (radius 12, padded),
/// with a close (×) button at the top right, over a gray backdrop at 0.7. It pops in with a scale
/// and a fade. With `closesOnBackgroundTap`, a tap on the backdrop closes it.
@MainActor
public final class PopupOverlay: Overlay {
    public let content: View
    public var closesOnBackgroundTap: Bool
    public var backdropColor = Color(white: 0.5)
    public var backdropOpacity = 0.7
    /// Runs when the dialog closes (× button, background tap, Escape).
    public var onClose: (@MainActor () -> Void)?

    private var card: OverlayCard?
    private var boxRect: Rect = .zero
    private enum Press { case none, card, background(Point) }
    private var press = Press.none

    public init(content: View, closesOnBackgroundTap: Bool = true) {
        self.content = content
        self.closesOnBackgroundTap = closesOnBackgroundTap
        super.init(kind: .popup)
    }

    /// The dialog box in screen points.
    public var box: Rect { boxRect }

    /// The scale of the pop-in: 0.85 growing to 1 as the dialog fades in.
    var zoom: Double {
        guard phase == .appearing else { return 1 }
        return 0.85 + 0.15 * Easing.easeOut(presentationOpacity)
    }

    private func makeCard(root: ViewRoot) -> OverlayCard? {
        content.removeFromParent()
        let close = Button(shape: .circle, pressedColor: Color(white: 0, alpha: 0.1), action: { [weak self] in self?.close() },
                           label: FrameView(width: 32, height: 32, child: IconView(CardChrome.closeIcon, color: Palette.secondaryLabel, size: 18)))
        let body = OverlayView(base: Padding(EdgeInsets(top: 28, leading: 0, bottom: 0, trailing: 0), child: content),
                               overlay: Padding(EdgeInsets(top: -12, leading: 0, bottom: 0, trailing: -12), child: close.id("popup.close")),
                               alignment: Alignment(horizontal: .trailing, vertical: .top))
        return try? OverlayCard(content: CardChrome.box(body, cornerRadius: 12, padding: EdgeInsets(all: 20)), size: Size(1, 1), parent: root)
    }

    private func close() {
        onClose?()
        dismiss()
    }

    public override func layout(root: ViewRoot) -> [Rect] {
        if card == nil || card?.root.scale != root.scale { card = makeCard(root: root) }
        guard let card else { return [] }
        let old = card.frame
        boxRect = CardChrome.fit(card, width: (root.size.width * 0.75).rounded(), center: root.bounds.inset(by: root.safeArea).center)
        return old != card.frame || card.isDirty ? [old, card.frame] : []
    }

    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        DimBlend(color: backdropColor, opacity: backdropOpacity * presentationOpacity)
            .apply(from: source, into: frame, region: region, holes: [])
        card?.draw(into: frame, region: region, scale: root.scale, opacity: presentationOpacity, zoom: zoom)
    }

    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        guard let card else { return .consumed }
        switch event {
        case .pointerDown(let p, _):
            if boxRect.contains(p) {
                press = .card
                card.send(event)
            } else {
                press = .background(p)
            }
        case .pointerMove:
            if case .card = press { card.send(event) }
        case .pointerUp(let p, _):
            switch press {
            case .card: card.send(event)
            case .background(let origin):
                if closesOnBackgroundTap && origin.distance(to: p) <= root.tapSlop && !boxRect.contains(p) { close() }
            case .none: break
            }
            press = .none
        case .wheel:
            if case .none = press { card.send(event) }
        case .key(.escape):
            close()
        case .resize:
            return .passThrough
        default:
            break
        }
        return .consumed
    }
}
