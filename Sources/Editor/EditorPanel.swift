import Raster
import Views

/// The panel beside the screen, laid out for any window height: the tour's name, the status line
/// and the problems at the top (wrapped, never cut), the footer's buttons at the bottom, and
/// between them the step list and the settings sharing what is left. The step list takes half of
/// it (at most `EditorPanel.stripMostHeight`, at least one and a half rows while the settings keep
/// as much, and no more than its rows need); the settings scroll in the rest, with a bar that says
/// there is more. So on a 1366×768 display three rows of steps show, and at display scale 2
/// (384 points) every part is still on screen.
@MainActor
final class EditorPanel: View {
    /// The panel's inset from its edges, in points.
    static let inset = 12.0
    /// The gap between the panel's parts, in points.
    static let gap = 8.0
    /// The step list's most height, in points (about four rows).
    static let stripMostHeight = 400.0

    private let top: [View]
    private let strip: StepStrip
    private let stepButtons: View
    private let divider: View
    private let settings: ScrollView
    private let footer: View

    /// The parts, top to bottom: `top` (name, status, problems: each as tall as its text),
    /// `strip`, `stepButtons`, `divider`, `settings`, `footer`.
    init(top: [View], strip: StepStrip, stepButtons: View, divider: View, settings: ScrollView, footer: View) {
        self.top = top
        self.strip = strip
        self.stepButtons = stepButtons
        self.divider = divider
        self.settings = settings
        self.footer = footer
        super.init(children: top + [strip, stepButtons, divider, settings, footer])
    }

    /// The size offered.
    override func sizeThatFits(_ p: ProposedSize) -> Size { Size(p.width ?? EditorScreen.panelWidth, p.height ?? EditorScreen.minimumHeight) }

    override func placeSubviews(in bounds: Rect) {
        let inner = bounds.insetBy(dx: EditorPanel.inset, dy: EditorPanel.inset)
        let width = max(0, inner.width)
        var y = inner.minY
        // The top: each part as tall as its text at the panel's width (an empty one takes no room).
        for view in top {
            let h = view.measure(ProposedSize(width: width, height: nil)).height
            view.place(in: Rect(x: inner.minX, y: y, width: width, height: h))
            if h > 0 { y += h + EditorPanel.gap }
        }
        let buttons = stepButtons.measure(ProposedSize(width: width, height: nil)).height
        let foot = footer.measure(ProposedSize(width: width, height: nil)).height
        // The footer sits at the bottom; what lies between the top and it is the list's and the settings'.
        let footY = max(y, inner.maxY - foot)
        footer.place(in: Rect(x: inner.minX, y: footY, width: width, height: foot))
        let room = max(0, footY - y - 4 * EditorPanel.gap - buttons - 1)
        let wanted = strip.idealHeight(width: width)
        let least = min(StepStrip.rowPitch * 1.5, room / 2)
        let stripHeight = max(0, min(wanted, max(least, min(EditorPanel.stripMostHeight, (room / 2).rounded()))))
        strip.place(in: Rect(x: inner.minX, y: y, width: width, height: stripHeight))
        y += stripHeight + EditorPanel.gap
        stepButtons.place(in: Rect(x: inner.minX, y: y, width: width, height: buttons))
        y += buttons + EditorPanel.gap
        divider.place(in: Rect(x: inner.minX, y: y, width: width, height: 1))
        y += 1 + EditorPanel.gap
        settings.place(in: Rect(x: inner.minX, y: y, width: width, height: max(0, footY - EditorPanel.gap - y)))
    }
}
