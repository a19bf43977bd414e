import Raster

/// The ring around the view holding the keyboard focus: a white band hugging the view's outline and
/// a blue one around it, so it shows on light backgrounds (the blue), dark ones and the blue or red
/// of a button (the white). It follows the view's shape, outset, and is drawn by the view's own
/// painting, so it mirrors, scrolls and clips with the view.
enum FocusRing {
    /// Points from the outline to the inner edge of the blue band.
    static let whiteWidth = 2.0
    /// The blue band's width in points.
    static let blueWidth = 3.0
    /// How far the ring reaches beyond the outline.
    static let reach = whiteWidth + blueWidth
    /// The blue band's colour.
    static let color = Color(red: 0x00, green: 0x5F, blue: 0xD1)

    /// Draws the ring around `shape` in `rect` (screen points).
    static func draw(around rect: Rect, shape: Shape, in canvas: Canvas) {
        func outline(_ d: Double) -> Path {
            let r = shape.outlineRect(in: rect).outsetBy(d)
            let radius = shape.cornerRadius(in: shape.outlineRect(in: rect))
            return Shape.roundedRect(cornerRadius: radius > 0 ? radius + d : 0).path(in: r)
        }
        var white = outline(whiteWidth)
        white.append(outline(0))
        canvas.fill(white, color: .white, rule: .evenOdd)
        var blue = outline(reach)
        blue.append(outline(whiteWidth))
        canvas.fill(blue, color: color, rule: .evenOdd)
    }
}

extension View {
    /// Whether the view draws the focus ring now: it has the focus and the keyboard moved it there
    /// (the root keeps the flag, so painting does not look the root up for every view).
    var showsFocusRing: Bool { drawsFocusRing }

    /// How far the view's painting reaches beyond its frame now: its ink outset, and the ring.
    var paintOutset: Double { max(0, inkOutset) + (showsFocusRing ? FocusRing.reach : 0) }

    /// Marks the ring's area to be painted again (before the ring comes or goes).
    func invalidateFocusRing() {
        guard isPlaced, let root, let clip = ancestorClip() else { return }
        let r = frame.outsetBy(FocusRing.reach + 1 / root.scale).intersection(clip)
        guard !r.isEmpty else { return }
        invalidateInk(r.scaled(by: root.scale).roundedOut)
    }
}
