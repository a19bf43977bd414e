import Raster

/// One tab of a tab bar.
public struct TabItem: Hashable, Sendable {
    /// The tab's key; its button gets the id `tab.<key>`.
    public var key: String
    /// The label under the icon.
    public var title: String
    /// The tab's picture.
    public var icon: Icon
    /// A tab item.
    public init(key: String, title: String, icon: Icon) { self.key = key; self.title = title; self.icon = icon }
}

/// A bottom tab bar: equal-width tabs with an icon over a title, the selected one tinted, on a
/// white bar with a hairline on top, extended under the bottom safe-area inset.
public final class TabBar: View {
    /// The height of the tab row above the safe-area inset, in points.
    public static let rowHeight = 49.0

    /// The tabs, leading to trailing.
    public private(set) var items: [TabItem]
    /// The selected tab.
    public var selectedIndex: Int { didSet { if selectedIndex != oldValue { applyTints() } } }
    /// Called with a tab's index when it is tapped.
    public var onSelect: (@MainActor (Int) -> Void)?
    /// The selected tab's colour.
    public var tintColor = Palette.tint { didSet { applyTints() } }
    /// The other tabs' colour.
    public var unselectedColor = Palette.secondaryLabel { didSet { applyTints() } }
    /// The bar's fill.
    public var backgroundColor = Color.white { didSet { setNeedsDisplay() } }
    /// The hairline on top of the bar.
    public var separatorColor = Palette.separator { didSet { setNeedsDisplay() } }

    /// The tab buttons, in order.
    public private(set) var buttons: [Button] = []
    private var icons: [IconView] = []
    private var labels: [Text] = []

    /// A bar of `items` with `selectedIndex` selected.
    public init(items: [TabItem], selectedIndex: Int = 0, onSelect: (@MainActor (Int) -> Void)? = nil) {
        self.items = items
        self.selectedIndex = selectedIndex
        self.onSelect = onSelect
        super.init()
        for (i, item) in items.enumerated() {
            let icon = IconView(item.icon, color: unselectedColor, size: 26)
            let label = Text(item.title, font: Font(size: 10), color: unselectedColor, alignment: .center, lineLimit: 1)
            let stack = VStack(spacing: 2, children: [icon, label])
            let button = Button(pressedColor: nil, action: { [weak self] in self?.onSelect?(i) },
                                label: FrameView(maxWidth: .infinity, maxHeight: .infinity, child: stack))
            button.id = "tab.\(item.key)"
            button.accessibilityRole = .tab
            button.focusRingInset = 2
            buttons.append(button); icons.append(icon); labels.append(label)
            addChild(button)
        }
        applyTints()
    }

    /// Changes the title of tab `index`.
    public func setTitle(_ title: String, at index: Int) {
        guard items.indices.contains(index) else { return }
        items[index].title = title
        labels[index].string = title
    }

    private func applyTints() {
        for i in icons.indices {
            let c = i == selectedIndex ? tintColor : unselectedColor
            icons[i].color = c
            labels[i].color = c
            buttons[i].isSelected = i == selectedIndex
        }
    }

    /// The width offered; the row's height plus the bottom safe area.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        let w = p.width.flatMap { $0.isFinite ? $0 : nil } ?? Double(items.count) * 80
        return Size(width: w, height: TabBar.rowHeight + (root?.safeArea.bottom ?? 0))
    }

    /// Equal-width tabs across the row, the first at the leading edge.
    public override func placeSubviews(in bounds: Rect) {
        guard !buttons.isEmpty else { return }
        let w = bounds.width / Double(buttons.count)
        let direction = layoutDirection
        for (i, b) in buttons.enumerated() {
            b.place(in: Rect(x: bounds.x(ofLeadingOffset: Double(i) * w, width: w, direction: direction), y: bounds.minY, width: w, height: TabBar.rowHeight))
        }
    }

    /// A tab bar, its tabs inside.
    public override var semanticRole: SemanticRole? { .tabBar }

    /// Left and Right on a focused tab move to the tab beside it on screen (mirrored under
    /// right-to-left) and select it, as tab lists do (WAI-ARIA's automatic activation).
    public override func keyDown(_ key: Key, modifiers: Modifiers) -> Bool {
        guard key == .left || key == .right, modifiers.isEmpty, let root,
              let current = buttons.firstIndex(where: { $0 === root.focusedView }) else { return false }
        let forward = (key == .right) == (layoutDirection == .leftToRight)
        let next = current + (forward ? 1 : -1)
        guard buttons.indices.contains(next) else { return true }
        root.focus(buttons[next])
        onSelect?(next)
        root.announceFocus()
        return true
    }

    /// The bar and its hairline.
    public override var hasOwnContent: Bool { true }

    /// Fills the bar and draws the hairline on top.
    public override func draw(in canvas: Canvas) {
        canvas.fill(frame, color: backgroundColor)
        canvas.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1 / canvas.scale), color: separatorColor)
    }
}
