import Foundation
import Raster
import Views

/// The views of a checklist overlay: the launcher (a round button with a count badge) and the
/// panel (title, close button, progress, one row per item), each part kept so a new content
/// updates them in place and the keyboard focus stays where it was.
@MainActor
final class ChecklistViews {
    /// The launcher's side, in points.
    static let launcherSide = 52.0
    /// The panel's widest, in points.
    static let panelWidth = 340.0

    /// One item's row.
    struct Row {
        let button: Button
        let mark: ChecklistMark
        let title: Text
        let detail: Text
        let chevron: IconView
    }

    let launcher: Button
    let launcherFrame: View
    private let badge: Text
    private let badgeBox: View
    private let badgeSlot = ContainerView()
    let panel: View
    let close: Button
    private let title: Text
    private let progressText: Text
    private let progress: ProgressBar
    private(set) var rows: [Row] = []
    /// The rows, scrolling when the screen has no room for them all.
    let rowsBox: RowsBox
    private let tint: Color

    /// Views for `content` in `tint`; `open`, `closePanel` and `choose` are what the launcher, the
    /// close button and each row run.
    init(content: ChecklistContent, tint: Color, open: @escaping @MainActor () -> Void,
         closePanel: @escaping @MainActor () -> Void, choose: @escaping @MainActor (Int) -> Void) {
        self.tint = tint
        badge = Text("", font: Font(size: 12, weight: .bold), color: .white, alignment: .center)
        // A white rim keeps the badge apart from a launcher of any colour.
        badgeBox = Background(.white, shape: .capsule, child: Padding(EdgeInsets(all: 1.5), child:
            Background(Color(red: 0xD7, green: 0x26, blue: 0x1E), shape: .capsule,
                       child: Padding(EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6), child: FrameView(minWidth: 8, child: badge)))))
        badgeBox.isAccessibilityHidden = true
        let side = Self.launcherSide
        let face = OverlayView(base: Background(tint, shape: .circle, child: FrameView(width: side, height: side, child: IconView(.checklist, color: .white, size: 26))),
                               overlay: Padding(EdgeInsets(top: -4, leading: 0, bottom: 0, trailing: -4), child: badgeSlot),
                               alignment: .topTrailing)
        launcher = Button(shape: .circle, pressedColor: Color(white: 0, alpha: 0.15), action: open, label: face).id("overlay.checklist.launcher")
        launcherFrame = FrameView(width: side + 8, height: side + 8, child: launcher)

        title = Text("", font: .headline, color: Palette.label)
        close = Button(shape: .circle, pressedColor: Color(white: 0, alpha: 0.1), action: closePanel,
                       label: FrameView(width: 32, height: 32, child: IconView(.close, color: Palette.secondaryLabel, size: 18))).id("overlay.checklist.close")
        progressText = Text("", font: .caption, color: Palette.readableSecondaryLabel)
        progress = ProgressBar(progress: 0)
        progress.tint = tint
        progress.id = "overlay.checklist.progress"
        var rowViews: [View] = []
        for (i, item) in content.items.enumerated() {
            let row = Self.row(item, tint: tint) { choose(i) }
            rows.append(row)
            rowViews.append(row.button)
        }
        rowsBox = RowsBox(VStack(alignment: .leading, spacing: 2, children: rowViews))
        let header = HStack(spacing: 8, children: [title, Spacer(), close])
        let body = VStack(alignment: .leading, spacing: 10, children: [
            header, progressText, progress, rowsBox,
        ])
        panel = DialogBox.make(body, cornerRadius: 14, padding: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 12), id: "overlay.checklist")
        shape = Self.shape(of: content)
        show(content, animateTicksFrom: nil)
    }

    private static func row(_ item: ChecklistContent.Item, tint: Color, action: @escaping @MainActor () -> Void) -> Row {
        let mark = ChecklistMark(tint: tint)
        let title = Text(item.title, font: .body, color: Palette.label)
        let detail = Text(item.detail, font: .caption, color: Palette.readableSecondaryLabel)
        let chevron = IconView(.chevronForward, color: Palette.secondaryLabel, size: 16)
        let texts = VStack(alignment: .leading, spacing: 2, children: item.detail.isEmpty ? [title] : [title, detail])
        let line = Padding(EdgeInsets(top: 8, leading: 4, bottom: 8, trailing: 4),
                           child: HStack(spacing: 12, children: [mark, texts, Spacer(minLength: 0)] + (item.launches ? [chevron] : [])))
        let button = Button(shape: .roundedRect(cornerRadius: 8), action: action, label: FrameView(minHeight: 44, child: line))
        button.id = "overlay.checklist.item.\(item.id)"
        button.focusRingInset = 2
        return Row(button: button, mark: mark, title: title, detail: detail, chevron: chevron)
    }

    /// The shape of the rows made: each item's id, whether it has a detail and whether it launches.
    private var shape: [String] = []
    private static func shape(of content: ChecklistContent) -> [String] {
        content.items.map { "\($0.id) \($0.detail.isEmpty) \($0.launches)" }
    }

    /// Whether these views can show `content` in place (the same items in the same order, each
    /// with a detail and a launch where it had one).
    func fits(_ content: ChecklistContent) -> Bool { shape == Self.shape(of: content) }

    /// Shows `content`; items that turned done since the last content tick from `animateTicksFrom`
    /// (clock seconds), or at once when nil; with `pending`, they wait to tick until
    /// `startPendingTicks(at:)` (the panel is closed: they tick when it opens).
    func show(_ content: ChecklistContent, animateTicksFrom start: Double?, previous: ChecklistContent? = nil, pending: Bool = false) {
        title.string = content.title
        progressText.string = content.progressText
        progress.progress = content.fractionDone
        progress.label = content.title
        close.accessibilityLabel = content.closeLabel
        let left = content.remainingCount
        badge.string = "\(left)"
        badgeSlot.content = left == 0 ? nil : badgeBox
        launcher.accessibilityLabel = "\(content.title), \(content.progressText)"
        for (i, (row, item)) in zip(rows, content.items).enumerated() {
            row.title.string = item.title
            row.detail.string = item.detail
            row.title.color = item.state == .waiting ? Palette.secondaryLabel : Palette.label
            row.button.isChecked = item.state == .done
            row.button.isEnabled = item.state != .waiting
            row.button.accessibilityLabel = item.title
            row.button.accessibilityDescription = item.detail.isEmpty ? nil : item.detail
            let wasDone = previous.map { i < $0.items.count && $0.items[i].state == .done } ?? true
            let ticks = item.state == .done && !wasDone
            row.mark.set(item.state, tickFrom: ticks ? start : nil, pending: ticks && start != nil && pending)
        }
    }

    /// Starts the ticks that waited for the panel to open, at `time`.
    func startPendingTicks(at time: Double) {
        for row in rows { row.mark.startPendingTick(at: time) }
    }

    /// Moves every running tick to `time`; returns whether one still runs.
    func advanceTicks(to time: Double) -> Bool {
        var running = false
        for row in rows where row.mark.advance(to: time) { running = true }
        return running
    }
}

