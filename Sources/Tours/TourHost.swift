import Overlays
import Views

/// The titles of a tour bubble's buttons, in the host's language.
public struct TourButtonTitles: Hashable, Sendable {
    /// The button that goes on.
    public var next: String
    /// The same button on the last step.
    public var done: String
    /// The button that leaves the tour early.
    public var skip: String

    /// Titles from their three parts.
    public init(next: String, done: String, skip: String) { self.next = next; self.done = done; self.skip = skip }

    /// "Next", "Done" and "Skip".
    public static let english = TourButtonTitles(next: "Next", done: "Done", skip: "Skip")
}

/// What a tour runs on, beyond what any host gets (`HostedApp`'s root): a presentation stack for
/// its spotlight, and optionally tabs, scrolling and a language of its own.
///
/// The sample app implements it (two tabs, a scrolling Home grid, English and Japanese), and so
/// does `ScreenshotStage` (one still image, no tabs, nothing to scroll).
@MainActor
public protocol TourHost: HostedApp {
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
    /// The counts the host keeps, by name, for conditions such as `cards >= 5` (nil: no such count).
    func count(named name: String) -> Int?
    /// Shows the screen step `index` runs on (a tour over several screenshots), cross-fading when
    /// `animated`.
    func showScreen(forStep index: Int, animated: Bool)
    /// The language code a tour's per-language texts are picked by ("en", "ja").
    var languageCode: String { get }
    /// What the bubbles' buttons read, in that language.
    var tourButtonTitles: TourButtonTitles { get }
}

extension TourHost {
    /// No counts, unless the host keeps some.
    public func count(named name: String) -> Int? { nil }
    /// One screen for every step, unless the host has several.
    public func showScreen(forStep index: Int, animated: Bool) {}
    /// English, unless the host says otherwise.
    public var languageCode: String { "en" }
    /// English, unless the host says otherwise.
    public var tourButtonTitles: TourButtonTitles { .english }
}
