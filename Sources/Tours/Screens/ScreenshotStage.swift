import Overlays
import Raster
import TranslationFiles
import Views

/// Shows a still image fitted to its frame (letterboxed), shrunk with an area-averaging filter
/// when it has more pixels than the screen, so a 3x screenshot stays sharp on a 1x screen.
public final class ScreenshotView: View {
    /// The screenshot.
    public var image: Pixmap { didSet { if image !== oldValue { scaled = nil; setNeedsDisplay() } } }
    private var scaled: Pixmap?
    /// The screenshot being faded out over the new one, and the fade.
    private var fading: (image: Pixmap, scaled: Pixmap?, tween: Tween)?
    /// Seconds a cross-fade between screens takes.
    public static let crossFadeDuration = 0.3

    /// Shows `next`, cross-faded from the image shown now over `crossFadeDuration` when `animated`
    /// (0.1 s under reduced motion); not animated, it is shown whole at once, a fade under way cut short.
    public func show(_ next: Pixmap, animated: Bool) {
        if !animated, fading != nil {
            fading = nil
            setNeedsDisplay()
        }
        guard next !== image else { return }
        if animated, let root {
            let duration = root.reducesMotion ? 0.1 : ScreenshotView.crossFadeDuration
            fading = (image, scaled, Tween(from: 1, to: 0, start: root.clock.now, duration: duration, easing: .easeInOut))
            startAnimating()
        }
        image = next
    }

    /// Moves the cross-fade on.
    public override func advanceAnimations(to time: Double) -> Bool {
        guard let f = fading else { return false }
        setNeedsDisplay()
        if f.tween.isFinished(at: time) { fading = nil; return false }
        return true
    }

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
        let w = Int(clampedToInt: device.width.rounded()), h = Int(clampedToInt: device.height.rounded())
        func shrunk(_ img: Pixmap, _ cache: inout Pixmap?) -> Pixmap {
            guard w < img.width || h < img.height else { return img }
            if cache == nil || cache!.width != w || cache!.height != h { cache = img.areaAveraged(width: w, height: h) }
            return cache ?? img
        }
        canvas.draw(shrunk(image, &scaled), in: rect, sampling: .bilinear)
        if var f = fading, let root {
            let opacity = f.tween.value(at: root.frameTime)
            let old = shrunk(f.image, &f.scaled)
            fading?.scaled = f.scaled
            if opacity > 0 { canvas.draw(old, in: rect, sampling: .bilinear, opacity: opacity) }
        }
    }
}

/// A screen showing a screenshot instead of the app: what tours with a `background` run on.
/// It has no tabs and nothing scrolls; targets are rectangles in screen points, or, over a
/// capture, the captured elements (`elements`) found by id and anchors.
@MainActor
public final class ScreenshotStage: TourHost {
    /// The screen.
    public let root: ViewRoot
    /// The overlays above it.
    public let overlays: PresentationStack
    /// The view showing the screenshot.
    public let screenshot: ScreenshotView
    /// The language a tour's per-language texts are picked by.
    public private(set) var languageCode: String
    /// A screenshot has no events of its own.
    public var onAppEvent: (@MainActor (String) -> Void)?

    /// A `size`-point screen at `scale` showing `image` fitted (letterboxed in dark grey), for tours
    /// in `languageCode` (whose bubbles are laid out in its direction), saying `strings`' words
    /// (Limelight's, as every host finds them, unless given).
    public init(image: Pixmap, size: Size, scale: Double = 1, languageCode: String = "en",
                strings: InterfaceStrings = InstalledStrings.words, textEngine: any TextEngine, clock: any Clock) throws(ViewError) {
        self.languageCode = languageCode
        screenshot = ScreenshotView(image: image)
        baseImage = image
        screenshot.id = "screenshot"
        screenshot.addChild(captured)
        root = try ViewRoot(content: screenshot, size: size, scale: scale, textEngine: textEngine, clock: clock)
        root.backgroundColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
        root.language = languageCode
        root.strings = strings
        overlays = PresentationStack(root: root)
    }

    /// Tours over the screenshot speak `tag` from now on (the picture itself stays as it is).
    @discardableResult public func switchLanguage(to tag: String) -> Bool {
        languageCode = tag
        root.language = tag
        return true
    }

    /// None: a screenshot has no tabs.
    public var tabNames: [String] { [] }
    /// None.
    public var selectedTabName: String? { nil }
    /// There is no tab to select.
    public func selectTab(named name: String) -> Bool { false }
    /// Nothing scrolls.
    public func scrollIntoView(viewID id: String) {}

    /// How a tour's rects (in the points of the screenshot's own screen) map onto this screen, when
    /// it is another size: the image's fit. Nil on the screenshot's own screen.
    public var rectMapping: (@Sendable (Rect) -> Rect)? {
        didSet { if !captured.elements.isEmpty { captured.show(captured.elements, mapping: rectMapping) } }
    }

    /// The elements of the capture the picture is (empty for a plain screenshot): stand-in views
    /// at their frames, mapped by `rectMapping`, so anchors and ids find them as on a live app.
    public var elements: [CapturedElement] {
        get { captured.elements }
        set { captured.show(newValue, mapping: rectMapping) }
    }
    private let captured = CapturedElementsView()

    /// The map from `own`-point rects to rects on a `screen`-point screen showing the same image
    /// fitted and centred, as `ScreenshotView` draws it.
    public static func fitting(_ own: Size, into screen: Size) -> @Sendable (Rect) -> Rect {
        let s = min(screen.width / own.width, screen.height / own.height)
        let dx = (screen.width - own.width * s) / 2, dy = (screen.height - own.height * s) / 2
        return { r in Rect(x: r.minX * s + dx, y: r.minY * s + dy, width: r.width * s, height: r.height * s) }
    }

    /// The screenshots of steps with a `background` of their own, by index; later steps keep the
    /// last one given, the first ones the tour's.
    public var stepImages: [Int: Pixmap] = [:]
    /// The tour's own screenshot, shown until a step gives another.
    private let baseImage: Pixmap

    /// Shows the screenshot step `index` runs on, cross-faded from the one shown when `animated`.
    public func showScreen(forStep index: Int, animated: Bool) {
        let image = stepImages.filter { $0.key <= index }.max { $0.key < $1.key }?.value ?? baseImage
        screenshot.show(image, animated: animated)
    }
}
