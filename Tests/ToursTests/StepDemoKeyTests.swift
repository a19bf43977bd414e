import Testing
import Demo
import Overlays
import Raster
@testable import Tours

/// A step's `demo`: the name alone for the gestures that stay, an object for those that go
/// somewhere; what it names is checked against the app; the engine hands it to the spotlight.
@Suite(.serialized) @MainActor struct StepDemoKeyTests {
    func step(_ demo: String) -> String { #"{"id": "t", "steps": [{"target": "card.0", "text": "x", "demo": \#(demo)}]}"# }

    @Test func aGesturesNameOrObjectIsRead() throws {
        #expect(try tour(step(#""tap""#)).steps[0].demo == GestureDemo(kind: .tap))
        #expect(try tour(step(#""longPress""#)).steps[0].demo == GestureDemo(kind: .longPress))
        let swipe = try tour(step(#"{"gesture": "swipe", "direction": "left", "distance": 120, "pointer": "hand"}"#)).steps[0].demo
        #expect(swipe == GestureDemo(kind: .swipe, direction: .left, distance: 120, pointer: .hand))
        let drag = try tour(step(#"{"gesture": "drag", "from": "card.1", "to": "fab"}"#)).steps[0].demo
        #expect(drag == GestureDemo(kind: .drag, from: "card.1", to: "fab", pointer: .auto))
        #expect(try tour(step(#"{"gesture": "scroll"}"#)).steps[0].demo?.direction == nil, "a scroll goes down unless it says")
    }

    @Test func badDemosAreOneLineEach() {
        #expect(problemLines(step(#""swipe""#)) == [#"t.json:1: steps[0].demo: a swipe goes somewhere: write it as an object such as {"gesture": "swipe", "direction": "left"}"#])
        #expect(problemLines(step(#""wave""#)).first?.hasPrefix(#"t.json:1: steps[0].demo: expected one of "tap", "doubleTap""#) == true,
                "\(problemLines(step(#""wave""#)))")
        #expect(problemLines(step(#"{"direction": "left"}"#)) == [#"t.json:1: steps[0].demo: missing key "gesture" (one of tap, doubleTap, longPress, drag, swipe, scroll)"#])
        #expect(problemLines(step(#"{"gesture": "swipe", "direction": "sideways"}"#)).first?.contains("steps[0].demo.direction") == true)
        #expect(problemLines(step(#"{"gesture": "swipe", "distance": -4}"#)).first?.contains("steps[0].demo.distance") == true)
        #expect(problemLines(step(#"{"gesture": "drag", "to": "trsh"}"#)).first?.hasPrefix(#"t.json:1: steps[0].demo.to: no view with id "trsh" can exist (known: "#) == true,
                "\(problemLines(step(#"{"gesture": "drag", "to": "trsh"}"#)))")
        #expect(problemLines(#"{"id": "t", "steps": [{"text": "x", "demo": "tap"}]}"#).contains(
            #"t.json:1: steps[0].demo: a demo is shown on the step's target: give the step a "target" or "rect", or the demo a "from""#))
    }

    @Test func theEngineHandsTheDemoToTheSpotlight() throws {
        let t = try tour(step(#"{"gesture": "swipe", "direction": "right"}"#))
        let fixture = try AppFixture()
        let engine = TourEngine(tour: t, host: fixture.app)
        #expect(engine.spotlightStep(for: 0).demo == GestureDemo(kind: .swipe, direction: .right))
    }
}
