import Testing
import Raster
@testable import SDLHost

/// A window larger than the display's usable area fits it: an app's screen at a lower scale (its
/// points unchanged), an editor at a smaller size (its scale unchanged); one that fits is left as asked.
@Suite struct WindowFitTests {
    @Test func aScreenLargerThanTheDisplayIsShownAtALowerScale() {
        let fitted = WindowHost.fit(Size(390, 844), scale: 3, into: (1400, 1800), by: .scale)
        #expect(fitted.size == Size(390, 844))
        #expect(fitted.scale == 2.13, "1800 / 844 = 2.132…, to the hundredth below: \(fitted.scale)")
        #expect((fitted.size.height * fitted.scale).rounded() <= 1800)
    }

    @Test func anEditorLargerThanTheDisplayIsMadeSmaller() {
        let fitted = WindowHost.fit(Size(790, 844), scale: 2, into: (1400, 1800), by: .size)
        #expect(fitted.scale == 2 && fitted.size == Size(700, 844))
    }

    @Test(arguments: [WindowFit.scale, .size])
    func aWindowThatFitsIsLeftAsAsked(fit: WindowFit) {
        let fitted = WindowHost.fit(Size(390, 844), scale: 2, into: (1400, 1800), by: fit)
        #expect(fitted.size == Size(390, 844) && fitted.scale == 2)
    }
}
