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
            rows.append(Text(title, font: .headline, color: .black).id("overlay.bubble.title"))
        }
        if let text = mark.text, !text.isEmpty {
            rows.append(Text(text, font: .body, color: Color(white: 0.2)).id("overlay.bubble.text"))
        }
        // A step's own buttons, one a row across the bubble: `overlay.bubble.button.0`, …
        for (k, title) in mark.buttons.prefix(3).enumerated() {
            let filled = k == 0
            let label = Text(title, font: Font(size: 15, weight: .bold), color: filled ? .white : Palette.readableTint, lineLimit: 1)
            let body = FrameView(maxWidth: .infinity, child: Padding(EdgeInsets(horizontal: 16, vertical: 7), child: label))
            rows.append(Button(shape: .capsule, pressedColor: Color(white: 0, alpha: 0.15), action: { onButton(k) },
                               label: filled ? Background(Palette.readableTint, shape: .capsule, child: body)
                                             : Background(Palette.readableTint.withOpacity(0.12), shape: .capsule, child: body))
                            .id("overlay.bubble.button.\(k)"))
        }
        var footer: [View] = []
        if let p = mark.progress {
            // Isolated left to right, so "2 / 4" keeps its order in a right-to-left bubble.
            footer.append(Text("\u{2066}\(p.label)\u{2069}", font: .caption, color: Palette.readableSecondaryLabel, lineLimit: 1).id("overlay.bubble.progress"))
            if showsDots, p.total > 1, p.total <= 12 {
                footer.append(ProgressDots(current: p.current, total: p.total))
            }
        }
        if mark.showsSkipButton || mark.showsNextButton {
            footer.append(Spacer(minLength: 8))
            if mark.showsSkipButton {
                footer.append(Button(shape: .capsule, action: onSkip,
                                     label: Padding(EdgeInsets(horizontal: 10, vertical: 6),
                                                    child: Text(mark.skipTitle, font: .body, color: Palette.readableSecondaryLabel, lineLimit: 1))).id("overlay.bubble.skip"))
            }
            if mark.showsNextButton {
                footer.append(Button(shape: .capsule, pressedColor: Color(white: 0, alpha: 0.15), action: onNext,
                                     label: Background(Palette.readableTint, shape: .capsule,
                                                       child: Padding(EdgeInsets(horizontal: 16, vertical: 6),
                                                                      child: Text(mark.nextTitle, font: Font(size: 15, weight: .bold), color: .white, lineLimit: 1)))).id("overlay.bubble.next"))
            }
        }
        if !footer.isEmpty { rows.append(HStack(spacing: 8, children: footer).id("overlay.bubble.footer")) }
        return Padding(EdgeInsets(all: padding), child: VStack(alignment: .leading, spacing: 8, children: rows)).id("overlay.bubble")
    }
}

/// Small dots for tour progress: the current one filled, the first at the leading edge.
final class ProgressDots: View {
    /// The filled dot, counting from 1.
    let current: Int
    /// How many dots there are.
    let total: Int
    /// Dots for step `current` of `total`.
    init(current: Int, total: Int) { self.current = current; self.total = total; super.init() }
    override var hasOwnContent: Bool { true }
    override func sizeThatFits(_ proposal: ProposedSize) -> Size { Size(Double(total) * 10 - 4, 6) }
    override func draw(in canvas: Canvas) {
        let direction = layoutDirection
        for i in 0..<total {
            let c = Point(frame.x(ofLeadingOffset: Double(i) * 10, width: 6, direction: direction) + 3, frame.midY)
            canvas.fill(.circle(center: c, radius: 3), color: i + 1 == current ? Palette.tint : Palette.tertiaryLabel)
        }
    }
}
