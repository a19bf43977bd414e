import Raster

/// An editable text: a caret, a selection (Shift with the arrows, a drag, Ctrl-A), copy, cut and
/// paste through the root's clipboard, and an input method's composition shown in place, underlined,
/// until it is committed. Single-line, or wrapping onto as many lines as the text needs.
///
/// Positions are counted in characters (grapheme clusters), so a caret never lands inside an
/// accented letter, an emoji or a Japanese character. Typing happens only while the field has the
/// root's focus (a click gives it; Escape, or a click elsewhere that focuses something else, takes it).
public final class TextField: View {
    /// The text.
    public var text: String {
        get { String(characters) }
        set {
            let new = Array(newValue)
            guard new != characters else { return }
            characters = new
            anchor = min(anchor, new.count); head = min(head, new.count)
            lines = nil
            setNeedsLayout(); setNeedsDisplay()
        }
    }
    /// Shown in grey while the text is empty.
    public var placeholder: String { didSet { if placeholder != oldValue { setNeedsDisplay() } } }
    /// The font.
    public let font: Font
    /// Whether the text wraps onto more lines (Enter then inserts a line break).
    public let isMultiline: Bool
    /// Runs after every change the user makes, with the new text.
    public var onChange: (@MainActor (String) -> Void)?
    /// Runs when Enter is pressed in a single-line field.
    public var onSubmit: (@MainActor () -> Void)?

    /// The caret's place (the moving end of the selection), in characters.
    public private(set) var head = 0
    /// The selection's fixed end; equal to `head` when nothing is selected.
    public private(set) var anchor = 0
    /// The selected characters.
    public var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
    /// What the input method is composing, shown at the caret and not yet part of the text.
    public private(set) var composition = ""
    /// Whether the field has the focus.
    public private(set) var isFocused = false

    private var characters: [Character]
    var compositionCursor = 0
    /// The displayed characters' lines, as ranges of `display`, for the width they were made for.
    var lines: (width: Double, scale: Double, ranges: [Range<Int>])?

    /// Space between the box and the text.
    static let inset = EdgeInsets(horizontal: 8, vertical: 6)

    /// A field holding `text`.
    public init(text: String = "", placeholder: String = "", font: Font = .body, isMultiline: Bool = false) {
        characters = Array(text)
        self.placeholder = placeholder
        self.font = font
        self.isMultiline = isMultiline
        head = characters.count
        anchor = head
        super.init()
    }

    // MARK: - Editing

    /// Selects `range` (clamped to the text), the caret at its end.
    public func select(_ range: Range<Int>) {
        anchor = max(0, min(range.lowerBound, characters.count))
        head = max(0, min(range.upperBound, characters.count))
        setNeedsDisplay()
    }

    /// Replaces the selection with `string`, the caret after it.
    public func replaceSelection(with string: String) {
        let r = selection
        characters.replaceSubrange(r, with: Array(string))
        head = r.lowerBound + string.count
        anchor = head
        changed()
    }

    private func changed() {
        lines = nil
        setNeedsLayout(); setNeedsDisplay()
        onChange?(text)
    }

    /// Moves the caret to `place`, extending the selection when `extending`.
    private func moveCaret(to place: Int, extending: Bool) {
        head = max(0, min(place, characters.count))
        if !extending { anchor = head }
        setNeedsDisplay()
    }

    /// The start of the word before `i` (Ctrl-Left, Ctrl-Backspace).
    private func wordStart(before i: Int) -> Int {
        var j = i
        while j > 0 && characters[j - 1].isWhitespace { j -= 1 }
        while j > 0 && !characters[j - 1].isWhitespace { j -= 1 }
        return j
    }

    /// The end of the word after `i` (Ctrl-Right, Ctrl-Delete).
    private func wordEnd(after i: Int) -> Int {
        var j = i
        while j < characters.count && characters[j].isWhitespace { j += 1 }
        while j < characters.count && !characters[j].isWhitespace { j += 1 }
        return j
    }

