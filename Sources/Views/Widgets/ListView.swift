import Raster

/// A list row: a title, an optional detail (quieter text at the trailing side) and a trailing
/// accessory — a disclosure chevron, nothing, or a control such as a `Toggle` or a `Slider`. A row
/// with an action is one button (tapped, focused and activated whole, highlighted while held); a
/// row with a control leaves the input to the control, which assistive technology hears by the
/// row's title ("Wi-Fi, switch, on"). A label the app gives the control itself
/// (`accessibilityLabel`) is read instead of the title, and one it gives the row is read for the
/// element that speaks for it: its control, its button, or its title.
public final class ListRow: View {
    /// What sits at the row's trailing end.
    public enum Accessory {
        /// A chevron: the row opens something.
        case disclosure
        /// Nothing.
        case none
        /// A control of the row's own (a switch, a slider, a stepper).
        case control(View)
    }

    /// The title label.
    public let titleLabel: Text
    /// The detail label, when the row has one.
    public let detailLabel: Text?
    /// The button filling the row, for a row with an action.
    public let button: Button?
    /// The row's control, for a row whose accessory is one.
    public let control: View?
    /// The element that speaks for the row: its control (the first element inside it), its
    /// button, or its title.
    private let speaker: View

    /// A row titled `title`, with `detail` at its trailing side and `accessory` after it, that runs
    /// `action` when tapped (a row with a control takes no action of its own).
    public init(title: String, detail: String? = nil, accessory: Accessory = .disclosure, action: (@MainActor () -> Void)? = nil) {
        let titleLabel = Text(title, font: Font(size: 17), color: Palette.label, lineLimit: 1)
        self.titleLabel = titleLabel
        detailLabel = detail.map { Text($0, font: Font(size: 17), color: Palette.readableSecondaryLabel, lineLimit: 1) }
        var items: [View] = [titleLabel, Spacer()]
        if let detailLabel { items.append(detailLabel) }
        switch accessory {
        case .disclosure:
            control = nil
            items.append(IconView(.chevronForward, color: Palette.tertiaryLabel, size: 16))
        case .none:
            control = nil
        case .control(let view):
            control = view
            items.append(view)
            titleLabel.isAccessibilityHidden = true
        }
        let label = HStack(spacing: 8, children: items).padding(EdgeInsets(horizontal: 16, vertical: 11)).frame(minHeight: 44)
        if let action, control == nil {
            let button = Button(pressedColor: Palette.rowHighlight.withOpacity(0.6), action: action, label: label)
            button.focusRingInset = 2
            self.button = button
            speaker = button
            super.init(children: [button])
        } else {
            button = nil
            // The control speaks for the row (the control itself, inside any frame or padding around it).
            speaker = control.map { ListRow.firstElement(in: $0) ?? $0 } ?? titleLabel
            super.init(children: [label])
        }
        speakForRow()
    }

    /// The row's title.
    public var title: String {
        get { titleLabel.string }
        set {
            titleLabel.string = newValue
            speakForRow()
        }
    }

    /// What a screen reader calls the row: read for the element that speaks for it (its control,
    /// its button, or its title), unless the app labelled that element itself.
    public override var accessibilityLabel: String? { didSet { speakForRow() } }

    /// Gives the element that speaks for the row the row's label: the one the row was given, else,
    /// for a control, the row's title (a button and a title read their own words).
    private func speakForRow() {
        speaker.labelFromContainer = accessibilityLabel ?? (control != nil ? title : nil)
    }

    /// The row's detail text (nil for a row made without one).
    public var detail: String? {
        get { detailLabel?.string }
        set { if let newValue { detailLabel?.string = newValue } }
    }

    /// The first view in `view`'s subtree (itself included) that is an element of its own.
    static func firstElement(in view: View) -> View? {
        if view.effectiveSemanticRole != nil { return view }
        for c in view.children { if let found = firstElement(in: c) { return found } }
        return nil
    }

    /// What a tap runs (nothing for a row without a button).
    public var action: @MainActor () -> Void {
        get { button?.action ?? { @MainActor in } }
        set { button?.action = newValue }
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
