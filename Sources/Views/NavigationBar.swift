import Raster

/// A navigation bar with a large title, under the top safe-area inset.
/// The title label carries the id `nav.title`.
public final class NavigationBar: View {
    /// The title label.
    public let titleLabel: Text
    /// The bar's fill.
    public var backgroundColor: Color { didSet { if backgroundColor != oldValue { setNeedsDisplay() } } }

    /// A bar titled `title` in `font`.
    public init(title: String, font: Font = .largeTitle, color: Color = Palette.label,
                backgroundColor: Color = Palette.groupedBackground) {
        titleLabel = Text(title, font: font, color: color, lineLimit: 1).id("nav.title")
        self.backgroundColor = backgroundColor
        super.init()
        let row = FrameView(maxWidth: .infinity, alignment: .leading, child: titleLabel)
        addChild(SafeAreaPadding([.top, .leading, .trailing], extra: EdgeInsets(top: 4, leading: 16, bottom: 8, trailing: 16), child: row))
    }

    /// The title text.
    public var title: String {
        get { titleLabel.string }
        set { titleLabel.string = newValue }
    }

    public override var hasOwnContent: Bool { true }
    public override func draw(in canvas: Canvas) { canvas.fill(frame, color: backgroundColor) }
}
