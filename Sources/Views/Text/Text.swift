import Raster

/// A block of text: wraps to the width it is offered, stops at `lineLimit` lines with an ellipsis
/// (at the end, or in the middle: `truncation`), and aligns each line. Measuring and glyphs come from the root's `TextEngine`.
///
/// Hazard: without a root (detached) text measures as zero; it is measured again when attached.
public final class Text: View {
    /// The text shown.
    public var string: String { didSet { if string != oldValue { contentChanged() } } }
    /// The font the text is set in.
    public var font: Font { didSet { if font != oldValue { contentChanged() } } }
    /// The glyphs' colour.
    public var color: Color { didSet { if color != oldValue { setNeedsDisplay() } } }
    /// How lines narrower than the frame are placed.
    public var alignment: TextAlignment { didSet { if alignment != oldValue { setNeedsDisplay() } } }
    /// The most lines shown (nil = no limit); cut-off text ends with an ellipsis.
    public var lineLimit: Int? { didSet { if lineLimit != oldValue { contentChanged() } } }
    /// Where a text longer than `lineLimit` lines is cut.
    public enum Truncation: Sendable {
        /// At its end: the last line ends with an ellipsis.
        case tail
        /// In its middle: its start and its end stay (a path's file name, a message's last words,
        /// a "did you mean" at the end of an error), an ellipsis between them.
        case middle
    }
    /// Where a text longer than `lineLimit` lines is cut (`tail` by default).
    public var truncation: Truncation = .tail { didSet { if truncation != oldValue { contentChanged() } } }
    /// Whether the text is as tall as `lineLimit` lines even when it needs fewer (keeps cards even).
    public var reservesSpace: Bool { didSet { if reservesSpace != oldValue { contentChanged() } } }
    /// The text's language (its line-breaking rules and glyph forms); nil: the root's.
    public var language: String? { didSet { if language != oldValue { contentChanged() } } }

    private struct LayoutKey: Hashable { var width: Double?; var scale: Double; var generation: Int }
    /// Line breaks per width (a memo: measuring stays pure).
    private var layouts: [LayoutKey: TextLayout] = [:]
    /// Glyph coverage of the painted lines.
    private var renderedLines: (scale: Double, lines: [TextLine], rendered: [RenderedText])?

    /// Text in `font` and `color`.
    public init(_ string: String, font: Font = .body, color: Color = .black, alignment: TextAlignment = .leading,
                lineLimit: Int? = nil, reservesSpace: Bool = false) {
        self.string = string
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.reservesSpace = reservesSpace
        super.init()
    }

    private func contentChanged() {
        layouts.removeAll()
        renderedLines = nil
        setNeedsDisplay()
        setNeedsLayout()
    }

    /// The lines the text is broken into at its current frame (empty before layout).
    public var lines: [String] {
        guard isPlaced else { return [] }
        return layout(width: paintWidth)?.lines.map(\.text) ?? []
    }

    private var paintWidth: Double? {
        // One device pixel of slack: frames are snapped to pixels, so the frame may be a hair narrower
        // than the measured text.
        frame.width + 1 / (root?.scale ?? 1) + 1e-6
    }

    private func layout(width: Double?) -> TextLayout? {
        guard let root else { return nil }
        let key = LayoutKey(width: width, scale: root.scale, generation: root.layoutGeneration)
        if let l = layouts[key] { return l }
        let l = truncation == .middle ? middleCut(width: width, root: root) : layOut(string, width: width, root: root)
        if layouts.count >= 8 { layouts.removeAll(keepingCapacity: true) }
        layouts[key] = l
        return l
    }

    private func layOut(_ text: String, width: Double?, root: ViewRoot, limited: Bool = true) -> TextLayout {
        TextLayout.make(text, font: font, scale: root.scale, maxWidth: width, lineLimit: limited ? lineLimit : nil,
                        reservesSpace: limited && reservesSpace, language: language ?? root.language, engine: root.textEngine)
    }

    /// The string laid out whole when it fits in `lineLimit` lines, else with as many of its
    /// characters as fit, half from its start and half from its end, an ellipsis between them
    /// (found by halving: a few layouts of a text a few lines long).
    private func middleCut(width: Double?, root: ViewRoot) -> TextLayout {
        guard let limit = lineLimit, width != nil else { return layOut(string, width: width, root: root) }
        let whole = layOut(string, width: width, root: root, limited: false)
        guard whole.lines.count > max(1, limit) else { return layOut(string, width: width, root: root) }
        let characters = Array(string)
        func cut(keeping n: Int) -> String {
            var head = characters.prefix((n + 1) / 2), tail = characters.suffix(n / 2)
            while head.last?.isWhitespace == true { head.removeLast() }
            while tail.first?.isWhitespace == true { tail.removeFirst() }
            return String(head) + "\u{2026}" + String(tail)
        }
        var low = 0, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if layOut(cut(keeping: mid), width: width, root: root, limited: false).lines.count <= max(1, limit) { low = mid } else { high = mid - 1 }
        }
        return layOut(cut(keeping: low), width: width, root: root)
    }

    /// The lines' size at the width offered.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        guard let root, let l = layout(width: p.width) else { return .zero }
        // Whole device pixels, so the snapped frame is exactly the measured width.
        let w = (l.size.width * root.scale).rounded(.up) / root.scale
        return Size(width: w, height: l.size.height)
    }

    /// Text, read as it is written.
    public override var semanticRole: SemanticRole? { string.isEmpty ? nil : .text }
    /// The string.
    public override var semanticLabel: String? { string }
    /// Its string, read through character by character.
    public override var semanticText: SemanticText? { SemanticText(string) }

    /// Glyphs, unless the string is empty.
    public override var hasOwnContent: Bool { !string.isEmpty }
    /// Glyphs may reach a little beyond the line boxes.
    public override var inkOutset: Double { font.size * 0.3 }

    /// The paragraph direction of the text's first line (right to left for Arabic, Hebrew, …).
    public var direction: TextDirection { layout(width: paintWidth)?.lines.first?.direction ?? .leftToRight }

    /// Tints each line's glyph coverage at its place and draws its colour glyphs. A line of a
    /// right-to-left paragraph starts at the right: `leading` and `trailing` follow its direction.
    public override func draw(in canvas: Canvas) {
        guard let root, let l = layout(width: paintWidth), !l.lines.isEmpty else { return }
        let scale = root.scale
        if renderedLines == nil || renderedLines!.scale != scale || renderedLines!.lines != l.lines {
            renderedLines = (scale, l.lines, l.lines.map { root.textEngine.render($0, font: font, scale: scale) })
        }
        let m = l.metrics
        let halfLeading = max(0, (m.lineHeight - m.ascent - m.descent) / 2)
        for (i, line) in l.lines.enumerated() {
            var horizontal = alignment.horizontal
            if line.direction == .rightToLeft {
                horizontal = alignment == .leading ? .trailing : alignment == .trailing ? .leading : .center
            }
            let x = frame.minX + horizontal.offset(in: frame.width - line.width)
            let baseline = frame.minY + halfLeading + m.ascent + Double(i) * m.lineHeight
            let rendered = renderedLines!.rendered[i]
            let ox = Int(clampedToInt: (x * scale).rounded()), oy = Int(clampedToInt: (baseline * scale).rounded())
            canvas.draw(rendered, atDeviceX: ox, y: oy, color: color)
        }
    }
}
