import Raster
import Tours
import Views

/// Makes a declared screen's views from its nodes, in the host's language, wiring controls to
/// the host's states and actions; records which views follow which state.
@MainActor
struct ScreensBuilder {
    /// The running app the views belong to.
    unowned let host: ScreensHost
    /// What follows each state: redraws of views that show it.
    private(set) var followers: [String: [@MainActor () -> Void]] = [:]
    /// Each node's views with its place in the file, in the order they were made, when they are
    /// kept for the lint (nil: not kept, and no path is spelled out).
    var built: [BuiltView]?

    init(host: ScreensHost) { self.host = host }

    /// `path` and `key` joined (`screens.home.content` and `children[2]`), when views are kept.
    private func path(_ path: String, _ key: String) -> String { built == nil ? "" : path + "." + key }

    private var language: String { host.language }
    private var tint: Color { host.file.tint }

    /// `node`, found at `path` in the file, as a view: the widget, its padding, its frame and its
    /// background, in that order (so a background fills the frame). A control keeps its id
    /// itself, so a tap by id lands on it; any other view's id is on its outermost box.
    mutating func view(for node: ScreenNode, at path: String) -> View {
        let widget = makeWidget(node, at: path)
        if let label = node.label {
            widget.accessibilityLabel = label.string(in: language)
            // A labelled picture is an image to a screen reader, whatever box holds it (an aspect ratio's).
            if node.kind == .image || node.kind == .icon { widget.accessibilityRole = .image }
        }
        var box: View = widget
        if let padding = node.padding { box = box.padding(padding) }
        if let f = node.frame {
            box = FrameView(width: f.width, height: f.height, minWidth: f.minWidth, maxWidth: f.maxWidth,
                            minHeight: f.minHeight, maxHeight: f.maxHeight, alignment: f.alignment, child: box)
        }
        if let color = node.background {
            let r = node.cornerRadius ?? 0
            box = box.background(color, in: r > 0 ? .roundedRect(cornerRadius: r) : .rect)
        }
        let isControl = [.button, .toggle, .checkbox, .slider, .textField, .row].contains(node.kind) || (node.kind == .card && node.action != nil)
        (isControl ? widget : box).id = node.id
        built?.append(BuiltView(path: path, node: node, widget: widget, box: box))
        return box
    }

    /// The views of `node`'s children, each at its place under `path`.
    private mutating func children(of node: ScreenNode, at path: String) -> [View] {
        node.children.enumerated().map { i, child in view(for: child, at: self.path(path, "children[\(i)]")) }
    }

    /// The words of `text` now, and a redraw of `apply` whenever a state it shows changes.
    private mutating func words(_ text: LocalText, _ apply: @escaping @MainActor (String) -> Void) -> String {
        let template = text.string(in: language)
        guard Interpolation.showsState(text) else { return template }
        let host = self.host
        let render: @MainActor () -> String = { [unowned host] in Interpolation.render(template, value: { host.state(named: $0) }) }
        for name in Interpolation.names(in: text) { followers[name, default: []].append { apply(render()) } }
        return render()
    }

    /// A redraw of `apply` with the state `name`'s value whenever it changes.
    private mutating func follow(_ name: String, _ apply: @escaping @MainActor (StateValue) -> Void) {
        let host = self.host
        followers[name, default: []].append { [unowned host] in if let v = host.state(named: name) { apply(v) } }
    }

    private func flag(_ name: String?) -> Bool { if let name, case .flag(let b)? = host.state(named: name) { return b }; return false }
    private func number(_ name: String?) -> Double? { if let name, case .number(let n)? = host.state(named: name) { return n }; return nil }
    private func text(_ name: String?) -> String { if let name, case .text(let s)? = host.state(named: name) { return s }; return "" }

