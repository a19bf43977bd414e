import Raster
import Views

/// An alert over a spotlight: the dim layer (with optional holes), and a white box at most 300
/// points wide with a title, a description and a red OK button (252 × 44, radius 4). OK runs the
/// handler and dismisses; nothing else beneath takes input. Its views: `overlay.alert` (the box),
/// `overlay.alert.title`, `overlay.alert.message`, `overlay.alert.ok`.
@MainActor
public final class AlertOverlay: Overlay {
    /// The bold first line.
    public let title: String
    /// The description under it.
    public let message: String
    /// The button's title.
    public let buttonTitle: String
    /// Holes in the dim (what the alert talks about), if any.
    public let holes: [Hole]
    /// The dim layer's colour.
    public var dimColor: Color
    /// The dim layer's opacity, 0...1.
    public var dimOpacity: Double
    /// Runs when OK is tapped (or Enter pressed), before the alert dismisses.
    public var onConfirm: (@MainActor () -> Void)?

    private let holeSet = HoleSet()
    private let okButton: Button
    private let boxView: View
    private var card: ModalCard!

    /// An alert titled `title` saying `message`, its button reading `buttonTitle`, over a dim of
    /// `dimColor` at `dimOpacity` with `holes` in it.
    public init(title: String, message: String, buttonTitle: String = "OK", holes: [Hole] = [],
                dimColor: Color = .black, dimOpacity: Double = 0.5, onConfirm: (@MainActor () -> Void)? = nil) {
        self.title = title; self.message = message; self.buttonTitle = buttonTitle; self.holes = holes
        self.dimColor = dimColor; self.dimOpacity = dimOpacity; self.onConfirm = onConfirm
        let confirm = Relay()
        let ok = Button(shape: .roundedRect(cornerRadius: 4), pressedColor: Color(white: 0, alpha: 0.15),
                        action: { confirm.action?() },
                        label: Background(Color(red: 255, green: 59, blue: 48), shape: .roundedRect(cornerRadius: 4),
                                          child: FrameView(width: 252, height: 44,
                                                           child: Text(buttonTitle, font: Font(size: 17, weight: .bold), color: .white))))
        okButton = ok
        let content = VStack(spacing: 12, children: [
            Text(title, font: Font(size: 19, weight: .bold), color: .black, alignment: .center).id("overlay.alert.title"),
            Text(message, font: .body, color: Color(white: 0.25), alignment: .center).id("overlay.alert.message"),
            ok.id("overlay.alert.ok"),
        ])
        boxView = DialogBox.make(content, cornerRadius: 12, padding: EdgeInsets(all: 24), id: "overlay.alert")
        super.init(kind: .alert)
        card = ModalCard(content: boxView, overlay: self)
        confirm.action = { [weak self] in self?.confirm() }
    }

    /// The alert box in screen points.
    public var box: Rect { boxView.frame }

    /// OK takes the focus.
    public override var primaryFocus: View? { okButton }
    /// The title and the description.
    public override func accessibilityDescription(root: ViewRoot) -> String { SpokenWords.sentences([title, message]) }
    /// The title names the dialog.
    public override func accessibilityName(root: ViewRoot) -> String { title }
    /// The message describes it.
    public override func accessibilityDetail(root: ViewRoot) -> String { message }

    private func confirm() {
        onConfirm?()
        dismiss()
    }

    /// Follows the holes' targets and centres the box in the safe area, off the first hole.
    public override func layout(root: ViewRoot) {
        holeSet.show(holes.compactMap { $0.geometry(in: root) }, root: root)
        let area = root.bounds.inset(by: root.safeArea)
        let width = min(300, area.width - 32)
        let height = DialogBox.height(of: boxView, width: width)
        let cardHeight = height + 2 * DialogBox.room(scale: root.scale)
        var center = area.center
        // Keep the box off the first hole: above it when the hole is low, below when high.
        if let hole = holeSet.masks.first?.affectedRect,
           hole.intersects(Rect(x: center.x - width / 2, y: center.y - cardHeight / 2, width: width, height: cardHeight)) {
            center.y = hole.midY > area.midY ? max(area.minY + cardHeight / 2, hole.minY - cardHeight / 2 - 8)
                                             : min(area.maxY - cardHeight / 2, hole.maxY + cardHeight / 2 + 8)
        }
        let placed = DialogBox.place(width: width, height: height, center: center, root: root)
        card.surface.place(placed.box, deviceInk: placed.card)
    }

    /// Dims through the holes, then blends the box.
    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        holeSet.dim(from: source, into: frame, region: region, color: dimColor, opacity: dimOpacity * presentationOpacity)
        card.composite(into: frame, region: region, opacity: presentationOpacity)
    }

    /// Routes presses that start on the box into it, confirms on Enter, and takes everything else.
    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        switch event {
        case .pointerDown, .pointerMove, .pointerUp:
            card.route(event, root: root)
        case .key(.enter, _):
            confirm()
        case .resize:
            return .passThrough
        default:
            break
        }
        return .consumed
    }

    /// Forgets a press from before.
    public override func didPresent(root: ViewRoot) { card.cancelPress() }
}

/// Lets views built before their overlay call it back.
@MainActor
final class Relay {
    /// What the views call.
    var action: (@MainActor () -> Void)?
}
