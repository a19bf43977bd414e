import Raster
import Views

/// A pop-up dialog: any content view in a white box 75% of the screen's width (radius 12, padded),
/// with a close (×) button at the top right, over a gray backdrop at 0.7. It pops in with a scale
/// and a fade. With `closesOnBackgroundTap`, a tap on the backdrop closes it. Its views:
/// `overlay.popup` (the box) and `overlay.popup.close`, around the content's own.
@MainActor
public final class PopupOverlay: Overlay {
    /// The view shown in the box.
    public let content: View
    /// Whether a tap on the backdrop closes the dialog.
    public var closesOnBackgroundTap: Bool
    /// The backdrop's colour.
    public var backdropColor = Color(white: 0.5)
    /// The backdrop's opacity, 0...1.
    public var backdropOpacity = 0.7
    /// Runs when the dialog closes (× button, background tap, Escape).
    public var onClose: (@MainActor () -> Void)?

    private let boxView: View
    private var card: ModalCard!
    /// A press elsewhere than the box is on the backdrop.
    private struct Backdrop {}
    private var press = OverlayPress<Backdrop>()

    /// A dialog showing `content`, closed by a tap on the backdrop when `closesOnBackgroundTap`;
    /// `closeLabel` is what a screen reader calls the × button.
    public init(content: View, closesOnBackgroundTap: Bool = true, closeLabel: String = "Close") {
        self.content = content
        self.closesOnBackgroundTap = closesOnBackgroundTap
        content.removeFromParent()
        let close = Relay()
        let closeButton = Button(shape: .circle, pressedColor: Color(white: 0, alpha: 0.1), action: { close.action?() },
                                 label: FrameView(width: 32, height: 32, child: IconView(.close, color: Palette.secondaryLabel, size: 18)))
        closeButton.accessibilityLabel = closeLabel
        let body = OverlayView(base: Padding(EdgeInsets(top: 28, leading: 0, bottom: 0, trailing: 0), child: content),
                               overlay: Padding(EdgeInsets(top: -12, leading: 0, bottom: 0, trailing: -12), child: closeButton.id("overlay.popup.close")),
                               alignment: Alignment(horizontal: .trailing, vertical: .top))
        boxView = DialogBox.make(body, cornerRadius: 12, padding: EdgeInsets(all: 20), id: "overlay.popup")
        super.init(kind: .popup)
        card = ModalCard(content: boxView, overlay: self)
        close.action = { [weak self] in self?.close() }
    }

    /// The dialog box in screen points.
    public var box: Rect { boxView.frame }

    /// The texts of its content.
    public override func accessibilityDescription(root: ViewRoot) -> String {
        SpokenWords.sentences(content.semanticNodes().map(\.label))
    }

    /// The scale of the pop-in: 0.85 growing to 1 as the dialog fades in (always 1 under reduced motion).
    var zoom: Double {
        guard phase == .appearing, stack?.root?.reducesMotion != true else { return 1 }
        return 0.85 + 0.15 * Easing.easeOut(presentationOpacity)
    }

    private func close() {
        onClose?()
        dismiss()
    }

    /// Centres the box, 75% of the screen wide, in the safe area.
    public override func layout(root: ViewRoot) {
        let width = (root.size.width * 0.75).rounded()
        let placed = DialogBox.place(width: width, height: DialogBox.height(of: boxView, width: width),
                                     center: root.bounds.inset(by: root.safeArea).center, root: root)
        card.surface.place(placed.box, deviceInk: placed.card)
    }

    /// Dims with the backdrop, then blends the box (zoomed while it pops in).
    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        DimBlend(color: backdropColor, opacity: backdropOpacity * presentationOpacity)
            .apply(from: source, into: frame, region: region, holes: [])
        card.composite(into: frame, region: region, opacity: presentationOpacity, zoom: zoom)
    }

    /// Routes presses that start on the box into it; a tap on the backdrop or Escape closes.
    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        let (input, dismisses) = press.dialogInput(event, card: card, box: boxView.frame, root: root, tapsOutsideDismiss: closesOnBackgroundTap,
                                                   region: { Backdrop() })
        if dismisses { close() }
        return input
    }

    /// Forgets a press from before.
    public override func didPresent(root: ViewRoot) {
        press.cancel(card: card)
    }
}
