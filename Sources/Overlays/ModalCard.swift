import Raster
import Views

/// An overlay's card: views on a surface of their own, and the routing of presses that start on
/// them. A press on the card goes to its views through the root's own hit test and capture (a
/// button takes it and fires on the up); the overlay judges every other press. The alert, the
/// pop-up and the spotlight's bubble are cards.
@MainActor
final class ModalCard {
    /// The surface holding the card's views.
    let surface: Surface
    /// Whether a press landing on `point` (screen points) is the card's.
    var contains: (Point) -> Bool
    /// Whether the pointer went down on the card and has not gone up yet.
    private(set) var isPressed = false

    /// A card of `content` on a surface `overlay` owns. Presses count as the card's where
    /// `contains` says (the content's frame by default).
    init(content: View, overlay: Overlay, contains: ((Point) -> Bool)? = nil) {
        surface = overlay.addSurface(content)
        self.contains = contains ?? { [weak content] p in content.map { $0.isPlaced && $0.frame.contains(p) } ?? false }
    }

    /// Routes a pointer event: a press that starts on the card, its moves and its up go to the
    /// card's views. Returns whether the event was the card's; anything else is the overlay's.
    @discardableResult
    func route(_ event: InputEvent, root: ViewRoot) -> Bool {
        switch event {
        case .pointerDown(let p, _, _):
            isPressed = contains(p)
            if isPressed { root.route(event, into: surface.content) }
            return isPressed
        case .pointerMove:
            if isPressed { root.route(event, into: surface.content) }
            return isPressed
        case .pointerUp:
            let was = isPressed
            isPressed = false
            if was { root.route(event, into: surface.content) }
            return was
        default:
            return false
        }
    }

    /// Forgets a press in progress (the overlay was presented again).
    func cancelPress() { isPressed = false }

    /// Blends the card into `region` of `frame` at `opacity`, scaled by `zoom` about its centre.
    func composite(into frame: Pixmap, region: IntRect, opacity: Double, zoom: Double = 1) {
        surface.composite(into: frame, region: region, opacity: opacity, zoom: zoom)
    }
}

/// The white rounded box of the alert and the pop-up: `content` padded, on white, over a soft
/// shadow, and where it goes on the screen.
@MainActor
enum DialogBox {
    /// The box's shadow.
    static let shadow = CardShadow(color: Color(white: 0, alpha: 0.28), blur: 12, offsetY: 4)

    /// `content` with `padding` in a white box of `cornerRadius`, over the shadow.
    static func make(_ content: View, cornerRadius: Double, padding: EdgeInsets, id: String) -> View {
        let shape = Shape.roundedRect(cornerRadius: cornerRadius)
        return ShadowView(color: shadow.color, radius: shadow.blur, offset: Point(0, shadow.offsetY), shape: shape,
                          child: Background(.white, shape: shape, child: Padding(padding, child: content))).id(id)
    }

    /// The height of `box` `width` points wide, rounded up to a whole point.
    static func height(of box: View, width: Double) -> Double {
        box.measure(ProposedSize(width: width, height: nil)).height.rounded(.up)
    }

    /// The room the box's shadow needs on every edge at `scale` (the same on all four, since a
    /// pop-up zooms about the box's centre).
    static func room(scale: Double) -> Double { shadow.uniformReach(scale: scale) }

    /// Where a box `width` × `height` points centred on `center` goes on `root`'s screen: the card
    /// (box and room) starts on the nearest device pixel. Returns the box in points and the card in
    /// device pixels.
    static func place(width: Double, height: Double, center: Point, root: ViewRoot) -> (box: Rect, card: IntRect) {
        let room = room(scale: root.scale)
        let full = Size(width + 2 * room, height + 2 * room)
        let s = root.scale
        let x = ((center.x - full.width / 2) * s).rounded(), y = ((center.y - full.height / 2) * s).rounded()
        let card = IntRect(x: Int(clampedToInt: x), y: Int(clampedToInt: y),
                           width: Int(clampedToInt: (full.width * s).rounded()), height: Int(clampedToInt: (full.height * s).rounded()))
        return (Rect(x: x / s + room, y: y / s + room, width: width, height: height), card)
    }
}
