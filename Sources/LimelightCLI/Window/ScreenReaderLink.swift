import AccessibilityBridge
import Foundation
import Raster
import Views

/// The window's semantics tree on the accessibility bus while a screen reader can listen: the
/// tree published after the frames that change it (`SemanticsFeed`: at most ten times a second), and what clients ask for (an action, a focus,
/// a value, a caret) done on the root between frames, like input. While a screen reader listens,
/// Limelight's own speech stands down (no second voice), unless the user forced it on.
@MainActor
final class ScreenReaderLink {
    private let bridge: AccessibilityBridge
    private var root: ViewRoot
    private var feed: SemanticsFeed!
    private var source: ReadableSources.ID?
    private let speech: (any Announcer)?
    private let speechForced: Bool
    private let say: (String) -> Void
    private var standingDown = false

    /// The link of the window called `title` showing `root`, or nil when no accessibility bus and
    /// registry answer (then nothing runs and nothing costs). `speech` is the window's own
    /// announcer, silenced while a screen reader listens unless `speechForced`; `say` tells the
    /// user when it stands down or speaks again.
    static func connect(title: String, root: ViewRoot, origin: @escaping () -> Point, pixelsPerPoint: @escaping () -> Double,
                        speech: (any Announcer)?, speechForced: Bool, say: @escaping (String) -> Void) -> ScreenReaderLink? {
        guard let bridge = AccessibilityBridge.connect(name: title) else { return nil }
        return ScreenReaderLink(bridge: bridge, root: root, origin: origin, pixelsPerPoint: pixelsPerPoint,
                                speech: speech, speechForced: speechForced, say: say)
    }

    private init(bridge: AccessibilityBridge, root: ViewRoot, origin: @escaping () -> Point, pixelsPerPoint: @escaping () -> Double,
                 speech: (any Announcer)?, speechForced: Bool, say: @escaping (String) -> Void) {
        self.bridge = bridge; self.root = root
        self.speech = speech; self.speechForced = speechForced; self.say = say
        source = ReadableSources.main.add(bridge.requestDescriptor) { [weak self] in self?.performRequests() }
        root.announcer = speech
        feed = SemanticsFeed(bridge: bridge, root: root) { (origin(), pixelsPerPoint()) }
    }

    /// Serves `root` from now on (its announcer is the window's, or none while a reader listens).
    func follow(_ root: ViewRoot) {
        self.root = root
        root.announcer = standingDown ? nil : speech
        feed.follow(root)
    }

    /// Silences the window's own speech while a screen reader listens, and gives it back after.
    private func followListener() {
        let down = bridge.screenReaderListens && speech != nil && !speechForced
        guard down != standingDown else { return }
        standingDown = down
        root.announcer = down ? nil : speech
        say(down ? "speech: off while a screen reader listens on the accessibility bus (--speech on speaks too)"
                 : "speech: on again (no screen reader listens)")
    }

    private func performRequests() {
        let requests = bridge.takeRequests()
        followListener()
        for request in requests {
            switch request {
            case .perform(.dismiss, _):
                // A dialog closes as Escape closes it.
                _ = root.send(.key(.escape))
            case .perform(let action, let id):
                guard let view = root.view(withID: id) else { continue }
                switch action {
                case .activate: _ = view.activate()
                case .increment: _ = view.adjust(by: 1)
                case .decrement: _ = view.adjust(by: -1)
                case .dismiss: break
                }
            case .focus(let id):
                if let view = root.view(withID: id) { root.focus(view) }
            case .setValue(let value, let id):
                _ = root.view(withID: id)?.adjust(to: value)
            case .select(let range, let id):
                (root.view(withID: id) as? TextField)?.select(range)
            }
        }
        // What a request changes invalidates views, so the frame it asks for publishes it.
    }

    /// Leaves the bus.
    func stop() {
        ReadableSources.main.remove(source)
        feed.stop()
        bridge.stop()
    }
}
