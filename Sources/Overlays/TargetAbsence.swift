import Raster
import Views

/// Why a hole's target cannot be pointed at now: what a step waits out (`waitFor`) before its
/// `ifMissing`, and what the events log says so a tour's field health can be counted per step.
public enum TargetAbsence: String, Hashable, Sendable, CaseIterable {
    /// No view has the id, or no element matches the anchors.
    case missing
    /// The anchors match several elements, or the id and the role with the name different ones.
    case ambiguous
    /// The view exists but is not laid out on the screen shown: on another tab, or on a screen not open.
    case elsewhere
    /// It is laid out with no area to point at.
    case zeroSize
    /// It lies wholly outside the screen, or wholly clipped away (scrolled out of its list).
    case offScreen
    /// A modal overlay beneath the spotlight (an alert, a pop-up, a loading screen) covers the app.
    case occluded
}

extension TargetAbsence {
    /// The cause in words, for a log line: "not on the screen", "on another tab or screen".
    public var words: String {
        switch self {
        case .missing: return "not on the screen"
        case .ambiguous: return "several elements match"
        case .elsewhere: return "on another tab or screen"
        case .zeroSize: return "it has no size"
        case .offScreen: return "off the screen"
        case .occluded: return "covered by another overlay"
        }
    }
}

extension Hole {
    /// Why the target cannot be pointed at on `root` now, nil when it can (a rectangle always can).
    /// `covered`: a modal overlay lies between the app and the spotlight.
    @MainActor
    public func absence(in root: ViewRoot, covered: Bool = false) -> TargetAbsence? {
        let frame: Rect, shown: Rect
        switch target {
        case .rect: return nil
        case .view(let id):
            guard let view = root.view(withID: id) else { return .missing }
            guard view.isPlaced, view.frame.isFinite else { return .elsewhere }
            frame = view.frame
            shown = view.visibleFrame
        case .element(let query):
            let resolution = root.resolve(query)
            guard let element = resolution.element else {
                if case .missing = resolution {
                    // An id the app has but does not show now is elsewhere, not gone.
                    if let id = query.id, let view = root.view(withID: id), !view.isPlaced { return .elsewhere }
                    return .missing
                }
                return .ambiguous
            }
            frame = root.frame(of: element)
            shown = element.id.flatMap { root.view(withID: $0) }.map(\.visibleFrame) ?? frame
        }
        guard frame.isFinite else { return .elsewhere }
        if frame.width <= 0 || frame.height <= 0 { return .zeroSize }
        let visible = shown.intersection(root.bounds)
        if visible.width <= 0 || visible.height <= 0 { return .offScreen }
        if covered { return .occluded }
        return nil
    }
}