    private mutating func makeWidget(_ node: ScreenNode, at path: String) -> View {
        let host = self.host
        let action = node.action
        switch node.kind {
        case .text:
            let label = Text("", font: node.font ?? .body, color: node.color ?? Palette.label, alignment: node.textAlignment ?? .leading, lineLimit: node.lines)
            label.string = words(node.text ?? LocalText("")) { [unowned label] in label.string = $0 }
            return label
        case .image:
            let r = node.cornerRadius ?? 0
            let image = ImageView(node.image.flatMap { host.file.images[$0] }, contentMode: node.contentMode ?? .fill, cornerRadii: CornerRadii(all: r))
            return node.aspectRatio.map { image.aspectRatio($0) } ?? image
        case .icon:
            return IconView(node.icon ?? .photo, color: node.color ?? tint, size: node.iconSize ?? 24)
        case .button:
            return button(node, at: path)
        case .toggle:
            let toggle = Toggle(isOn: flag(node.state), onChange: { [unowned host] on in
                if let s = node.state { host.set(s, to: .flag(on)) }
                if let action { host.run(action) }
            })
            toggle.onColor = tint
            if let s = node.state { follow(s) { [unowned toggle] v in if case .flag(let b) = v, toggle.isOn != b { toggle.isOn = b } } }
            guard let title = node.text else { return toggle }
            let label = Text("", font: Font(size: 17), color: Palette.label, lineLimit: 1)
            label.string = words(title) { [unowned label, unowned toggle] in label.string = $0; toggle.label = $0 }
            toggle.label = label.string
            label.isAccessibilityHidden = true
            return HStack(spacing: 8, children: [label, Spacer(), toggle])
        case .checkbox:
            let box = Checkbox(title: "", isChecked: flag(node.state), onChange: { [unowned host] on in
                if let s = node.state { host.set(s, to: .flag(on)) }
                if let action { host.run(action) }
            })
            box.title = words(node.text ?? LocalText("")) { [unowned box] in box.title = $0 }
            box.tint = tint
            if let s = node.state { follow(s) { [unowned box] v in if case .flag(let b) = v, box.isChecked != b { box.isChecked = b } } }
            return box
        case .slider:
            let slider = Slider(value: number(node.state) ?? node.range.lowerBound, range: node.range, step: node.step,
                                label: node.label?.string(in: language), onChange: { [unowned host] v in
                if let s = node.state { host.set(s, to: .number(v)) }
                if let action { host.run(action) }
            })
            slider.tint = tint
            if let s = node.state { follow(s) { [unowned slider] v in if case .number(let n) = v, slider.value != n { slider.value = n } } }
            return slider
        case .textField:
            let field = TextField(text: text(node.state), placeholder: node.placeholder?.string(in: language) ?? "", isMultiline: node.multiline)
            field.onChange = { [unowned host] s in if let name = node.state { host.set(name, to: .text(s)) } }
            if let action { field.onSubmit = { [unowned host] in host.run(action) } }
            if let s = node.state { follow(s) { [unowned field] v in if case .text(let t) = v, field.text != t { field.text = t } } }
            return field
        case .progress:
            let bar = ProgressBar(progress: number(node.state) ?? node.value ?? 0, label: nil)
            bar.tint = tint
            if let s = node.state { follow(s) { [unowned bar] v in if case .number(let n) = v { bar.progress = n } } }
            guard let title = node.text else { return bar }
            // The title shows over the bar and names it for screen readers.
            let caption = Text("", font: .caption, color: Palette.readableSecondaryLabel, lineLimit: 1)
            caption.string = words(title) { [unowned caption, unowned bar] in caption.string = $0; bar.label = $0 }
            bar.label = caption.string
            caption.isAccessibilityHidden = true
            return VStack(alignment: .leading, spacing: 6, children: [caption, bar.frame(maxWidth: .infinity)])
        case .spacer:
            return Spacer(minLength: node.minLength ?? 0)
        case .divider:
            return Divider(color: Palette.separator)
        case .vstack:
            return VStack(alignment: horizontal(node.alignment), spacing: node.spacing ?? 0, children: children(of: node, at: path))
        case .hstack:
            return HStack(alignment: vertical(node.alignment), spacing: node.spacing ?? 0, children: children(of: node, at: path))
        case .zstack:
            return ZStack(alignment: ViewNodeSchema.alignments.first { $0.0 == node.alignment }?.1 ?? .center, children: children(of: node, at: path))
        case .grid:
            let grid = Grid(columns: node.columns ?? (node.cellWidth == nil ? 2 : 1), spacing: node.spacing ?? 16, children: children(of: node, at: path))
            grid.adaptiveCellWidth = node.cellWidth
            return grid
        case .scroll:
            let column = VStack(alignment: horizontal(node.alignment), spacing: node.spacing ?? 8, children: children(of: node, at: path))
            return ScrollView(column.frame(maxWidth: .infinity, alignment: .top))
        case .list:
            return ListView(rows: node.children.enumerated().map { i, child in row(child, at: self.path(path, "children[\(i)]")) })
        case .row:
            return row(node, at: path)
        case .card:
            let shape = Shape.roundedRect(cornerRadius: node.cornerRadius ?? 12)
            let column = VStack(alignment: horizontal(node.alignment ?? "leading"), spacing: node.spacing ?? 8, children: children(of: node, at: path))
            let card = column.padding(12).frame(maxWidth: .infinity, alignment: .leading)
                .background(.white, in: shape)
                .shadow(color: Color(white: 0, alpha: 0.12), radius: 6, y: 2, shape: shape)
            guard let action else { return card }
            return Button(shape: shape, pressedColor: Color(white: 0, alpha: 0.08), action: { [unowned host] in host.run(action) }, label: card)
        case .navigationBar:
            let bar = NavigationBar(title: "", titleID: nil, backgroundColor: host.file.background)
            bar.title = words(node.text ?? LocalText("")) { [unowned bar] in bar.title = $0 }
            return bar
        }
    }

