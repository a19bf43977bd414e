import Overlays
import Views

/// What a tour runs on: a screen with a presentation stack, and optionally tabs and scrolling.
///
/// The sample app implements it (two tabs, a scrolling Home grid), and so does `ScreenshotStage`
/// (one still image, no tabs, nothing to scroll).
@MainActor
public protocol TourHost: AnyObject {
    /// The screen's root, where targets are found by id.
    var root: ViewRoot { get }
    /// The overlays above the screen; the tour's spotlight goes here.
    var overlays: PresentationStack { get }
    /// The tab names in order; empty when the screen has no tabs.
    var tabNames: [String] { get }
    /// The tab on screen, nil without tabs.
    var selectedTabName: String? { get }
    /// Shows the tab named `name`; false when there is none.
    @discardableResult func selectTab(named name: String) -> Bool
    /// Scrolls the view with `id` into view, if it sits in a scroll view and is not fully visible.
    func scrollIntoView(viewID id: String)
    /// The language code a tour's per-language texts are picked by ("en", "ja").
    var languageCode: String { get }
}

extension TourHost {
    public var languageCode: String { "en" }
}
