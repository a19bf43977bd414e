import Raster
import Views

/// The bubble's content: title, text, progress and buttons, with the ids `overlay.bubble` (the
/// padded content, in the box), `overlay.bubble.title`, `.text`, `.footer`, `.progress`, `.skip` and
/// `.next`.
@MainActor
enum BubbleContent {
    /// Space between the box's edge and the content.
    static let padding = 16.0

    /// The views of `mark`; `showsDots` adds a dot per step after "2 / 4". Next and Skip run `onNext`
    /// and `onSkip`.
    static func make(_ mark: CoachMark, showsDots: Bool = true, onNext: @escaping @MainActor () -> Void,
                     onSkip: @escaping @MainActor () -> Void, onButton: @escaping @MainActor (Int) -> Void = { _ in }) -> View {
        var rows: [View] = []
        if let title = mark.title, !title.isEmpty {
            rows.append(Text(title, font: Font(size: mark.theme.fontSize + 2, weight: .bold, family: mark.theme.fontFamily), color: mark.theme.title).id("overlay.bubble.title"))
        }
        if let text = mark.text, !text.isEmpty {
            rows.append(Text(text, font: Font(size: mark.theme.fontSize, family: mark.theme.fontFamily), color: mark.theme.text).id("overlay.bubble.text"))
        }
        // A step's own buttons, one a row across the bubble: `overlay.bubble.button.0`, …
        for (k, title) in mark.buttons.prefix(3).enumerated() {
            rows.append(styledButton(title, style: k == 0 ? mark.theme.buttonStyle : (mark.theme.buttonStyle == .filled ? .outlined : mark.theme.buttonStyle),
                                     accent: mark.theme.accent, fullWidth: true, action: { onButton(k) }).id("overlay.bubble.button.\(k)"))
        }
        var footer: [View] = []
        if let p = mark.progress {
            // Isolated left to right, so "2 / 4" keeps its order in a right-to-left bubble.
            // Hidden from screen readers: the dialog's name says "Step 2 of 4".
            let progress = Text("\u{2066}\(p.label)\u{2069}", font: .caption, color: mark.theme.secondary, lineLimit: 1).id("overlay.bubble.progress")
            progress.isAccessibilityHidden = true
            footer.append(progress)
            if showsDots, p.total > 1, p.total <= 12 {
                footer.append(ProgressDots(current: p.current, total: p.total, color: mark.theme == .standard ? Palette.tint : mark.theme.accent))
            }
        }
        if mark.showsSkipButton || mark.showsNextButton {
            footer.append(Spacer(minLength: 8))
            if mark.showsSkipButton {
                footer.append(Button(shape: .capsule, action: onSkip,
                                     label: Padding(EdgeInsets(horizontal: 10, vertical: 6),
                                                    child: Text(mark.skipTitle, font: .body, color: mark.theme.secondary, lineLimit: 1))).id("overlay.bubble.skip"))
            }
            if mark.showsNextButton {
                footer.append(styledButton(mark.nextTitle, style: mark.theme.buttonStyle, accent: mark.theme.accent, action: onNext).id("overlay.bubble.next"))
            }
        }
        if !footer.isEmpty { rows.append(HStack(spacing: 8, children: footer).id("overlay.bubble.footer")) }
        // The title sits on the side its own text starts from, as the text's lines do.
        let stack = VStack(alignment: .leading, spacing: 8, children: rows)
        stack.alignsTextByItsDirection = true
        return Padding(EdgeInsets(all: padding), child: stack).id("overlay.bubble")
    }
}

extension BubbleContent {
    /// A capsule button titled `title` in `style` and `accent` (the standard Next: filled blue).
    static func styledButton(_ title: String, style: BubbleTheme.ButtonStyle, accent: Color, fullWidth: Bool = false,
                             action: @escaping @MainActor () -> Void) -> Button {
        let color: Color = style == .filled ? .white : accent
        let label = Text(title, font: Font(size: 15, weight: .bold), color: color, lineLimit: 1)
        let padded: View = Padding(EdgeInsets(horizontal: 16, vertical: fullWidth ? 7 : 6), child: label)
        let body: View = fullWidth ? FrameView(maxWidth: .infinity, child: padded) : padded
        let dressed: View
        switch style {
        case .filled: dressed = Background(accent, shape: .capsule, child: body)
        case .outlined: dressed = Outline(color: accent, width: 1.5, shape: .capsule, child: body)
        case .text: dressed = body
        }
        return Button(shape: .capsule, pressedColor: Color(white: 0, alpha: 0.15), action: action, label: dressed)
    }
}

/// Small dots for tour progress: the current one filled, the first at the leading edge.
final class ProgressDots: View {
    /// The filled dot, counting from 1.
    let current: Int
    /// How many dots there are.
    let total: Int
    /// The filled dot's colour.
    let color: Color
    /// Dots for step `current` of `total`, the current one in `color`.
    init(current: Int, total: Int, color: Color = Palette.tint) { self.current = current; self.total = total; self.color = color; super.init() }
    override var hasOwnContent: Bool { true }
    override func sizeThatFits(_ proposal: ProposedSize) -> Size { Size(Double(total) * 10 - 4, 6) }
    override func draw(in canvas: Canvas) {
        let direction = layoutDirection
        for i in 0..<total {
            let c = Point(frame.x(ofLeadingOffset: Double(i) * 10, width: 6, direction: direction) + 3, frame.midY)
            canvas.fill(.circle(center: c, radius: 3), color: i + 1 == current ? color : Palette.tertiaryLabel)
        }
    }
}