    /// A list's row (`ListView` takes rows, not views).
    private mutating func row(_ node: ScreenNode, at path: String) -> ListRow {
        let host = self.host
        let accessory: ListRow.Accessory
        if let control = node.children.first {
            accessory = .control(view(for: control, at: self.path(path, "control")))
        } else {
            accessory = node.action == nil ? .none : .disclosure
        }
        let action = node.action.map { a in { @MainActor [unowned host] in host.run(a) } }
        let row = ListRow(title: "", detail: node.detail == nil ? nil : "", accessory: accessory, action: action)
        row.title = words(node.text ?? LocalText("")) { [unowned row] in row.title = $0 }
        if let detail = node.detail { row.detail = words(detail) { [unowned row] in row.detail = $0 } }
        row.id = node.id
        if let label = node.label { row.accessibilityLabel = label.string(in: language) }
        return row
    }

    /// A button: its content, or its icon and title, in its style.
    private mutating func button(_ node: ScreenNode, at path: String) -> View {
        let host = self.host
        let shape = Shape.roundedRect(cornerRadius: node.cornerRadius ?? 12)
        let run: @MainActor () -> Void = { [unowned host] in if let a = node.action { host.run(a) } }
        if let content = node.children.first {
            return Button(shape: shape, action: run, label: view(for: content, at: self.path(path, "content")))
        }
        let filled = node.style == .filled
        let color: Color = filled ? .white : tint
        var parts: [View] = []
        if let icon = node.icon { parts.append(IconView(icon, color: color, size: 22)) }
        if let title = node.text {
            let label = Text("", font: Font(size: 17, weight: filled ? .bold : .regular), color: color, alignment: .center, lineLimit: 1)
            label.string = words(title) { [unowned label] in label.string = $0 }
            parts.append(label)
        }
        let row = HStack(spacing: 6, children: parts)
        let label: View
        switch node.style {
        case .filled: label = row.padding(EdgeInsets(horizontal: 16, vertical: 12)).background(tint, in: shape)
        case .plain: label = row.padding(EdgeInsets(horizontal: 4, vertical: 8))
        case .bordered: label = Outline(color: tint, width: 1.5, shape: shape, child: row.padding(EdgeInsets(horizontal: 16, vertical: 11)))
        }
        return Button(shape: shape, pressedColor: Color(white: 0, alpha: filled ? 0.15 : 0.08), action: run, label: label)
    }

    private func horizontal(_ name: String?) -> HorizontalAlignment {
        switch name { case "leading": return .leading; case "trailing": return .trailing; default: return .center }
    }

    private func vertical(_ name: String?) -> VerticalAlignment {
        switch name { case "top": return .top; case "bottom": return .bottom; default: return .center }
    }
}

/// A node's views as the builder made them, kept for the lint: where the node is in the file, the
/// node, its widget, and its box (the widget in its padding, frame and background).
struct BuiltView {
    /// The node's place in the file (`screens.home.content.children[2]`).
    let path: String
    /// The node it was made from.
    let node: ScreenNode
    /// The widget the node names.
    let widget: View
    /// The outermost view: the widget in its padding, frame and background.
    let box: View
}
