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
extension ViewRoot {
    /// Runs `body` with the frame's time in every frame from the next one on, after the animations
    /// and before layout, until removed. It asks for no frame by itself: it sees each frame that
    /// input, timers or animations make.
    @discardableResult
    public func addFrameCallback(_ body: @escaping @MainActor (Double) -> Void) -> FrameCallbackID {
        lastFrameCallbackID += 1
        let id = FrameCallbackID(value: lastFrameCallbackID)
        frameCallbacks.append((id, body))
        return id
    }

    /// Stops a callback `addFrameCallback(_:)` registered; a callback removed during the frame's
    /// callback phase does not run later in it.
    public func removeFrameCallback(_ id: FrameCallbackID) {
        frameCallbacks.removeAll { $0.id == id }
    }

    /// Whether `id` is registered.
    public func hasFrameCallback(_ id: FrameCallbackID) -> Bool { frameCallbacks.contains { $0.id == id } }

    /// Runs `body` once, at the start of the next frame's callback phase, and asks for that frame.
    public func beforeNextFrame(_ body: @escaping @MainActor () -> Void) {
        nextFrameRequests.append(body)
    }

    /// The callback phase: the requests made since the last one, in order (those they make wait for
    /// the next frame), then every registered callback still registered when its turn comes.
    func runFrameCallbacks(at time: Double) {
        let requests = nextFrameRequests
        nextFrameRequests.removeAll()
        for request in requests { request() }
        for (id, body) in frameCallbacks where hasFrameCallback(id) { body(time) }
    }
}
