import Overlays
import Raster
import Views

/// Shows a still image fitted to its frame (letterboxed), shrunk with an area-averaging filter
/// when it has more pixels than the screen, so a 3x screenshot stays sharp on a 1x screen.
public final class ScreenshotView: View {
    /// The screenshot.
    public var image: Pixmap { didSet { if image !== oldValue { scaled = nil; setNeedsDisplay() } } }
    private var scaled: Pixmap?

    /// A view of `image`.
    public init(image: Pixmap) {
        self.image = image
        super.init()
    }

    /// Where the image is drawn inside `frame` (points): fitted and centred.
    public var imageRect: Rect {
        let iw = Double(image.width), ih = Double(image.height)
        let s = min(frame.width / iw, frame.height / ih)
        return frame.aligned(Size(width: iw * s, height: ih * s), .center)
    }

    /// The screenshot paints itself.
    public override var hasOwnContent: Bool { true }

    /// Draws the image fitted into the frame.
    public override func draw(in canvas: Canvas) {
        guard !frame.isEmpty else { return }
        let rect = imageRect
        let device = canvas.transform.apply(rect)
        let w = Int(device.width.rounded()), h = Int(device.height.rounded())
        if w < image.width || h < image.height {
            if scaled == nil || scaled!.width != w || scaled!.height != h { scaled = image.areaAveraged(width: w, height: h) }
            if let scaled { canvas.draw(scaled, in: rect, sampling: .bilinear); return }
        }
        canvas.draw(image, in: rect, sampling: .bilinear)
    }
}

/// A screen showing a screenshot instead of the sample app: what tours with a `background` run on.
/// It has no tabs and nothing scrolls; targets are rectangles in screen points.
@MainActor
public final class ScreenshotStage: TourHost {
    /// The screen.
    public let root: ViewRoot
    /// The overlays above it.
    public let overlays: PresentationStack
    /// The view showing the screenshot.
    public let screenshot: ScreenshotView
    /// The language a tour's per-language texts are picked by.
    public let languageCode: String
    /// What the bubbles' buttons read.
    public let tourButtonTitles: TourButtonTitles

    /// A `size`-point screen at `scale` showing `image` fitted (letterboxed in dark grey), for tours
    /// in `languageCode` whose buttons read `buttonTitles`.
    public init(image: Pixmap, size: Size, scale: Double = 1, languageCode: String = "en",
                buttonTitles: TourButtonTitles = .english, textEngine: any TextEngine, clock: any Clock) throws(ViewError) {
        self.languageCode = languageCode
        tourButtonTitles = buttonTitles
        screenshot = ScreenshotView(image: image)
        screenshot.id = "screenshot"
        root = try ViewRoot(content: screenshot, size: size, scale: scale, textEngine: textEngine, clock: clock)
        root.backgroundColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
        overlays = PresentationStack(root: root)
    }

    /// None: a screenshot has no tabs.
    public var tabNames: [String] { [] }
    /// None.
    public var selectedTabName: String? { nil }
    /// There is no tab to select.
    public func selectTab(named name: String) -> Bool { false }
    /// Nothing scrolls.
    public func scrollIntoView(viewID id: String) {}
}
