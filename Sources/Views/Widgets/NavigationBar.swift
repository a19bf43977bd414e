import Raster

/// A navigation bar with a large title, under the top safe-area inset; the title label carries the
/// id the app gives it, if any. A screen shown over another has a back button above the title
/// (`back`), as a stack of screens does.
public final class NavigationBar: View {
    /// A back button: its words, its view's id and what it does.
    public struct Back {
        /// The button's words ("Back", or the screen it goes back to).
        public var title: String
        /// The button's id.
        public var id: String?
        /// What a tap does.
        public var action: @MainActor () -> Void
        /// A back button saying `title`, named `id`, running `action`.
        public init(title: String, id: String? = "nav.back", action: @escaping @MainActor () -> Void) {
            self.title = title; self.id = id; self.action = action
        }
    }

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
                backgroundColor: Color = Palette.groupedBackground, contentMaxWidth: Double? = nil, back: Back? = nil) {
        titleLabel = Text(title, font: font, color: color, lineLimit: 1)
        titleLabel.id = titleID
        titleLabel.accessibilityRole = .header
        self.backgroundColor = backgroundColor
        self.back = back
        super.init()
        let row = FrameView(maxWidth: .infinity, alignment: .leading, child: titleLabel)
            .padding(EdgeInsets(top: 4, leading: 16, bottom: 8, trailing: 16))
        rows = VStack(alignment: .leading, spacing: 0, children: [row])
        let column = FrameView(maxWidth: contentMaxWidth ?? .infinity, child: rows).frame(maxWidth: .infinity)
        // Under a window's top edge (no safe area) the title keeps a margin of its own.
        let insets = SafeAreaPadding([.top, .leading, .trailing], child: column)
        insets.minimum = EdgeInsets(top: NavigationBar.topMarginWithoutSafeArea)
        addChild(insets)
        showBack()
    }

    /// The back button over the title, nil for a screen that is not over another.
    public var back: Back? { didSet { showBack() } }
    /// The back button's colour (the app's tint).
    public var tint = Palette.tint { didSet { if tint != oldValue { showBack() } } }
    /// The title row, and the back row above it while there is one.
    private var rows = VStack(children: [])
    /// The back button on screen, if any.
    public private(set) var backButton: Button?

    private func showBack() {
        let title = rows.children.last.map { [$0] } ?? []
        guard let back else {
            backButton = nil
            rows.replaceChildren(with: title)
            return
        }
        let label = HStack(spacing: 2, children: [IconView(.chevronBackward, color: tint, size: 22),
                                                  Text(back.title, font: Font(size: 17), color: tint, lineLimit: 1)])
            .padding(EdgeInsets(top: 6, leading: 8, bottom: 6, trailing: 10))
        let button = Button(shape: .capsule, action: back.action, label: label)
        button.id = back.id
        button.accessibilityLabel = back.title
        backButton = button
        rows.replaceChildren(with: [button.padding(EdgeInsets(leading: 4))] + title)
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
