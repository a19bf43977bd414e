import Raster
import Views

/// A red banner across the top of the screen with a short error (a tour file that failed to
/// reload), in at most three lines: a longer one is cut in its middle, so its end (a "did you
/// mean", how many more problems) stays. It is a screen layer above the overlays; it takes no input, so the app and the tour
/// under it keep working. Its view is `tour.errorBanner`, painted straight into the frame.
@MainActor
public final class ErrorBanner: ScreenLayer {
    /// The text shown; nil hides the banner.
    public var message: String? {
        didSet {
            guard message != oldValue else { return }
            label.string = message ?? ""
            if message == nil {
                surface.detach()
            } else if !surface.isAttached, let root {
                surface.attach(to: root)
            }
        }
    }
    /// The banner's fill.
    public static let color = Color(red: 0xD7, green: 0x26, blue: 0x1E)

    private weak var root: ViewRoot?
    private let label: Text
    private let bar: View
    private let surface: Surface

    /// A hidden banner on `root`, added as its top layer.
    public init(root: ViewRoot) {
        self.root = root
        label = Text("", font: Font(size: 13, weight: .bold), color: .white, lineLimit: 3)
        // A long one loses its middle (a long path), never its end: the "did you mean" and how many more.
        label.truncation = .middle
        bar = SafeAreaPadding([.top], extra: EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12),
                              child: label.frame(maxWidth: .infinity, alignment: .leading))
            .background(ErrorBanner.color)
        bar.id = "tour.errorBanner"
        surface = Surface(content: bar, compositing: .direct)
        root.addLayer(self)
    }

    /// The banner's frame on screen (points) as last laid out; zero when hidden.
    public var frame: Rect { surface.isAttached && bar.isPlaced ? bar.frame : .zero }

    /// Places the banner across the top, as tall as its text needs.
    public func layout(root: ViewRoot) {
        guard surface.isAttached else { return }
        let height = bar.measure(ProposedSize(width: root.size.width, height: nil)).height
        surface.place(Rect(x: 0, y: 0, width: root.size.width, height: height))
    }

    /// Paints the banner over the frame.
    public func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {
        surface.composite(into: frame, region: region)
    }
}