/// An item's mark: a filled circle with a tick when done (the tick grows in over a third of a
/// second on the root's clock, or shows at once under reduced motion), an empty ring when it is
/// the item's turn, a faint one when it waits.
final class ChecklistMark: View {
    /// The mark's side, in points.
    static let side = 24.0
    /// Seconds a tick takes to grow in.
    static let tickDuration = 0.35
    private let tint: Color
    private(set) var state: ChecklistContent.State = .toDo
    private var tickStart: Double?
    /// How far the tick has grown, 0 to 1.
    private(set) var tick = 1.0 { didSet { if tick != oldValue { setNeedsDisplay() } } }

    init(tint: Color) { self.tint = tint; super.init() }

    /// Whether the tick waits to start (`startPendingTick(at:)`).
    private var isPending = false

    /// Shows `state`; a tick that grows from `start` (clock seconds) when given, or that waits for
    /// `startPendingTick(at:)` when `pending`.
    func set(_ state: ChecklistContent.State, tickFrom start: Double?, pending: Bool = false) {
        // An item whose state stays keeps its mark (a tick under way goes on).
        guard state != self.state || start != nil else { return }
        setNeedsDisplay()
        self.state = state
        isPending = pending
        tickStart = pending ? nil : start
        tick = start == nil ? 1 : 0
    }

    /// Starts a waiting tick at `time`.
    func startPendingTick(at time: Double) {
        guard isPending else { return }
        isPending = false
        tickStart = time
    }

    /// Moves the tick to `time`; returns whether it still grows.
    func advance(to time: Double) -> Bool {
        guard let start = tickStart else { return false }
        let t = min(1, max(0, (time - start) / Self.tickDuration))
        tick = t
        if t >= 1 { tickStart = nil }
        return tickStart != nil
    }

    private static func ring(_ c: Point, _ r: Double) -> Path {
        var path = Path.circle(center: c, radius: r)
        path.append(.circle(center: c, radius: r - 2))
        return path
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { Size(Self.side, Self.side) }
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) {
        let c = frame.center, r = Self.side / 2 - 1
        switch state {
        case .done:
            // The disc grows a little past its size and settles as the tick comes in.
            let grow = tick < 1 ? 0.7 + 0.3 * Easing.easeOut(tick) + 0.08 * sin(tick * .pi) : 1
            canvas.fill(.circle(center: c, radius: r * grow), color: tint)
            let s = Self.side * 0.8 * grow
            let box = Rect(x: c.x - s / 2, y: c.y - s / 2, width: s, height: s)
            canvas.fill(Icon.checkmark.path(in: box, mirrored: false), color: Color.white.withOpacity(min(1, tick * 1.5)))
        case .toDo:
            canvas.fill(Self.ring(c, r), color: Palette.secondaryLabel, rule: .evenOdd)
        case .waiting:
            canvas.fill(Self.ring(c, r), color: Palette.tertiaryLabel, rule: .evenOdd)
            canvas.fill(.circle(center: c, radius: 3), color: Palette.tertiaryLabel)
        }
    }
}

/// A checklist's rows in a scroll view as tall as they are, up to `limit` points (the room the
/// screen leaves the panel): a long checklist on a small screen scrolls instead of running off.
final class RowsBox: View {
    /// The tallest the rows may be shown, in points.
    var limit = Double.infinity {
        didSet {
            guard limit != oldValue else { return }
            // A bar shows there is more: only while the rows are held shorter than they are.
            scroll.showsScrollBar = limit.isFinite
            setNeedsLayout()
        }
    }
    /// The scroll view holding the rows.
    let scroll: ScrollView

    init(_ rows: View) {
        scroll = ScrollView(rows)
        super.init(children: [scroll])
    }

    /// The rows' height, at most `limit`.
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        let c = scroll.content.measure(ProposedSize(width: p.width, height: nil))
        return Size(p.width ?? c.width, min(c.height, limit))
    }

    override func placeSubviews(in bounds: Rect) { scroll.place(in: bounds) }
}
