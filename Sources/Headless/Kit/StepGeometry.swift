import Foundation
import Overlays
import Raster
import Tours
import Views

/// Where a spotlight's holes and bubble are on screen, for CI scripts to check without image diffs
/// (`render --json`, `replay`'s shots) and for the lint: each hole's target, shape and rectangle, the
/// bubble's box, the side asked for and the one used, and its buttons and text with their ids.
public struct StepGeometry: Encodable, Hashable, Sendable {
    /// One hole of the spotlight.
    public struct Hole: Encodable, Hashable, Sendable {
        /// The target: a view id, or `rect`.
        public var target: String
        /// `circle`, `ellipse`, `rect`, `roundedRect` or `path`.
        public var shape: String
        /// The hole's box in points, `[x, y, width, height]`; nil when the target is not on screen.
        public var rect: [Double]?
        /// The hole's box as a rectangle, nil when the target is not on screen.
        public var frame: Rect? { rect.flatMap(StepGeometry.rectangle) }
    }

    /// `[x, y, width, height]` as a rectangle.
    static func rectangle(_ r: [Double]) -> Rect? { r.count == 4 ? Rect(x: r[0], y: r[1], width: r[2], height: r[3]) : nil }

    /// A view of the bubble, by id.
    public struct Part: Encodable, Hashable, Sendable {
        /// The view's id (`overlay.bubble.next`).
        public var id: String
        /// Its frame in points.
        public var rect: [Double]
        /// Its frame as a rectangle.
        public var frame: Rect { StepGeometry.rectangle(rect) ?? .zero }
    }

    /// The bubble.
    public struct Bubble: Encodable, Hashable, Sendable {
        /// The box in points.
        public var rect: [Double]
        /// The box as a rectangle.
        public var frame: Rect { StepGeometry.rectangle(rect) ?? .zero }
        /// The side asked for (`auto`, `above`, …).
        public var placement: String
        /// The side used.
        public var side: String
        /// Whether a side that was asked for had no room and the bubble went to another.
        public var flipped: Bool
        /// Its title, text, progress and buttons, by id.
        public var parts: [Part]
        /// Whether any of its text (title, text, progress, button titles) is cut short with an ellipsis.
        public var truncated: Bool
        /// Whether it covers another hole of the step (no side, slide or narrower box kept off them).
        public var coversHoles: Bool
    }

    /// The holes, one per target.
    public var holes: [Hole]
    /// The bubble, nil when the step shows none.
    public var bubble: Bubble?

    /// The geometry of `spotlight` on `root` as the last frame laid it out.
    @MainActor
    public init(spotlight: SpotlightOverlay, root: ViewRoot) {
        holes = spotlight.holes.map { hole in
            let target: String
            switch hole.target {
            case .view(let id): target = id
            case .rect: target = "rect"
            case .element(let query): target = query.id ?? query.description
            }
            let shape: String
            switch hole.shape {
            case .circle: shape = "circle"
            case .ellipse: shape = "ellipse"
            case .rect: shape = "rect"
            case .roundedRect: shape = "roundedRect"
            case .path: shape = "path"
            }
            return Hole(target: target, shape: shape, rect: hole.geometry(in: root).map { StepGeometry.numbers($0.rect) })
        }
        if let layout = spotlight.displayedBubble, let mark = spotlight.coachMark ?? nil {
            var parts: [Part] = []
            var truncated = false
            for surface in spotlight.surfaces {
                for (id, frame) in surface.content.allIdentifiedViews() where id != "overlay.bubble" && id.hasPrefix("overlay.bubble.") {
                    parts.append(Part(id: id, rect: StepGeometry.numbers(frame)))
                }
                for (text, _) in TourLint.texts(in: surface.content, over: .white) where text.lines.last?.hasSuffix("\u{2026}") == true {
                    truncated = true
                }
            }
            let asked = mark.placement
            bubble = Bubble(rect: StepGeometry.numbers(layout.box), placement: asked.rawValue, side: layout.side.rawValue,
                            flipped: asked != .auto && asked.rawValue != layout.side.rawValue, parts: parts, truncated: truncated,
                            coversHoles: spotlight.bubbleCoversHoles)
        }
    }

    /// `[x, y, width, height]` rounded to thousandths of a point.
    static func numbers(_ r: Rect) -> [Double] {
        [r.minX, r.minY, r.width, r.height].map { ($0 * 1000).rounded() / 1000 }
    }
}