    /// Editing keys: arrows (Shift extends, Ctrl moves by words), Home and End, Backspace and Delete,
    /// Enter, Ctrl-A, Ctrl-C, Ctrl-X, Ctrl-V; Escape gives the focus up. Other keys go on to the root.
    public override func keyDown(_ key: Key, modifiers: Modifiers) -> Bool {
        guard composition.isEmpty else { return true }  // the input method owns the keys while composing
        let extend = modifiers.contains(.shift)
        let byWord = modifiers.contains(.control) || modifiers.contains(.alt)
        let shortcut = modifiers.contains(.control) || modifiers.contains(.command)
        switch key {
        case .left:
            if !selection.isEmpty && !extend { moveCaret(to: selection.lowerBound, extending: false) } else {
                moveCaret(to: byWord ? wordStart(before: head) : head - 1, extending: extend)
            }
        case .right:
            if !selection.isEmpty && !extend { moveCaret(to: selection.upperBound, extending: false) } else {
                moveCaret(to: byWord ? wordEnd(after: head) : head + 1, extending: extend)
            }
        case .up, .down:
            guard isMultiline else { return false }
            moveCaret(to: place(onLineBy: key == .up ? -1 : 1), extending: extend)
        case .home: moveCaret(to: lineRange(of: head).lowerBound, extending: extend)
        case .end: moveCaret(to: lineEnd(of: head), extending: extend)
        case .backspace:
            if selection.isEmpty { anchor = byWord ? wordStart(before: head) : max(0, head - 1) }
            if !selection.isEmpty { replaceSelection(with: "") }
        case .delete:
            if selection.isEmpty { anchor = byWord ? wordEnd(after: head) : min(characters.count, head + 1) }
            if !selection.isEmpty { replaceSelection(with: "") }
        case .enter:
            if isMultiline && !shortcut { replaceSelection(with: "\n") } else { onSubmit?() }
        case .escape:
            root?.focus(nil)
        case .tab:
            return false
        case .character(let c) where shortcut:
            switch c {
            case "a": select(0..<characters.count)
            case "c": copySelection()
            case "x": copySelection(); if !selection.isEmpty { replaceSelection(with: "") }
            case "v": if let pasted = root?.clipboard.text { replaceSelection(with: isMultiline ? pasted : pasted.replacingLineBreaks()) }
            default: return false
            }
        default:
            return false
        }
        return true
    }

    private func copySelection() {
        guard !selection.isEmpty else { return }
        root?.clipboard.text = String(characters[selection])
    }

    /// Typed text replaces the selection (line breaks become spaces in a single-line field).
    public override func insertText(_ string: String) {
        composition = ""
        replaceSelection(with: isMultiline ? string : string.replacingLineBreaks())
    }

    /// Shows the input method's composition in place of the selection.
    public override func setComposition(_ string: String, cursor: Int) {
        if composition.isEmpty && !string.isEmpty && !selection.isEmpty {
            characters.removeSubrange(selection)
            head = selection.lowerBound; anchor = head
            onChange?(text)
        }
        composition = string
        compositionCursor = max(0, min(cursor, string.count))
        lines = nil
        setNeedsLayout(); setNeedsDisplay()
    }

    /// Shows or hides the caret; losing the focus drops an unfinished composition (laid out anew only then).
    public override func focusChanged(_ focused: Bool) {
        isFocused = focused
        if !focused, !composition.isEmpty { composition = ""; lines = nil; setNeedsLayout() }
        setNeedsDisplay()
    }

    // MARK: - Pointer

    /// A click focuses the field and places the caret; Shift-click extends the selection.
    public override func pointerDown(at point: Point) -> Bool {
        guard let root else { return false }
        let extend = root.modifiers.contains(.shift)
        root.focus(self)
        moveCaret(to: place(at: point), extending: extend)
        return true
    }

    /// A drag selects.
    public override func pointerMoved(to point: Point) { moveCaret(to: place(at: point), extending: true) }

    // MARK: - Layout

    /// The characters shown: the text with the composition at the caret.
    var display: [Character] {
        guard !composition.isEmpty else { return characters }
        var d = characters
        d.insert(contentsOf: Array(composition), at: head)
        return d
    }

    /// Where a text place is in `display`.
    func displayIndex(_ i: Int) -> Int { !composition.isEmpty && i > head ? i + composition.count : i }

    var metrics: FontMetrics? { root.map { $0.textEngine.metrics(for: font, scale: $0.scale) } }

    /// Where the characters of line `r` of the display sit as drawn (bidi order), cached per line.
    func places(ofLine r: Range<Int>) -> CharacterPlaces {
        guard let root, !r.isEmpty else { return CharacterPlaces(leftToRightWidths: []) }
        let line = String(display[r]).replacingLineBreaks()
        if let hit = placesCache, hit.line == line, hit.scale == root.scale { return hit.places }
        let places = root.textEngine.characterPlaces(of: line, font: font, scale: root.scale)
        placesCache = (line, root.scale, places)
        return places
    }
    private var placesCache: (line: String, scale: Double, places: CharacterPlaces)?

    func width(_ s: ArraySlice<Character>) -> Double {
        guard let root, !s.isEmpty else { return 0 }
        return root.textEngine.width(of: String(s), font: font, scale: root.scale)
    }

    /// The display's lines for a text area `width` points wide: hard breaks, then (multi-line)
    /// greedy wrapping after spaces or between characters of a word too long for a line.
    var textWidth: Double { max(1, frame.width - TextField.inset.leading - TextField.inset.trailing) }

