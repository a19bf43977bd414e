import Demo
import Foundation
import Overlays
import Seeded
import ImageFiles
import Raster
import Tours
import Views

/// What holds after every event: input never reaches the app beneath a modal overlay, an
/// incremental frame equals a full repaint, and the failure says how they differ.
extension Soak {
    /// What the app beneath the overlays looks like, for checking that input did not reach it.
    struct AppSnapshot: Equatable {
        var cards: Int
        var tab: Tab
        var language: Language
        var offsets: [Double]
    }

    func snapshot() -> AppSnapshot {
        AppSnapshot(cards: app.state.cards.count, tab: app.state.selectedTab, language: app.state.language,
                    offsets: scrollViews.map(\.contentOffset))
    }

    /// Sends one input event and checks that it reached only the top overlay.
    func send(_ event: InputEvent) throws(SoakFailure) {
        switch event {
        case .pointerDown(let p, _, _), .pointerMove(let p), .pointerUp(let p, _): pointer = p
        default: break
        }
        let stack = app.overlays
        let top = stack.top
        let beneath = stack.presented.filter { $0 !== top }
        let before = snapshot()
        // What the top spotlight lets through, read before the event moves it to another step.
        let passesThrough = (top as? SpotlightOverlay).map { $0.tapPolicy.inside == .passThroughAndAdvance }
        app.root.send(event)
        for o in beneath where !(o.isInteractive && o.stack === stack && stack.overlays.contains { $0 === o }) {
            throw failure("\(event) reached the \(o.kind.rawValue) beneath the top \(top?.kind.rawValue ?? "overlay") (it is now \(o.phase))")
        }
        guard let top else { return }
        let after = snapshot()
        if top.kind != .spotlight, after != before {
            throw failure("\(event) reached the app beneath the \(top.kind.rawValue): \(before) became \(after)")
        }
        if passesThrough == false, after.cards != before.cards {
            throw failure("\(event) added a card through a spotlight that passes nothing through")
        }
    }

    func checkInvariants(after event: SoakEvent) throws(SoakFailure) {
        // The rule of change.
        if let violation = phaseViolations.first {
            throw failure("the rule of change broke: \(violation)" + (phaseViolations.count > 1 ? " (and \(phaseViolations.count - 1) more)" : ""))
        }
        let stack = app.overlays
        // The stack.
        var seen = Set<ObjectIdentifier>()
        for o in stack.overlays {
            guard seen.insert(ObjectIdentifier(o)).inserted else { throw failure("a \(o.kind.rawValue) is on the stack twice") }
            guard o.stack === stack, o.phase != .removed else {
                throw failure("a \(o.kind.rawValue) on the stack is \(o.phase) (stack set: \(o.stack != nil))")
            }
            guard o.presentationOpacity >= 0, o.presentationOpacity <= 1 else {
                throw failure("a \(o.kind.rawValue) has opacity \(o.presentationOpacity)")
            }
        }
        if stack.top !== stack.presented.last { throw failure("the top overlay is not the last one taking input") }
        // A running tour shows its spotlight.
        if let engine, engine.isRunning {
            guard let spot = engine.spotlight, stack.overlays.contains(where: { $0 === spot }) else {
                throw failure("tour \(engine.tour.id) runs step \((engine.currentStep ?? 0) + 1) with no spotlight on the stack")
            }
        }
        // Holes follow their targets.
        for case let spot as SpotlightOverlay in stack.overlays where !spot.isAnimating {
            let expected = spot.targetGeometries(root: app.root)
            stats.holeChecks += 1
            if spot.displayedHoles != expected {
                throw failure("a spotlight shows holes \(spot.displayedHoles.map(\.rect)) but its targets are at \(expected.map(\.rect))")
            }
        }
        // Cards.
        let cards = app.state.cards.count
        if cards < lastCardCount { throw failure("the card count dropped from \(lastCardCount) to \(cards)") }
        lastCardCount = cards
        stats.maxCards = max(stats.maxCards, cards)
        if let grid, grid.children.count != cards {
            throw failure("the grid holds \(grid.children.count) cards, the state \(cards)")
        }
        // The pointer.
        switch event {
        case .tap, .drag, .up(_, .primary):
            if let captor = app.root.pointerCaptor { throw failure("\(type(of: captor)) still holds the pointer after it went up") }
        default: break
        }
    }

    func failure(_ message: String) -> SoakFailure {
        SoakFailure(seed: seed, eventNumber: currentNumber, event: currentEvent, message: message, recentEvents: recent)
    }

    /// How two frames of the same size differ, with both written out as PNGs.
    func differences(_ a: Pixmap, _ b: Pixmap) -> String {
        let difference = PixmapDifference(between: a, and: b)
        let count = difference.differingPixels, box = difference.differingBounds
        let folder = artifactsFolder ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("limelight-soak-\(seed)")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let incremental = (folder as NSString).appendingPathComponent("event-\(stats.events)-incremental.png")
        let full = (folder as NSString).appendingPathComponent("event-\(stats.events)-full.png")
        try? a.writePNG(to: incremental)
        try? b.writePNG(to: full)
        let repainted = lastRepainted.map(\.description).joined(separator: ", ")
        return "\(count) pixels in \(box.map(\.description) ?? "none"); the last frame repainted [\(repainted)]; see \(incremental) and \(full)"
    }
}
