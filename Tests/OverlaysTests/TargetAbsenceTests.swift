import Testing
import Raster
import Views
@testable import Overlays

/// Why a target cannot be pointed at: each cause found as it is, and a spotlight whose target has
/// one of them shows the dim with no bubble and says why.
@Suite(.serialized) @MainActor struct TargetAbsenceTests {
    /// Places only its first child: the others are in the tree but not on the screen.
    final class PlacesFirstOnly: View {
        override func sizeThatFits(_ p: ProposedSize) -> Size { children[0].sizeThatFits(p) }
        override func placeSubviews(in bounds: Rect) { children[0].place(in: bounds) }
    }

    func makeRoot() throws -> (ViewRoot, PresentationStack) {
        let far = VStack(children: [View().frame(height: 2000), Text("Far").id("far")])
        let content = VStack(children: [
            Text("Title").id("title"),
            Text("Dup"), Text("Dup"),
            View().frame(width: 0, height: 0).id("zero"),
            PlacesFirstOnly(children: [Text("Shown"), Text("Unshown").id("unshown")]),
            ScrollView(far).frame(height: 300),
        ])
        let root = try ViewRoot(content: content, size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        root.frame(into: nil)
        return (root, PresentationStack(root: root))
    }

    @Test func eachCauseIsFoundAsItIs() throws {
        let (root, stack) = try makeRoot()
        func absence(_ target: HoleTarget, covered: Bool = false) -> TargetAbsence? {
            Hole(target: target).absence(in: root, covered: covered)
        }
        #expect(absence(.view("title")) == nil)
        #expect(absence(.rect(Rect(x: -500, y: -500, width: 0, height: 0))) == nil, "a rectangle is always there")
        #expect(absence(.view("nope")) == .missing)
        #expect(absence(.view("unshown")) == .elsewhere)
        #expect(absence(.view("zero")) == .zeroSize)
        #expect(absence(.view("far")) == .offScreen)
        #expect(absence(.element(ElementQuery(role: .text, name: "Title"))) == nil)
        #expect(absence(.element(ElementQuery(role: .text, name: "Nothing"))) == .missing)
        #expect(absence(.element(ElementQuery(role: .text, name: "Dup"))) == .ambiguous)
        #expect(absence(.element(ElementQuery(id: "unshown"))) == .elsewhere)
        #expect(absence(.view("title"), covered: true) == .occluded)
        #expect(absence(.view("nope"), covered: true) == .missing, "a target that is gone is gone, covered or not")
        // A spotlight over an alert: the app beneath cannot be reached.
        stack.present(AlertOverlay(title: "Saved", message: "Your card was saved."), animated: false)
        let spot = SpotlightOverlay(holes: [Hole(target: .view("title"), shape: .rect)], coachMark: CoachMark(text: "Here"))
        stack.present(spot, animated: false)
        root.frame(into: nil)
        #expect(spot.missingCause == .occluded && spot.displayedBubble == nil)
    }

    @Test(arguments: ["nope", "unshown", "zero", "far"])
    func aSpotlightOnAnAbsentTargetShowsNoBubbleAndSaysWhy(id: String) throws {
        let (root, stack) = try makeRoot()
        var reports: [Bool] = []
        let spot = SpotlightOverlay(holes: [Hole(target: .view(id), shape: .rect)], coachMark: CoachMark(text: "Here"))
        spot.onTargetsMissing = { reports.append($0) }
        stack.present(spot, animated: false)
        root.frame(into: nil)
        #expect(spot.isMissingTargets && reports == [true])
        #expect(spot.missingCause == Hole(target: .view(id)).absence(in: root))
        #expect(spot.displayedBubble == nil, "no bubble pointing at nothing")
        spot.centersBubbleWithoutTarget = true
        root.frame(into: nil)
        #expect(spot.displayedBubble != nil, "told to do without it, the bubble shows centred")
    }
}
