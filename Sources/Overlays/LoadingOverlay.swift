import Foundation
import Raster
import Views

/// A loading screen: a dark backdrop (gray 0.2 at 0.75), a spinner and a message. It blocks all
/// input while it is up. `show(message:after:)` fades it in over 0.5 s after a delay; `hide()` lets a
/// running fade-in finish, fades out over 0.4 s and removes it. All timing runs on the root's clock.
@MainActor
public final class LoadingOverlay: Overlay {
    public private(set) var message: String
    public var backdropColor = Color(white: 0.2)
    public var backdropOpacity = 0.75
    /// Spokes of the spinner, and how many steps it turns a second.
    static let spokes = 12
    static let stepsPerSecond = 12.0

    /// Weak: the stack holds this overlay while it shows (and while it waits for its delay), so a
    /// strong reference back would keep both alive after the app is gone.
    private weak var stackRef: PresentationStack?
    private var showAt: Double?
    private var hideAt: Double?
    private var hideRequested = false
    private var spinnerStep = 0
    private var startTime = 0.0
    private var card: OverlayCard?
    private var text: Text?

    /// A loading screen that will show on `stack`.
    public init(stack: PresentationStack, message: String = "") {
        stackRef = stack
        self.message = message
        super.init(kind: .loading)
        appearDuration = 0.5
        disappearDuration = 0.4
    }

    /// Shows the loading screen after `delay` seconds, with `message` under the spinner.
    public func show(message newMessage: String? = nil, after delay: Double = 0) {
        if let newMessage { message = newMessage; text?.string = newMessage }
        hideRequested = false
        hideAt = nil
        guard let root = stackRef?.root else { return }
        let d = delay.isFinite ? max(0, delay) : 0
        if d == 0 { reveal(root: root) } else { showAt = root.clock.now + d; stackRef?.track(self) }
    }

    /// Hides it: a fade-in still running finishes first, then it fades out over 0.4 s.
    public func hide() {
        if showAt != nil { showAt = nil; hideAt = nil; return }
        hideAt = nil
        switch phase {
        case .appearing: hideRequested = true
        case .shown: dismiss()
        case .disappearing, .removed: break
        }
    }

    /// Shows it now and hides it after `duration` seconds.
    public func showAndHide(message newMessage: String? = nil, for duration: Double) {
        show(message: newMessage)
        guard let root = stackRef?.root else { return }
        hideAt = root.clock.now + (duration.isFinite ? max(0, duration) : 0)
    }

    /// Whether it is scheduled but not yet showing.
    public var isPending: Bool { showAt != nil }

    private func reveal(root: ViewRoot) {
        showAt = nil
        startTime = root.clock.now
        stackRef?.present(self, animated: true)
    }

    public override var nextWakeUp: Double? {
        [showAt, hideAt].compactMap { $0 }.min()
    }

    /// Called by the stack's owner on every tick, also before the overlay is presented.
    public func poll(root: ViewRoot) {
        let now = root.clock.now
        if let showAt, now >= showAt { reveal(root: root) }
        if let hideAt, now >= hideAt { self.hideAt = nil; hide() }
        if hideRequested && phase == .shown { hideRequested = false; dismiss() }
    }

    // MARK: - Overlay

    public override var isAnimating: Bool { phase != .removed }

    private var spinnerRect: Rect {
        guard let root = stack?.root ?? stackRef?.root else { return .zero }
        let c = root.bounds.inset(by: root.safeArea).center
        return Rect(x: c.x - 22, y: c.y - 44, width: 44, height: 44)
    }

    public override func layout(root: ViewRoot) -> [Rect] {
        if card == nil || card?.root.scale != root.scale {
            let t = Text(message, font: Font(size: 17, weight: .bold), color: .white, alignment: .center)
            text = t
            card = try? OverlayCard(content: t.id("loading.message"), size: Size(1, 1), parent: root)
        }
        guard let card else { return [] }
        let width = min(root.size.width - 40, 320)
        card.root.layoutIfNeeded()
        let h = card.root.content.measure(ProposedSize(width: width, height: nil)).height.rounded(.up)
        let old = card.frame
        card.resize(to: Size(width, max(1, h)))
        let c = root.bounds.inset(by: root.safeArea).center
        card.move(to: Point(c.x - width / 2, c.y + 12))
        return old != card.frame || card.isDirty ? [old, card.frame] : []
    }

    public override func advance(to time: Double, root: ViewRoot) -> [Rect] {
        poll(root: root)
        let step = Int(((time - startTime) * LoadingOverlay.stepsPerSecond).rounded(.down)) % LoadingOverlay.spokes
        guard step != spinnerStep else { return [] }
        spinnerStep = step
        return [spinnerRect]
    }

    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        DimBlend(color: backdropColor, opacity: backdropOpacity * presentationOpacity)
            .apply(from: source, into: frame, region: region, holes: [])
        var canvas = Canvas(pixmap: frame, scale: root.scale)
        canvas.clip(toDevice: region)
        let r = spinnerRect
        let c = r.center
        for i in 0..<LoadingOverlay.spokes {
            // The leading spoke is brightest; the ones behind it fade.
            let age = (spinnerStep - i + LoadingOverlay.spokes) % LoadingOverlay.spokes
            let alpha = (1 - Double(age) / Double(LoadingOverlay.spokes) * 0.85) * presentationOpacity
            let angle = Double(i) / Double(LoadingOverlay.spokes) * 2 * .pi
            let spoke = Path.roundedRect(Rect(x: -2, y: -20, width: 4, height: 11), radius: 2)
                .applying(Transform.rotation(angle).concatenating(.translation(c.x, c.y)))
            canvas.fill(spoke, color: Color(white: 1, alpha: alpha))
        }
        card?.draw(into: frame, region: region, scale: root.scale, opacity: presentationOpacity)
    }

    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        if case .resize = event { return .passThrough }
        return .consumed
    }
}
