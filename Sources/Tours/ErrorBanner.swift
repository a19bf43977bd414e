import Raster
import Views

/// A red banner across the top of the screen with a short error (a tour file that failed to
/// reload). It is a screen layer above the overlays; it takes no input, so the app and the tour
/// under it keep working.
@MainActor
public final class ErrorBanner: ScreenLayer {
    /// The text shown; nil hides the banner.
    public var message: String? {
        didSet {
            guard message != oldValue else { return }
            if !shownFrame.isEmpty { root?.invalidate(rect: shownFrame) }
            label.string = message ?? ""
            container.content = message == nil ? nil : bar
            updateFrame(force: true)
        }
    }
    /// The banner's fill.
    public static let color = Color(red: 0xD7, green: 0x26, blue: 0x1E)

    private weak var root: ViewRoot?
    private let label: Text
    private let bar: View
    private let container = ContainerView()
    private var bannerRoot: ViewRoot?
    /// Where the banner was last laid out (points), zero when hidden.
    private var shownFrame = Rect.zero

    /// A hidden banner on `root`, added as its top layer.
    public init(root: ViewRoot) {
        self.root = root
        label = Text("", font: Font(size: 13, weight: .bold), color: .white, lineLimit: 3)
        bar = SafeAreaPadding([.top], extra: EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12),
                              child: label.frame(maxWidth: .infinity, alignment: .leading))
            .background(ErrorBanner.color)
        bar.id = "tour.errorBanner"
        root.addLayer(self)
    }

    /// The banner's frame on screen (points); zero when hidden.
    public var frame: Rect {
        updateFrame()
        return shownFrame
    }

    /// Lays the banner out and repaints its old and new area when it moved (or always, with `force`).
    private func updateFrame(force: Bool = false) {
        var f = Rect.zero
        if message != nil, let r = embeddedRoot() {
            r.layoutIfNeeded()
            if bar.isPlaced { f = bar.frame }
        }
        guard force || f != shownFrame else { return }
        if !shownFrame.isEmpty { root?.invalidate(rect: shownFrame) }
        if !f.isEmpty { root?.invalidate(rect: f) }
        shownFrame = f
    }

    private func embeddedRoot() -> ViewRoot? {
        guard let root else { return nil }
        if let r = bannerRoot {
            if r.size != root.size || r.scale != root.scale || r.safeArea != root.safeArea {
                try? r.resize(to: root.size, scale: root.scale, safeArea: root.safeArea)
            }
            return r
        }
        let content = VStack(spacing: 0, children: [container, Spacer()])
        bannerRoot = try? ViewRoot(content: content, size: root.size, scale: root.scale, safeArea: root.safeArea,
                                   textEngine: root.textEngine, clock: root.clock)
        return bannerRoot
    }

    public func prepare(root: ViewRoot) {
        guard message != nil, let r = embeddedRoot(), r.needsLayout else { return }
        updateFrame()
    }

    public func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {
        guard message != nil, let r = embeddedRoot() else { return }
        r.paintContent(region: region, into: frame)
    }
}
