/// What taps on a spotlight do.
public struct TapPolicy: Hashable, Sendable {
    /// What a tap outside every hole (and off the bubble) does.
    public enum Outside: Hashable, Sendable {
        /// The spotlight is dismissed.
        case dismiss
        /// The spotlight advances.
        case advance
        /// Nothing happens.
        case ignore
    }
    /// What a tap inside a hole does.
    public enum Inside: Hashable, Sendable {
        /// The tap reaches the target beneath, then the spotlight advances.
        case passThroughAndAdvance
        /// The tap reaches the target beneath and nothing else happens (a step that moves on when
        /// the app reaches a state the user brings about).
        case passThrough
        /// The spotlight advances; the target sees nothing.
        case advance
        /// The spotlight is dismissed; the target sees nothing.
        case dismiss
        /// Nothing happens.
        case ignore
    }
    /// What a tap outside the holes does.
    public var outside: Outside
    /// What a tap inside a hole does.
    public var inside: Inside
    /// A policy from its two parts.
    public init(outside: Outside, inside: Inside) { self.outside = outside; self.inside = inside }

    /// Outside dismisses; inside passes through to the target and then advances.
    public static let standard = TapPolicy(outside: .dismiss, inside: .passThroughAndAdvance)
    /// A tap anywhere advances (tours: "tapAnywhere").
    public static let anywhereAdvances = TapPolicy(outside: .advance, inside: .advance)
    /// Only the target advances, passing the tap through (tours: "tapTarget").
    public static let targetOnly = TapPolicy(outside: .ignore, inside: .passThroughAndAdvance)
    /// Taps in the holes reach the targets and nothing else; taps outside do nothing.
    public static let targetsReachable = TapPolicy(outside: .ignore, inside: .passThrough)
    /// Only the bubble's buttons (and keys) do anything.
    public static let buttonsOnly = TapPolicy(outside: .ignore, inside: .ignore)
}

/// What asked a spotlight to move on.
public enum AdvanceCause: String, Hashable, Sendable {
    /// The bubble's Next button.
    case next
    /// Enter or Right.
    case key
    /// A tap, or Enter, on a target in a hole.
    case target
    /// A tap the policy counts as advancing.
    case tap
}

/// Why a spotlight asks to move on.
public enum SpotlightAction: Hashable, Sendable {
    /// Next, and what asked for it: the Next button, Enter or Right, or a tap the policy counts as
    /// advancing.
    case advance(AdvanceCause)
    /// Back: the Left key.
    case back
    /// Dismiss: Skip, Escape, or a tap the policy counts as dismissing.
    case dismiss
    /// One of the coach mark's own buttons (`CoachMark.buttons`), by index.
    case button(Int)
}
