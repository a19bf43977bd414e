/// A registered frame callback, for `ViewRoot.removeFrameCallback(_:)`.
public struct FrameCallbackID: Hashable, Sendable {
    let value: Int
}

/// The frame's hook (Flutter's frame callbacks): code that runs in every frame after the timers and
/// animations and before layout, so what it changes is laid out and painted in the same frame.
///
/// The rule: the tree changes in input handling, timers, animations and frame callbacks, never
/// while layers lay out or anything paints. A layer that wants the tree changed from its layout
/// (a spotlight whose target came back asks for it to be scrolled to) asks with
/// `beforeNextFrame(_:)`: the change runs in the next frame's callback phase, in phase order.
///
/// A root's list of them, with the requests for the next frame's callback phase.
@MainActor
final class FrameCallbackList {
    /// What `add(_:)` registered, in order.
    private var callbacks: [(id: FrameCallbackID, body: @MainActor (Double) -> Void)] = []
    private var lastID = 0
    /// What `request(_:)` asked for, in order, for the next frame's callback phase.
    private var requests: [@MainActor () -> Void] = []

    /// Registers `body` for every frame from the next one on.
    func add(_ body: @escaping @MainActor (Double) -> Void) -> FrameCallbackID {
        lastID += 1
        let id = FrameCallbackID(value: lastID)
        callbacks.append((id, body))
        return id
    }

    /// Stops the callback `id`.
    func remove(_ id: FrameCallbackID) { callbacks.removeAll { $0.id == id } }

    /// Whether `id` is registered.
    func contains(_ id: FrameCallbackID) -> Bool { callbacks.contains { $0.id == id } }

    /// Asks for `body` to run once, at the start of the next callback phase.
    func request(_ body: @escaping @MainActor () -> Void) { requests.append(body) }

    /// Whether a request waits for the next frame.
    var hasRequests: Bool { !requests.isEmpty }

    /// The callback phase: the requests made since the last one, in order (those they make wait for
    /// the next frame), then every registered callback still registered when its turn comes.
    func run(at time: Double) {
        let waiting = requests
        requests.removeAll()
        for request in waiting { request() }
        for (id, body) in callbacks where contains(id) { body(time) }
    }
}

extension ViewRoot {
    /// Runs `body` with the frame's time in every frame from the next one on, after the animations
    /// and before layout, until removed. It asks for no frame by itself: it sees each frame that
    /// input, timers or animations make.
    @discardableResult
    public func addFrameCallback(_ body: @escaping @MainActor (Double) -> Void) -> FrameCallbackID { frameCallbacks.add(body) }

    /// Stops a callback `addFrameCallback(_:)` registered; a callback removed during the frame's
    /// callback phase does not run later in it.
    public func removeFrameCallback(_ id: FrameCallbackID) { frameCallbacks.remove(id) }

    /// Whether `id` is registered.
    public func hasFrameCallback(_ id: FrameCallbackID) -> Bool { frameCallbacks.contains(id) }

    /// Runs `body` once, at the start of the next frame's callback phase, and asks for that frame.
    public func beforeNextFrame(_ body: @escaping @MainActor () -> Void) { frameCallbacks.request(body) }
}
