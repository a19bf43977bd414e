import Raster
import Views

/// Helpers shared by the boxed overlays (alert, pop-up): a white rounded box with a soft shadow,
/// padded content, and room around it for the shadow's blur.
@MainActor
enum CardChrome {
    /// Space around the box for its shadow, in points.
    static let shadowRoom = 16.0

    /// `content` in a white rounded box with `padding` and a shadow, inside the shadow room.
    static func box(_ content: View, cornerRadius: Double, padding: EdgeInsets) -> View {
        let shape = Shape.roundedRect(cornerRadius: cornerRadius)
        return Padding(EdgeInsets(all: shadowRoom),
                       child: ShadowView(color: Color(white: 0, alpha: 0.28), radius: 12, offset: Point(0, 4), shape: shape,
                                         child: Background(.white, shape: shape, child: Padding(padding, child: content))))
    }

    /// Sizes `card` for a box `width` points wide (its height from the content) and centres it on
    /// `center`. Returns the box's rectangle in screen points (without the shadow room).
    @discardableResult
    static func fit(_ card: OverlayCard, width: Double, center: Point) -> Rect {
        let full = width + 2 * shadowRoom
        let h = height(of: card, width: width)
        card.resize(to: Size(full, h))
        card.move(to: Point(center.x - full / 2, center.y - h / 2))
        return card.frame.insetBy(dx: shadowRoom, dy: shadowRoom)
    }

    /// The height `fit` gives `card` for a box `width` points wide, shadow room included.
    static func height(of card: OverlayCard, width: Double) -> Double {
        card.root.layoutIfNeeded()
        return card.root.content.measure(ProposedSize(width: width + 2 * shadowRoom, height: nil)).height.rounded(.up)
    }

    /// An × drawn as two crossed bars (24-unit design box).
    static let closeIcon: Icon = {
        var p = Path()
        let bar = Path.roundedRect(Rect(x: 2.5, y: 10.75, width: 19, height: 2.5), radius: 1.25)
        let c = Transform.translation(-12, -12)
        p.append(bar.applying(c.concatenating(.rotation(.pi / 4)).concatenating(.translation(12, 12))))
        p.append(bar.applying(c.concatenating(.rotation(-.pi / 4)).concatenating(.translation(12, 12))))
        return Icon(path: p)
    }()
}
