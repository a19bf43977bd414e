import Raster

/// A tappable list row: a title, a chevron, and a highlight while held.
public final class ListRow: View {
    /// The title label.
    public let titleLabel: Text
    /// The button filling the row.
    public let button: Button

    /// A row titled `title` that runs `action` when tapped.
    public init(title: String, action: @escaping @MainActor () -> Void) {
        let titleLabel = Text(title, font: Font(size: 17), color: Palette.label, lineLimit: 1)
        self.titleLabel = titleLabel
        let content = HStack(spacing: 8) {
            titleLabel
            Spacer()
            IconView(.chevronForward, color: Palette.tertiaryLabel, size: 16)
        }
        let label = content.padding(EdgeInsets(horizontal: 16, vertical: 11)).frame(minHeight: 44)
        button = Button(pressedColor: Palette.rowHighlight.withOpacity(0.6), action: action, label: label)
        button.focusRingInset = 2
        super.init(children: [button])
    }

    /// The row's title.
    public var title: String {
        get { titleLabel.string }
        set { titleLabel.string = newValue }
    }

    /// What a tap runs.
    public var action: @MainActor () -> Void {
        get { button.action }
        set { button.action = newValue }
    }
}

/// Rows in an inset, rounded white group with hairlines between them (an iOS grouped list).
public final class ListView: View {
    /// The rows, top to bottom.
    public private(set) var rows: [ListRow]

    /// A group of `rows`.
    public init(rows: [ListRow]) {
        self.rows = rows
        var stackChildren: [View] = []
        for (i, row) in rows.enumerated() {
            if i > 0 { stackChildren.append(Divider(color: Palette.separator).padding(EdgeInsets(leading: 16))) }
            stackChildren.append(row)
        }
        let group = VStack(alignment: .leading, spacing: 0, children: stackChildren)
            .frame(maxWidth: .infinity)
            .cornerRadius(10)
            .background(.white, in: .roundedRect(cornerRadius: 10))
        super.init(children: [group])
    }

    /// A list of its rows.
    public override var semanticRole: SemanticRole? { .list }
}
