import Raster

/// What a spotlight shows for one step of a tour, handed to it whole: the holes, the bubble, what
/// taps do and the dim.
public struct SpotlightStep: Hashable, Sendable {
    /// The holes, one per target.
    public var holes: [Hole]
    /// The bubble's text and buttons, nil for none.
    public var coachMark: CoachMark?
    /// What taps do.
    public var tapPolicy: TapPolicy
    /// The dim layer's colour.
    public var dimColor: Color
    /// The dim layer's opacity, 0...1.
    public var dimOpacity: Double
    /// The gesture the step shows on its target, if any.
    public var demo: GestureDemo?

    /// A step from its parts; the dim defaults to black at one half.
    public init(holes: [Hole], coachMark: CoachMark? = nil, tapPolicy: TapPolicy = .standard, dimColor: Color = .black, dimOpacity: Double = 0.5,
                demo: GestureDemo? = nil) {
        self.demo = demo
        self.holes = holes
        self.coachMark = coachMark
        self.tapPolicy = tapPolicy
        self.dimColor = dimColor
        self.dimOpacity = dimOpacity
    }
}
