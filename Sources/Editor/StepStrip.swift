import Raster
import Views

/// The list of steps beside the screen: a row per step with its thumbnail (fitted whatever the
/// screen's shape), number and title (the selected one highlighted); a tap selects (ids
/// `editor.step.N`, from 1), and dragging a row's handle (`editor.step.N.handle`) up or down moves
/// the step there. The list scrolls.
@MainActor
final class StepStrip: View {
    /// One step as the strip shows it.
    struct Row: Equatable {
        var title: String
        var thumbnail: Pixmap?
        static func == (a: Row, b: Row) -> Bool { a.title == b.title && a.thumbnail === b.thumbnail }
    }

    /// Runs when a row is tapped, with the step's index.
    var onSelect: (@MainActor (Int) -> Void)?
    /// Runs when the empty list's "Add the first step" is tapped.
    var onAddFirst: (@MainActor () -> Void)?
    /// Runs when a row's handle is dragged to another place: the step's index and its new one.
    var onMove: (@MainActor (Int, Int) -> Void)?
    /// A handle being dragged: its step, and where the step would go (the row it is over), shown as a line.
    private var reorder: (from: Int, to: Int)? { didSet { if reorder?.to != oldValue?.to { setNeedsDisplay() } } }

    private let list = VStack(alignment: .leading, spacing: 4, children: [])
    private let scroll: ScrollView
    private var rows: [Row] = []
    private var selected = -1

    override init() {
        scroll = ScrollView(list)
        scroll.showsScrollBar = true
        super.init()
        addChild(scroll)
    }

    /// The height of one row and the gap after it, in points: a thumbnail, its row's padding and the list's spacing.
    static let rowPitch = StepThumbnails.size.height + 2 * 6 + 4

    /// The height the rows need at `width` (at least one row's), in points.
    func idealHeight(width: Double) -> Double {
        max(StepStrip.rowPitch, scroll.measure(ProposedSize(width: width, height: nil)).height)
    }

    /// Shows `rows` with `selected` highlighted, rebuilding only what changed.
    func show(_ newRows: [Row], selected newSelected: Int) {
        guard newRows != rows || newSelected != selected else { return }
        rows = newRows
        selected = newSelected
        list.replaceChildren(with: newRows.isEmpty ? [emptyList()] : newRows.enumerated().map { i, row in makeRow(i, row) })
        if list.children.indices.contains(newSelected) { scroll.scrollIntoView(list.children[newSelected], margin: 4) }
    }

    /// What a tour without steps shows: where to start (`editor.addFirst`).
    private func emptyList() -> View {
        let add = Button(shape: .capsule, pressedColor: Color(white: 0, alpha: 0.15), action: { [weak self] in self?.onAddFirst?() },
                         label: Background(Palette.readableTint, shape: .capsule,
                                           child: Padding(EdgeInsets(horizontal: 12, vertical: 6),
                                                          child: Text("Add the first step", font: Font(size: 13, weight: .bold), color: .white, lineLimit: 1))))
        add.id = "editor.addFirst"
        return Padding(EdgeInsets(all: 8), child: VStack(alignment: .leading, spacing: 8, children: [
            Text("No steps yet. A step points at a view of the app (click one) or a rectangle (Alt-drag).",
                 font: .caption, color: Palette.readableSecondaryLabel),
            add,
        ]))
    }

