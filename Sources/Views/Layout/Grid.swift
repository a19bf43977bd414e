import Raster

/// Cells in N equal, flexible columns with fixed spacing, row by row, each row from the leading edge.
///
/// The grid is virtualized: it lays out, paints and hit-tests only the rows that meet the visible
/// area (the screen narrowed by clipping ancestors such as a scroll view), so 10,000 cells cost
/// about what a screenful does. Every cell stays a child, so `view(withID:)` finds any of them;
/// cells outside the visible rows are not placed (`isPlaced` is false, `visibleFrame` empty).
///
/// Row heights: `.uniform` measures only the first cell and gives every row its height (O(1));
/// `.fitted` measures every cell and sizes each row to its tallest (O(n) the first time, then cached).
public final class Grid: View {
    /// How row heights are found: from the first cell (`uniform`) or from every cell (`fitted`).
    public enum RowSizing: Hashable, Sendable { case uniform, fitted }

    /// The number of equal columns (at least 1); with `adaptiveCellWidth`, the fewest.
    public var columns: Int { didSet { if columns != oldValue { setNeedsLayout() } } }
    /// When set, the grid takes as many columns as its width allows (never fewer than `columns`)
    /// so that cells are at most the range's upper bound wide, and gives one back when cells would
    /// be narrower than its lower bound.
    public var adaptiveCellWidth: ClosedRange<Double>? { didSet { if adaptiveCellWidth != oldValue { setNeedsLayout() } } }
    /// The columns of the last layout.
    public private(set) var laidOutColumns: Int
    /// The gap between columns and between rows, in points.
    public var spacing: Double { didSet { if spacing != oldValue { setNeedsLayout() } } }
    /// How row heights are found.
    public var rowSizing: RowSizing { didSet { if rowSizing != oldValue { setNeedsLayout() } } }
    private var placed: [View] = []

    /// A grid of `children` in `columns` columns (at least 1).
    public init(columns: Int = 2, spacing: Double = 16, rowSizing: RowSizing = .uniform, children: [View] = []) {
        self.columns = max(1, columns)
        laidOutColumns = max(1, columns)
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
        self.rowSizing = rowSizing
        super.init(children: children)
    }

    /// The cells laid out at the last layout.
    public override var visibleChildren: [View] { placed }
    /// The rectangle of cell `child` at the last layout's width: exact for `.uniform` rows (the same
    /// arithmetic `placeSubviews` uses); `.fitted` rows measure the rows above it.
    public override func prospectiveFrame(of child: View) -> Rect? {
        // From the end: the cell asked about is most often the one just added.
        guard isPlaced, let i = children.lastIndex(where: { $0 === child }) else { return nil }
        let columns = columnCount(forWidth: frame.width)
        let cw = columnWidth(frame.width, columns: columns)
        let heights = rowHeights(columnWidth: cw, columns: columns)
        let row = i / columns, col = i % columns
        let top: Double
        let h: Double
        if rowSizing == .uniform {
            h = heights[0]
            top = frame.minY + Double(row) * (h + spacing)
        } else {
            h = heights[row]
            top = frame.minY + heights[..<row].reduce(0) { $0 + $1 + spacing }
        }
        let x = frame.x(ofLeadingOffset: Double(col) * (cw + spacing), width: cw, direction: layoutDirection)
        return Rect(x: x, y: top, width: cw, height: h).snapped(toScale: root?.scale ?? 1)
    }

    /// Every cell, placed or not: Tab reaches cells scrolled far away (and scrolls them in).
    public override var focusableChildren: [View] { children }

    /// Forgets cells that were removed.
    public override func childrenDidChange() { placed.removeAll { $0.parent !== self } }

    /// The number of rows at the last layout.
    public var rowCount: Int { rowCount(columns: laidOutColumns) }

    private func rowCount(columns n: Int) -> Int { (children.count + n - 1) / n }

