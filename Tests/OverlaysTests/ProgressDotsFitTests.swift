import Testing
import Raster
import Views
@testable import Overlays

/// What becomes of a bubble's progress dots, for the lint: shown whole, or dropped when the footer
/// has no room for them.
@MainActor
@Suite struct ProgressDotsFitTests {
    func shown(_ mark: CoachMark, holes: [Rect]) throws -> SpotlightOverlay.ProgressDotsFit {
        let f = try OverlayFixture()
        let spot = SpotlightOverlay(holes: holes.map { Hole(target: .rect($0), shape: .rect, padding: 0) }, coachMark: mark)
        f.stack.present(spot, animated: false)
        f.root.frame(into: nil)
        return spot.progressDotsFit
    }

    @Test func aRoomyBubbleShowsThemWhole() throws {
        let mark = CoachMark(text: "Here.", progress: StepProgress(current: 2, total: 5))
        #expect(try shown(mark, holes: [Rect(x: 100, y: 300, width: 120, height: 60)]) == .shown)
    }

    @Test func oneStepOrMoreThanTwelveAskForNone() throws {
        for total in [1, 13] {
            let mark = CoachMark(text: "Here.", progress: StepProgress(current: 1, total: total))
            #expect(try shown(mark, holes: [Rect(x: 100, y: 300, width: 120, height: 60)]) == .notAsked)
        }
    }

    @Test func aNarrowBubbleDropsThem() throws {
        let mark = CoachMark(text: "Here.", progress: StepProgress(current: 2, total: 12), maxWidth: 160)
        guard case let .dropped(needed, room) = try shown(mark, holes: [Rect(x: 100, y: 300, width: 120, height: 60)]) else {
            Issue.record("expected the dots dropped"); return
        }
        #expect(room == 160 && needed > room)
    }
}
