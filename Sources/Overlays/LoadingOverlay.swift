import Foundation
import Raster
import Views

/// A loading screen: a dark backdrop (gray 0.2 at 0.75), a spinner and a message. It blocks all
/// input while it is up. `show(message:after:)` fades it in over 0.5 s after a delay; `hide()` lets a
/// running fade-in finish, fades out over 0.4 s and removes it. The delays are timers on the root's
/// clock. Its message is the view `overlay.loading.message`.
@MainActor
public final class LoadingOverlay: Overlay {
    /// The text under the spinner.
    public private(set) var message: String
    /// The backdrop's colour.
    public var backdropColor = Color(white: 0.2)
    /// The backdrop's opacity, 0...1.
    public var backdropOpacity = 0.75
    /// Spokes of the spinner, and how many steps it turns a second.
    static let spokes = 12
    static let stepsPerSecond = 12.0

    /// Weak: the stack holds this overlay while it shows, and the root's timers hold only weak
    /// references to it while it waits, so nothing keeps an app alive that is gone.
    private weak var stackRef: PresentationStack?
    private var showTimer: TimerID?
    private var hideTimer: TimerID?
    private var hideRequested = false
    private var spinnerStep = 0
    private var startTime = 0.0
    private let text: Text
    private var surface: Surface!

    /// A loading screen that will show on `stack`.
    public init(stack: PresentationStack, message: String = "") {
        stackRef = stack
        self.message = message
        text = Text(message, font: Font(size: 17, weight: .bold), color: .white, alignment: .center)
        super.init(kind: .loading)
        appearDuration = 0.5
        disappearDuration = 0.4
        surface = addSurface(text.id("overlay.loading.message"))
    }

    private var timers: Timers? { stackRef?.root?.timers }

    /// Shows the loading screen after `delay` seconds, with `message` under the spinner.
    public func show(message newMessage: String? = nil, after delay: Double = 0) {
        if let newMessage { message = newMessage; text.string = newMessage }
        hideRequested = false
        timers?.cancel(hideTimer)
        hideTimer = nil
        timers?.cancel(showTimer)
        showTimer = nil
        let d = delay.isFinite ? max(0, delay) : 0
        if d == 0 {
            reveal()
        } else {
            showTimer = timers?.after(d) { [weak self] in self?.reveal() }
        }
    }

    /// Hides it: a fade-in still running finishes first, then it fades out over 0.4 s. One that is
    /// still waiting for its delay does not show.
    public func hide() {
        if isPending {
            timers?.cancel(showTimer)
            timers?.cancel(hideTimer)
            showTimer = nil; hideTimer = nil
            return
        }
        timers?.cancel(hideTimer)
        hideTimer = nil
        switch phase {
        case .appearing: hideRequested = true
        case .shown: dismiss()
        case .disappearing, .removed: break
        }
    }

    /// Shows it now and hides it after `duration` seconds.
    public func showAndHide(message newMessage: String? = nil, for duration: Double) {
        show(message: newMessage)
        let d = duration.isFinite ? max(0, duration) : 0
        hideTimer = timers?.after(d) { [weak self] in
            self?.hideTimer = nil
            self?.hide()
        }
    }

    /// Whether it is scheduled but not yet showing.
    public var isPending: Bool { timers?.isScheduled(showTimer) ?? false }

    private func reveal() {
        showTimer = nil
        guard let stack = stackRef, let root = stack.root else { return }
        startTime = root.clock.now
        stack.present(self, animated: true)
    }

    // MARK: - Overlay

    /// Starts the spinner.
    public override func didPresent(root: ViewRoot) { startAnimating() }

    /// The spinner turns while the screen is up.
    public override var isAnimating: Bool { phase != .removed }

    private var spinnerRect: Rect {
        guard let root = stack?.root ?? stackRef?.root else { return .zero }
        let c = root.bounds.inset(by: root.safeArea).center
        return Rect(x: c.x - 22, y: c.y - 44, width: 44, height: 44)
    }

    /// Places the message under the spinner, in the middle of the safe area.
    public override func layout(root: ViewRoot) {
        let width = min(root.size.width - 40, 320)
        let h = text.measure(ProposedSize(width: width, height: nil)).height.rounded(.up)
        let c = root.bounds.inset(by: root.safeArea).center
        let s = root.scale
        let origin = Point((((c.x - width / 2) * s).rounded()) / s, ((c.y + 12) * s).rounded() / s)
        surface.place(Rect(origin: origin, size: Size(width, max(1, h))))
    }

    /// Turns the spinner, and fades out once a fade-in that a hide waited for is done.
    public override func advanceOwnAnimations(to time: Double, root: ViewRoot) -> Bool {
        if hideRequested && phase == .shown {
            hideRequested = false
            dismiss()
        }
        // Under reduced motion the spinner stands still (a static indicator over the message).
        let step = root.reducesMotion ? 0 : Int(((time - startTime) * LoadingOverlay.stepsPerSecond).rounded(.down)) % LoadingOverlay.spokes
        if step != spinnerStep {
            spinnerStep = step
            root.invalidateComposite(rect: spinnerRect)
        }
        return phase != .removed
    }

    /// Dims everything, then draws the spinner and the message.
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
            let alpha = (root.reducesMotion ? 0.85 : 1 - Double(age) / Double(LoadingOverlay.spokes) * 0.85) * presentationOpacity
            let angle = Double(i) / Double(LoadingOverlay.spokes) * 2 * .pi
            let spoke = Path.roundedRect(Rect(x: -2, y: -20, width: 4, height: 11), radius: 2)
                .applying(Transform.rotation(angle).concatenating(.translation(c.x, c.y)))
            canvas.fill(spoke, color: Color(white: 1, alpha: alpha))
        }
        surface.composite(into: frame, region: region, opacity: presentationOpacity)
    }

    /// No view takes the focus while it is up.
    public override func focusScope(root: ViewRoot) -> [View] { [] }
    /// The message.
    public override func accessibilityDescription(root: ViewRoot) -> String { message }
    /// A dialog holding a busy progress indicator read by its message.
    public override func semanticNode(root: ViewRoot) -> SemanticNode {
        var node = super.semanticNode(root: root)
        node.state.insert(.busy)
        node.children = [SemanticNode(role: .progressIndicator, label: message, id: "overlay.loading.message",
                                      frame: spinnerRect, state: .busy)]
        return node
    }

    /// Takes every event but a resize: nothing beneath sees input.
    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        if case .resize = event { return .passThrough }
        return .consumed
    }
}
