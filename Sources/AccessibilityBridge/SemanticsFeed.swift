import Raster
import Views

/// Hands a root's semantics tree to a bridge as its frames change it: after a frame, at most once
/// every `interval` seconds of the root's clock (a last change inside the interval goes out when
/// it ends), and only when the tree differs from the last one sent. A screen reader hears a change
/// within a tenth of a second; a frame of an animation mostly pays nothing.
@MainActor
public final class SemanticsFeed {
    /// The shortest time between two trees sent.
    public static let interval = 0.1

    private let bridge: AccessibilityBridge
    private let place: () -> (origin: Point, pixelsPerPoint: Double)
    /// The root followed now.
    public private(set) var root: ViewRoot
    private var callback: FrameCallbackID?
    private var trailing: TimerID?
    private var last: SemanticNode?
    private var sentAt = -Double.infinity

    /// Feeds `root` to `bridge`; `place` says where the screen is (its top-left corner on the
    /// screen, in pixels) and its pixels per point when a tree goes out.
    public init(bridge: AccessibilityBridge, root: ViewRoot, place: @escaping () -> (origin: Point, pixelsPerPoint: Double)) {
        self.bridge = bridge; self.place = place; self.root = root
        follow(root)
    }

    /// Follows `root` from now on, its tree sent at once.
    public func follow(_ root: ViewRoot) {
        stop()
        self.root = root
        last = nil
        callback = root.addFrameCallback { [weak self] _ in self?.frameChanged() }
        sendIfChanged()
    }

    /// Stops following the root.
    public func stop() {
        if let callback { root.removeFrameCallback(callback) }
        callback = nil
        root.timers.cancel(trailing)
        trailing = nil
    }

    /// While paused, frames send nothing (a benchmark's baseline frames).
    public var isPaused = false

    private func frameChanged() {
        guard !isPaused else { return }
        let since = root.clock.now - sentAt
        if since >= Self.interval { sendIfChanged(); return }
        guard trailing == nil else { return }
        trailing = root.timers.after(Self.interval - since) { [weak self] in
            self?.trailing = nil
            self?.sendIfChanged()
        }
    }

    /// Sends the tree now if it changed since the last one sent.
    public func sendIfChanged() {
        sentAt = root.clock.now
        let tree = root.semanticsTree()
        guard tree != last else { return }
        last = tree
        let (origin, pixelsPerPoint) = place()
        bridge.publish(tree, origin: origin, pixelsPerPoint: pixelsPerPoint, language: root.language ?? "en")
    }
}