    /// As wide as offered (200 points when not), as tall as its lines.
    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let w = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 200
        let count = isMultiline ? max(1, lineRanges(width: max(1, w - TextField.inset.leading - TextField.inset.trailing)).count) : 1
        let lineHeight = metrics?.lineHeight ?? font.size * 1.2
        return Size(w, (Double(count) * lineHeight + TextField.inset.top + TextField.inset.bottom).rounded(.up))
    }

    /// A text field takes the keyboard focus.
    public override var acceptsKeyboardFocus: Bool { true }
    /// A text field.
    public override var semanticRole: SemanticRole? { .textField }
    /// What it holds, else its placeholder.
    public override var semanticLabel: String? { text.isEmpty ? placeholder : text }
    /// What it holds, with the caret and the selection.
    public override var semanticText: SemanticText? {
        SemanticText(text, caret: head, selection: selection.isEmpty ? nil : selection)
    }

    /// The caret's rectangle, for the input method's window.
    public override var caretRect: Rect? {
        let p = caretPoint(ofDisplay: displayIndex(head) + (composition.isEmpty ? 0 : compositionCursor))
        return Rect(x: p.x, y: p.y, width: 1, height: metrics?.lineHeight ?? font.size)
    }

    // MARK: - Painting

    /// The box, the selection, the text (or placeholder), the composition's underline and the caret.
    public override var hasOwnContent: Bool { true }

    /// The box, the selection, the text, the composition's underline and the caret.
    public override func draw(in canvas: Canvas) {
        guard let root, let m = metrics else { return }
        let scale = root.scale
        canvas.fill(frame, cornerRadius: 6, color: isFocused ? Palette.readableTint : Palette.separator)
        canvas.fill(frame.insetBy(dx: isFocused ? 2 : 1, dy: isFocused ? 2 : 1), cornerRadius: isFocused ? 4 : 5, color: .white)
        var inner = canvas
        inner.clip(to: frame.insetBy(dx: 2, dy: 2))
        let ranges = lineRanges(width: textWidth)
        let d = display
        let halfLeading = max(0, (m.lineHeight - m.ascent - m.descent) / 2)
        // The selection, line by line.
        if isFocused && !selection.isEmpty {
            let s = displayIndex(selection.lowerBound), e = displayIndex(selection.upperBound)
            for (l, r) in ranges.enumerated() where r.upperBound >= s && r.lowerBound <= e {
                let y = frame.minY + TextField.inset.top + Double(l) * m.lineHeight
                let x0 = frame.minX + TextField.inset.leading
                let selected = (max(s, r.lowerBound) - r.lowerBound)..<(min(e, r.upperBound) - r.lowerBound)
                let spans = places(ofLine: r).selectionSpans(selected)
                // A line break inside the selection shows as a sliver at the line's end.
                for span in spans.isEmpty ? [(left: places(ofLine: r).width, right: places(ofLine: r).width)] : spans {
                    inner.fill(Rect(x: x0 + span.left, y: y, width: max(2, span.right - span.left), height: m.lineHeight),
                               color: Color(red: 0xB3, green: 0xD7, blue: 0xFF))
                }
            }
        }
        if d.isEmpty && !placeholder.isEmpty {
            let rendered = root.textEngine.render(placeholder, font: font, scale: scale)
            inner.draw(rendered, atDeviceX: Int(clampedToInt: ((frame.minX + TextField.inset.leading) * scale).rounded()),
                       y: Int(clampedToInt: ((frame.minY + TextField.inset.top + halfLeading + m.ascent) * scale).rounded()),
                       color: Palette.secondaryLabel)
        }
        for (i, r) in ranges.enumerated() where !r.isEmpty {
            let line = String(d[r]).replacingLineBreaks()
            let rendered = root.textEngine.render(line, font: font, scale: scale)
            let baseline = frame.minY + TextField.inset.top + halfLeading + m.ascent + Double(i) * m.lineHeight
            inner.draw(rendered, atDeviceX: Int(clampedToInt: ((frame.minX + TextField.inset.leading) * scale).rounded()),
                       y: Int(clampedToInt: (baseline * scale).rounded()), color: .black)
        }
        // The composition, underlined where it stands.
        if !composition.isEmpty {
            let s = head, e = head + composition.count
            for r in ranges where r.upperBound >= s && r.lowerBound <= e {
                let a = caretPoint(ofDisplay: max(s, r.lowerBound)), b = caretPoint(ofDisplay: min(e, r.upperBound))
                inner.fill(Rect(x: min(a.x, b.x), y: a.y + m.lineHeight - 2, width: max(1, abs(b.x - a.x)), height: 1.5), color: .black)
            }
        }
        if isFocused {
            let p = caretPoint(ofDisplay: displayIndex(head) + (composition.isEmpty ? 0 : compositionCursor))
            inner.fill(Rect(x: p.x - 0.75, y: p.y + 1, width: 1.5, height: m.lineHeight - 2), color: Palette.readableTint)
        }
    }
}

extension String {
    /// Line breaks as spaces.
    func replacingLineBreaks() -> String {
        String(map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" ? " " : $0 })
    }
}
