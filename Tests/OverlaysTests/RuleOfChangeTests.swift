import Testing
import Raster
import Views
@testable import Overlays

/// The overlays keep the rule of change: an overlay that arrives takes the focus and is announced
/// in the frame's arrival phase, after the layers' layout, and what that changes is laid out before
/// the frame is painted; a spotlight builds and drops its bubble's surfaces before the tree's
/// layout and only places, hides and shows them in its own. Every violation is recorded here (a
/// debug build stops at the first otherwise).
@Suite(.serialized) @MainActor struct RuleOfChangeTests {
    /// Hears what the root announces, and the phase it was in.
    final class PhaseAnnouncer: Announcer {
        weak var root: ViewRoot?
        var heard: [(text: String, phase: FramePhase?)] = []
        func announce(_ text: String, language: String?) { heard.append((text, root?.phase)) }
    }

    @Test func anAlertTakesTheFocusInArrivalAndTheFieldItLeftIsLaidOutInTheSameFrame() throws {
        let field = TextField(text: "ab")
        let root = try ViewRoot(content: VStack(children: [field]), size: Size(390, 844), textEngine: FixedMetricTextEngine(),
                                clock: VirtualClock())
        var violations: [PhaseViolation] = []
        root.onPhaseViolation = { violations.append($0) }
        let announcer = PhaseAnnouncer()
        announcer.root = root
        root.announcer = announcer
        let stack = PresentationStack(root: root)
        let pixmap = try root.makePixmap()
        root.focus(field)
        root.send(.composition("にほ", cursor: 2))
        root.frame(into: pixmap)
        #expect(field.composition == "にほ")

        stack.present(AlertOverlay(title: "Saved", message: "Your changes are saved."), animated: false)
        let report = root.frame(into: pixmap)
        #expect(violations.isEmpty, "\(violations)")
        #expect(root.focusedView.map { stack.top?.owns($0) } == true, "the focus is on the alert")
        #expect(field.composition.isEmpty, "the field dropped its composition with the focus")
        #expect(!root.needsLayout, "the field's layout mark was laid out in the frame that made it, not after")
        #expect(report.nextWakeUp != .nextFrame, "nothing left for another frame")
        #expect(announcer.heard.map(\.text).first?.hasPrefix("Saved") == true && announcer.heard.allSatisfy { $0.phase == .arrival },
                "announced in arrival: \(announcer.heard)")
    }

    /// A field that loses the focus with no composition has nothing to lay out again.
    @Test func aFieldWithoutACompositionMarksNothingWhenItLosesTheFocus() throws {
        let field = TextField(text: "ab")
        let root = try ViewRoot(content: VStack(children: [field]), size: Size(200, 100), textEngine: FixedMetricTextEngine(),
                                clock: VirtualClock())
        root.focus(field)
        root.frame(into: nil)
        root.focus(nil)
        #expect(!root.needsLayout && !field.isFocused)
    }

    @Test func aSpotlightsBubbleComesGoesAndReturnsOutsideLayout() throws {
        let f = try OverlayFixture()
        var violations: [PhaseViolation] = []
        f.root.onPhaseViolation = { violations.append($0) }
        let spot = SpotlightOverlay(holes: [Hole(target: .view("box.3"))], coachMark: CoachMark(title: "Boxes", text: "Tap one."))
        f.stack.present(spot, animated: false)
        f.settle()
        #expect(f.root.allIdentifiedViews().contains { $0.id == "overlay.bubble" }, "the bubble is on the screen")
        #expect(!f.root.needsLayout, "placing the bubble left nothing to lay out after the frame")

        // A morph to another step: the new bubble is built half-way, before a frame's layout.
        spot.show(holes: [Hole(target: .view("fab"))], coachMark: CoachMark(title: "Add", text: "Adds a box."))
        f.advance(0.4)
        #expect(spot.displayedBubble != nil && spot.shownMark?.title == "Add")
        #expect(!f.root.needsLayout)

        // Its target goes: the bubble leaves the screen but stays attached; it comes back with it.
        spot.show(holes: [Hole(target: .view("box.3"))], coachMark: CoachMark(title: "Boxes", text: "Tap one."), animated: false)
        f.settle()
        f.grid.children[3].removeFromParent()
        f.settle()
        #expect(spot.isMissingTargets && spot.displayedBubble == nil)
        #expect(!f.root.allIdentifiedViews().contains { $0.id == "overlay.bubble" }, "no bubble on the screen")
        let card = try #require(f.root.view(withID: "overlay.bubble"))
        #expect(!card.isPlaced, "the bubble's views wait, unplaced")
        f.addBox()
        f.settle()
        #expect(!spot.isMissingTargets && spot.displayedBubble != nil)
        #expect(f.root.allIdentifiedViews().contains { $0.id == "overlay.bubble" }, "the bubble is back")
        #expect(violations.isEmpty, "\(violations)")
    }
}
