import Testing
import Raster
import Views
import Overlays
@testable import Tours

/// Whatever a step's target does — gone, ambiguous, on another tab, covered — and whatever its
/// `ifMissing` says, the tour never ends as a dim with no bubble and no way out: within `waitFor`
/// and one frame the bubble is up (with a button to leave by) or the step is left.
@Suite(.serialized) @MainActor struct NoFrozenOverlayTests {
    /// A target with each cause, as the sample app can give it.
    nonisolated static let targets: [(cause: TargetAbsence, json: String)] = [
        (.missing, #""card.9""#),
        (.missing, #"{"role": "button", "name": "Nothing like it"}"#),
        // The id is card 0's and the name card 1's: which is meant cannot be known.
        (.ambiguous, #"{"id": "card.0", "role": "button", "name": "City Lights, Streets glow at night after the rain."}"#),
        (.elsewhere, #""fab""#),
    ]

    nonisolated static let cases: [(Int, MissingTargetAction, String, Bool)] = {
        var out: [(Int, MissingTargetAction, String, Bool)] = []
        for t in targets.indices {
            for action in MissingTargetAction.allCases {
                for advance in ["nextButton", "tapTarget", "tapAnywhere"] {
                    // Next needs a bubble: the format refuses it on a step without text.
                    for text in [true, false] where text || advance != "nextButton" { out.append((t, action, advance, text)) }
                }
            }
        }
        return out
    }()

    @Test(arguments: NoFrozenOverlayTests.cases)
    func everyWayOutEndsWithTheBubbleOrTheTourGone(target: Int, action: MissingTargetAction, advance: String, hasText: Bool) throws {
        let (cause, json) = NoFrozenOverlayTests.targets[target]
        let text = hasText ? #", "text": "Here""# : ""
        let (f, engine, events) = try startTour("""
            {"id": "frozen", "allowSkip": false, "steps": [
              {"target": "nav.title", "text": "One"},
              {"target": \(json)\(text), "tab": "home", "advanceOn": "\(advance)", "waitFor": 500, "ifMissing": "\(action.rawValue)"}
            ]}
            """)
        engine.next()
        if cause == .elsewhere { f.advance(0.05); f.app.select(.menu) }
        f.advance(0.1)
        guard case .targetMissing(1, let said)? = events.events.last else { Issue.record("\(events.events)"); return }
        #expect(said == cause)
        // The wait and one frame.
        f.advance(0.5 + 1.0 / 60)
        if engine.currentStep == 1, let spot = engine.spotlight {
            let bubble = try #require(spot.displayedBubble, "a dim with no bubble")
            _ = bubble
            let ways = ["overlay.bubble.next", "overlay.bubble.skip", "overlay.bubble.button.0"].filter { id in
                spot.surfaces.contains { $0.content.view(withID: id)?.isPlaced == true }
            }
            #expect(!ways.isEmpty, "a bubble with no way out")
            #expect(action == .center)
        } else {
            #expect(action != .center || !hasText, "left the step")
        }
    }

    /// A centred bubble's Next moves the tour on, even on a step that waited for a tap on its target.
    @Test func theCentredBubblesNextLeavesTheStep() throws {
        let (f, engine, _) = try startTour("""
            {"id": "frozen", "allowSkip": false, "steps": [
              {"target": "card.9", "text": "Here", "advanceOn": "tapTarget", "waitFor": 200, "ifMissing": "center"},
              {"target": "fab", "text": "Two"}
            ]}
            """)
        f.advance(0.3)
        let spot = try #require(engine.spotlight)
        let next = try #require(spot.surfaces.lazy.compactMap { $0.content.view(withID: "overlay.bubble.next") }.first)
        f.tap(next.frame.center)
        f.advance(0.1)
        #expect(engine.currentStep == 1)
    }
}
