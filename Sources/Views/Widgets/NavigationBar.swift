import Raster

/// A navigation bar with a large title, under the top safe-area inset; the title label carries the
/// id the app gives it, if any.
public final class NavigationBar: View {
    /// The title label.
    public let titleLabel: Text
    /// Points above the title row where the screen has no top safe area (a desktop window).
    public static let topMarginWithoutSafeArea = 16.0
    /// The bar's fill.
    public var backgroundColor: Color { didSet { if backgroundColor != oldValue { setNeedsDisplay() } } }

    /// A bar titled `title` in `font`, the title's view named `titleID`. With `contentMaxWidth`, the
    /// title row is at most that wide and centred, so the title lines up with a centred content
    /// column on wide screens.
    public init(title: String, titleID: String? = nil, font: Font = .largeTitle, color: Color = Palette.label,
                backgroundColor: Color = Palette.groupedBackground, contentMaxWidth: Double? = nil) {
        titleLabel = Text(title, font: font, color: color, lineLimit: 1)
        titleLabel.id = titleID
        titleLabel.accessibilityRole = .header
        self.backgroundColor = backgroundColor
        super.init()
        let row = FrameView(maxWidth: .infinity, alignment: .leading, child: titleLabel)
            .padding(EdgeInsets(top: 4, leading: 16, bottom: 8, trailing: 16))
        let column = FrameView(maxWidth: contentMaxWidth ?? .infinity, child: row).frame(maxWidth: .infinity)
        // Under a window's top edge (no safe area) the title keeps a margin of its own.
        let insets = SafeAreaPadding([.top, .leading, .trailing], child: column)
        insets.minimum = EdgeInsets(top: NavigationBar.topMarginWithoutSafeArea)
        addChild(insets)
    }

    /// The title text.
    public var title: String {
        get { titleLabel.string }
        set { titleLabel.string = newValue }
    }

    /// The bar's fill.
    public override var hasOwnContent: Bool { true }
    /// Fills the bar.
    public override func draw(in canvas: Canvas) { canvas.fill(frame, color: backgroundColor) }
}
