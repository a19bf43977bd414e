import Raster
import Views

/// Draws the bubble's box, tail and shadow behind its content, which it places in the box.
///
/// The geometry is kept relative to the chrome's own frame, so a bubble whose surface moved by
/// whole device pixels (following a scrolled target) is the same chrome and paints nothing again.
final class BubbleChrome: View {
    /// The box's fill, what the bubble's text is read against.
    static let background = Color.white
    /// The box's shadow.
    static let shadow = CardShadow(color: Color(white: 0, alpha: 0.25), blur: 8, offsetY: 2)

    /// What a bubble laid out as `layout` draws on (screen points): box and tail, the shadow's reach
    /// around them, and a device pixel for anti-aliasing.
    static func ink(of layout: BubbleLayout, scale: Double) -> Rect {
        let reach = shadow.reach(scale: scale, slack: 1 / scale), b = layout.bounds
        return Rect(x: b.minX - reach.leading, y: b.minY - reach.top, width: b.width + reach.leading + reach.trailing,
                    height: b.height + reach.top + reach.bottom)
    }

    /// The layout relative to the chrome's frame.
    private(set) var relativeLayout: BubbleLayout?

    /// How the box looks.
    let theme: BubbleTheme

    /// A chrome around `content`, looking as `theme` says.
    init(content: View, theme: BubbleTheme = .standard) {
        self.theme = theme
        super.init(children: [content])
    }

    /// Takes a layout in screen points for a chrome whose frame will start at `origin`; returns
    /// whether it changed, and so whether its surface must place it again
    /// (`Surface.setNeedsPlacement()`: this runs in the layers' layout, where nothing is marked
    /// for layout).
    func update(layout: BubbleLayout, origin: Point) -> Bool {
        let relative = layout.offsetBy(dx: -origin.x, dy: -origin.y)
        guard relative != relativeLayout else { return false }
        relativeLayout = relative
        setNeedsDisplay()
        return true
    }

    /// The layout in screen points, from the chrome's frame.
    private var layout: BubbleLayout? { relativeLayout?.offsetBy(dx: frame.minX, dy: frame.minY) }

    override var hasOwnContent: Bool { true }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size { Size(proposal.width ?? 0, proposal.height ?? 0) }

    override func placeSubviews(in bounds: Rect) {
        guard let layout else { return }
        children.first?.place(in: layout.box)
    }

    override func draw(in canvas: Canvas) {
        guard let layout else { return }
        let s = BubbleChrome.shadow
        if theme.shadow {
            canvas.drawShadow(of: layout.box, cornerRadius: theme.cornerRadius, blur: s.blur, dy: s.offsetY, color: s.color)
        }
        canvas.fill(layout.box, cornerRadius: theme.cornerRadius, color: theme.background)
        canvas.fill(layout.tailPath, color: theme.background)
    }
}