    private func makeRow(_ i: Int, _ row: Row) -> View {
        let isSelected = i == selected
        // The thumbnail at its own shape, centred in a column as wide as the widest one can be.
        let scale = root?.scale ?? 1
        let shape = row.thumbnail.map { Size(Double($0.width) / scale, Double($0.height) / scale) } ?? StepThumbnails.size
        let picture: View = FrameView(width: StepThumbnails.size.width, height: StepThumbnails.size.height,
                                      child: FrameView(width: shape.width, height: shape.height,
                                                       child: Background(Palette.groupedBackground, child: ImageView(row.thumbnail, contentMode: .fit))))
        let label = VStack(alignment: .leading, spacing: 2, children: [
            Text("Step \(i + 1)", font: .caption, color: isSelected ? .white : Palette.readableSecondaryLabel),
            Text(row.title.isEmpty ? "(no text)" : row.title, font: Font(size: 14, weight: .bold), color: isSelected ? .white : .black, lineLimit: 2),
        ])
        let handle = ReorderHandle(color: isSelected ? .white : Palette.readableSecondaryLabel)
        handle.id = "editor.step.\(i + 1).handle"
        handle.onDrag = { [weak self] y, ended in self?.dragged(i, toY: y, ended: ended) }
        let content = HStack(spacing: 10, children: [picture, label, Spacer(), handle])
        let button = Button(shape: .roundedRect(cornerRadius: 8), pressedColor: Color(white: 0, alpha: 0.1), action: { [weak self] in
            self?.onSelect?(i)
        }, label: Background(isSelected ? Palette.readableTint : .white, shape: .roundedRect(cornerRadius: 8),
                             child: Padding(EdgeInsets(all: 6), child: content)))
        button.id = "editor.step.\(i + 1)"
        return button
    }

    /// A handle of row `from` dragged to `y` (screen points): the row under it is where the step
    /// goes; letting go moves it.
    private func dragged(_ from: Int, toY y: Double, ended: Bool) {
        let rows = list.children
        var to = rows.count - 1
        for (i, row) in rows.enumerated() where y < row.frame.maxY { to = i; break }
        if y < (rows.first?.frame.minY ?? 0) { to = 0 }
        if ended {
            reorder = nil
            if to != from { onMove?(from, to) }
        } else {
            reorder = to == from ? nil : (from, to)
            // Near the edges the list scrolls on, so any place can be reached.
            if y < frame.minY + 20 { scroll.scroll(by: -12) } else if y > frame.maxY - 20 { scroll.scroll(by: 12) }
        }
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { Size(p.width ?? 300, p.height ?? 300) }
    override func placeSubviews(in bounds: Rect) { scroll.place(in: bounds) }

    /// The line where a dragged step would go.
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) {
        guard let (from, to) = reorder, list.children.indices.contains(to) else { return }
        let row = list.children[to].frame
        var inside = canvas
        inside.clip(to: frame)
        // Below the row when the step moves down, above it when it moves up.
        inside.fill(Rect(x: row.minX, y: (to > from ? row.maxY : row.minY) - 1.5, width: row.width, height: 3), color: Palette.readableTint)
    }
}

/// Three lines a row of the step list is dragged by (a long list reorders without the pointer
/// leaving the list); it reports where the pointer is as it moves.
@MainActor
final class ReorderHandle: View {
    /// The pointer's y (screen points) while dragging, and whether it let go.
    var onDrag: (@MainActor (Double, Bool) -> Void)?
    private let color: Color
    private var start: Double?

    init(color: Color) {
        self.color = color
        super.init()
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { Size(22, 30) }
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) {
        for k in 0..<3 {
            canvas.fill(Rect(x: frame.minX + 4, y: frame.midY - 6 + Double(k) * 5, width: 14, height: 2), cornerRadius: 1, color: color)
        }
    }
    /// A button: the handle's role is to move its row.
    override var semanticRole: SemanticRole? { .button }
    override var semanticLabel: String? { "Move step" }

    /// The handle keeps its drag (the list does not scroll it away).
    override var takesOverDrags: Bool { true }
    override func pointerDown(at point: Point) -> Bool { start = point.y; return true }
    override func pointerMoved(to point: Point) { if start != nil { onDrag?(point.y, false) } }
    override func pointerUp(at point: Point, isTap: Bool) {
        guard start != nil else { return }
        start = nil
        onDrag?(point.y, true)
    }
    override func pointerCancelled() { start = nil }
}
