import Raster
import Views

/// What a stage that shows pictures in place of a live app can do (a tour over screenshots,
/// `ScreenshotStage`): a host asks a stage for it (`TourHost.pictures`) rather than for its type,
/// and treats targets as rectangles drawn on the picture, not as views found by id.
@MainActor
public protocol PictureStage: AnyObject {
    /// The view showing the picture (its image, and where on screen it is shown).
    var screenshot: ScreenshotView { get }
    /// How a tour's rects (in the points of the picture's own screen) map onto this screen, nil on
    /// the picture's own screen.
    var rectMapping: (@Sendable (Rect) -> Rect)? { get }
    /// The pictures of steps with one of their own, by step index.
    var stepImages: [Int: Pixmap] { get set }
    /// The elements of the capture the picture is; empty for a plain screenshot, whose targets
    /// are rectangles alone.
    var elements: [CapturedElement] { get }
}

extension ScreenshotStage: PictureStage {
    /// The stage itself: it shows pictures.
    public var pictures: (any PictureStage)? { self }
}

extension TourHost {
    /// Whether the stage shows a plain picture (a screenshot with no captured elements): its
    /// targets are rectangles alone, and a click there is a rectangle, not an element.
    public var targetsAreRectangles: Bool { pictures.map { $0.elements.isEmpty } ?? false }
}
