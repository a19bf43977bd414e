import AccessibilityBridge
import Foundation
import Raster
import Views

/// The window's semantics tree on the accessibility bus while a screen reader can listen: the
/// tree published after the frames that change it, and what clients ask for (an action, a focus)
/// done on the root between frames, like input.
@MainActor
final class ScreenReaderLink {
    private let bridge: AccessibilityBridge
    private var root: ViewRoot
    private var callback: FrameCallbackID?
    private var source: ReadableSources.ID?
    private let origin: () -> Point
    private let pixelsPerPoint: () -> Double
    private var last: SemanticNode?

    /// The link of the window called `title` showing `root`, or nil when no accessibility bus and
    /// registry answer (then nothing runs and nothing costs).
    static func connect(title: String, root: ViewRoot, origin: @escaping () -> Point, pixelsPerPoint: @escaping () -> Double) -> ScreenReaderLink? {
        guard let bridge = AccessibilityBridge.connect(name: title) else { return nil }
        return ScreenReaderLink(bridge: bridge, root: root, origin: origin, pixelsPerPoint: pixelsPerPoint)
    }

    private init(bridge: AccessibilityBridge, root: ViewRoot, origin: @escaping () -> Point, pixelsPerPoint: @escaping () -> Double) {
        self.bridge = bridge; self.root = root; self.origin = origin; self.pixelsPerPoint = pixelsPerPoint
        source = ReadableSources.main.add(bridge.requestDescriptor) { [weak self] in self?.performRequests() }
        follow(root)
    }

    /// Serves `root` from now on.
    func follow(_ root: ViewRoot) {
        if let callback { self.root.removeFrameCallback(callback) }
        self.root = root
        last = nil
        callback = root.addFrameCallback { [weak self] _ in self?.publishIfChanged() }
        publishIfChanged()
    }

    private func publishIfChanged() {
        let tree = root.semanticsTree()
        guard tree != last else { return }
        last = tree
        bridge.publish(tree, origin: origin(), pixelsPerPoint: pixelsPerPoint(), language: root.language ?? "en")
    }

    private func performRequests() {
        for request in bridge.takeRequests() {
            switch request {
            case .perform(let action, let id):
                // Activation is what every element offers; the other actions come with keys, which a
                // screen reader sends as keys.
                guard action == .activate, let view = root.view(withID: id) else { continue }
                _ = view.activate()
            case .focus(let id):
                if let view = root.view(withID: id) { root.focus(view) }
            }
        }
        // What an action changes invalidates views, so the frame it asks for publishes it.
    }

    /// Leaves the bus.
    func stop() {
        ReadableSources.main.remove(source)
        if let callback { root.removeFrameCallback(callback) }
        bridge.stop()
    }
}