    /// How many columns the grid has at `width`.
    public func columnCount(forWidth width: Double) -> Int {
        let minimum = max(1, columns)
        guard let range = adaptiveCellWidth, width.isFinite, width > 0, range.upperBound > 0 else { return minimum }
        var n = max(minimum, Int(clampedToInt: ((width + spacing) / (range.upperBound + spacing)).rounded(.up)))
        while n > minimum, columnWidth(width, columns: n) < range.lowerBound { n -= 1 }
        return min(n, 1000)
    }

    private func columnWidth(_ width: Double, columns n: Int) -> Double {
        max(0, (width - spacing * Double(n - 1)) / Double(n))
    }

    /// Row heights for cells `columnWidth` wide: one value for `.uniform`, one per row for `.fitted`.
    private func rowHeights(columnWidth w: Double, columns: Int) -> [Double] {
        let p = ProposedSize(width: w, height: nil)
        // Whole device pixels, so that every row snaps to the same height.
        let scale = root?.scale ?? 1
        func whole(_ h: Double) -> Double { (h * scale - 1e-9).rounded(.up) / scale }
        switch rowSizing {
        case .uniform:
            return [whole(children.first?.measure(p).height ?? 0)]
        case .fitted:
            return (0..<rowCount(columns: columns)).map { r in
                whole(children[(r * columns)..<min(children.count, (r + 1) * columns)].reduce(0) { max($0, $1.measure(p).height) })
            }
        }
    }

    private func totalHeight(_ heights: [Double], columns: Int) -> Double {
        let rowCount = rowCount(columns: columns)
        guard rowCount > 0 else { return 0 }
        let gaps = spacing * Double(rowCount - 1)
        return rowSizing == .uniform ? heights[0] * Double(rowCount) + gaps : heights.reduce(0, +) + gaps
    }

    /// The width offered, and every row's height with the gaps.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        let width: Double
        if let w = p.width, w.isFinite {
            width = w
        } else {
            let ideal = children.first?.measure(.unspecified).width ?? 0
            width = ideal * Double(columns) + spacing * Double(columns - 1)
        }
        guard !children.isEmpty else { return Size(width: width, height: 0) }
        let n = columnCount(forWidth: width)
        return Size(width: width, height: totalHeight(rowHeights(columnWidth: columnWidth(width, columns: n), columns: n), columns: n))
    }

    /// Places the rows that meet the visible area, and unplaces the rest.
    public override func placeSubviews(in bounds: Rect) {
        let direction = layoutDirection
        let columns = columnCount(forWidth: bounds.width)
        laidOutColumns = columns
        let rowCount = rowCount(columns: columns)
        let cw = columnWidth(bounds.width, columns: columns)
        var next: [View] = []
        if !children.isEmpty, let visible = ancestorClip()?.intersection(bounds), !visible.isEmpty {
            let heights = rowHeights(columnWidth: cw, columns: columns)
            var top = bounds.minY
            var row = 0
            if rowSizing == .uniform {
                // Jump straight to the first visible row.
                let pitch = heights[0] + spacing
                if pitch > 0 { row = max(0, min(rowCount, Int(clampedToInt: ((visible.minY - bounds.minY) / pitch).rounded(.down)))) }
                top = bounds.minY + Double(row) * pitch
            }
            while row < rowCount, top < visible.maxY {
                let h = rowSizing == .uniform ? heights[0] : heights[row]
                if top + h > visible.minY {
                    for col in 0..<columns {
                        let i = row * columns + col
                        guard i < children.count else { break }
                        let x = bounds.x(ofLeadingOffset: Double(col) * (cw + spacing), width: cw, direction: direction)
                        children[i].place(in: Rect(x: x, y: top, width: cw, height: h))
                        next.append(children[i])
                    }
                }
                top += h + spacing
                row += 1
            }
        }
        let kept = Set(next.map(ObjectIdentifier.init))
        for v in placed where !kept.contains(ObjectIdentifier(v)) { v.unplace() }
        placed = next
    }
}
