import Raster
import Views

/// The list of steps beside the screen: a row per step with its thumbnail, number and title (the
/// selected one highlighted); a tap selects (ids `editor.step.N`, from 1).
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

    private let list = VStack(alignment: .leading, spacing: 4, children: [])
    private let scroll: ScrollView
    private var rows: [Row] = []
    private var selected = -1

    override init() {
        scroll = ScrollView(list)
        super.init()
        addChild(scroll)
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
        let picture: View = FrameView(width: StepThumbnails.size.width, height: StepThumbnails.size.height,
                                      child: Background(Palette.groupedBackground, child: ImageView(row.thumbnail, contentMode: .fit)))
        let label = VStack(alignment: .leading, spacing: 2, children: [
            Text("Step \(i + 1)", font: .caption, color: isSelected ? .white : Palette.readableSecondaryLabel),
            Text(row.title.isEmpty ? "(no text)" : row.title, font: Font(size: 14, weight: .bold), color: isSelected ? .white : .black, lineLimit: 2),
        ])
        let content = HStack(spacing: 10, children: [picture, label, Spacer()])
        let button = Button(shape: .roundedRect(cornerRadius: 8), pressedColor: Color(white: 0, alpha: 0.1), action: { [weak self] in
            self?.onSelect?(i)
        }, label: Background(isSelected ? Palette.readableTint : .white, shape: .roundedRect(cornerRadius: 8),
                             child: Padding(EdgeInsets(all: 6), child: content)))
        button.id = "editor.step.\(i + 1)"
        return button
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { Size(p.width ?? 300, p.height ?? 300) }
    override func placeSubviews(in bounds: Rect) { scroll.place(in: bounds) }
}
