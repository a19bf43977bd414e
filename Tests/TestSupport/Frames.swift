import Views

/// Lets `seconds` of virtual time pass in 60 Hz steps, calling `frame` after each step: how tests
/// and headless runs drive animations the way a window would.
@MainActor
public func runFrames(_ seconds: Double, clock: VirtualClock, _ frame: () -> Void) {
    clock.advance(by: seconds, frame)
}
