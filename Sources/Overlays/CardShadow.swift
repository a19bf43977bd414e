import Raster

/// The soft shadow under an overlay's card (a bubble, a dialog box), and how far it reaches: the one
/// place that says how much room a card's pixels need around its box.
struct CardShadow: Hashable, Sendable {
    /// The shadow's colour; its alpha is its strength.
    var color: Color
    /// The blur, in points.
    var blur: Double
    /// How far down the shadow falls, in points.
    var offsetY: Double

    /// How far the shadow reaches beyond the box on each edge (points) at `scale`: the blur's reach
    /// (`Canvas.shadowReach`) less the drop above, plus it below, and `slack` more on every edge.
    func reach(scale: Double, slack: Double = 0) -> EdgeInsets {
        let r = Canvas.shadowReach(blur: blur, scale: scale) + slack
        return EdgeInsets(top: max(0, r - offsetY), leading: r, bottom: r + offsetY, trailing: r)
    }

    /// The same room on every edge, as much as the widest: for a card that zooms about its box's
    /// centre, whose pixels must then be centred on it too.
    func uniformReach(scale: Double) -> Double {
        let e = reach(scale: scale)
        return max(e.top, e.bottom, e.leading, e.trailing)
    }
}
