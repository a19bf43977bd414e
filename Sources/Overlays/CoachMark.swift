/// Where a coach-mark bubble goes relative to its hole.
public enum BubblePlacement: String, CaseIterable, Hashable, Sendable {
    /// Above a target in the lower half, below one in the upper half; flips when there is no room,
    /// then tries the leading side and the trailing one (left then right, mirrored in a right-to-left
    /// layout), then clamps inside the safe area.
    case auto
    /// Above the hole (below when there is no room).
    case above
    /// Below the hole (above when there is no room).
    case below
    /// Left of the hole (right when there is no room).
    case left
    /// Right of the hole (left when there is no room).
    case right
}

/// Step `current` of `total` (1-based).
public struct StepProgress: Hashable, Sendable {
    /// The step shown, counting from 1.
    public var current: Int
    /// How many steps there are.
    public var total: Int
    /// Step `current` of `total`.
    public init(current: Int, total: Int) { self.current = current; self.total = total }
    /// "2 / 4".
    public var label: String { "\(current) / \(total)" }
}

/// The text and buttons of a coach mark.
public struct CoachMark: Hashable, Sendable {
    /// The bold first line, if any.
    public var title: String?
    /// The text, if any.
    public var text: String?
    /// Which side of its hole the bubble prefers.
    public var placement: BubblePlacement
    /// Whether the bubble has a Next button (its title is `nextTitle`).
    public var showsNextButton: Bool
    /// Whether the bubble has a Skip button (its title is `skipTitle`).
    public var showsSkipButton: Bool
    /// Shown as "2 / 4" and dots.
    public var progress: StepProgress?
    /// The widest the bubble may be, in points.
    public var maxWidth: Double
    /// The widest a bubble is unless a tour says otherwise, in points.
    public static let defaultMaxWidth = 280.0
    /// The Next button's title ("Done" on a tour's last step).
    public var nextTitle: String
    /// The Skip button's title.
    public var skipTitle: String
    /// Buttons of the mark's own, in place of Next, each reported as `SpotlightAction.button(i)`
    /// (a tour step's branches); at most three.
    public var buttons: [String] = []
    /// How the bubble looks.
    public var theme: BubbleTheme = .standard

    /// A coach mark; the defaults show nothing but what is given.
    public init(title: String? = nil, text: String? = nil, placement: BubblePlacement = .auto,
                showsNextButton: Bool = false, showsSkipButton: Bool = false,
                progress: StepProgress? = nil, maxWidth: Double = CoachMark.defaultMaxWidth,
                nextTitle: String = "Next", skipTitle: String = "Skip") {
        self.title = title; self.text = text; self.placement = placement
        self.showsNextButton = showsNextButton; self.showsSkipButton = showsSkipButton
        self.progress = progress; self.maxWidth = maxWidth; self.nextTitle = nextTitle; self.skipTitle = skipTitle
    }

    /// Whether there is anything to show in a bubble.
    public var isEmpty: Bool {
        (title ?? "").isEmpty && (text ?? "").isEmpty && !showsNextButton && !showsSkipButton && progress == nil && buttons.isEmpty
    }
}
