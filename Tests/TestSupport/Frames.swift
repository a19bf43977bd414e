import Views

/// Lets `seconds` of virtual time pass in 60 Hz steps, calling `frame` after each step: how tests
/// and headless runs drive animations the way a window would.
@MainActor
public func runFrames(_ seconds: Double, clock: VirtualClock, _ frame: () -> Void) {
    var left = seconds
    while left > 1e-9 {
        let step = min(1.0 / 60, left)
        clock.advance(by: step)
        left -= step
        frame()
    }
}
