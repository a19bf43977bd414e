import Overlays
import Raster
import Tours
import Views

/// Whether the app takes the gesture a step demonstrates, so a tour cannot teach a gesture the app
/// ignores: on a walk of its own, the step settled, the gesture's path is read from the spotlight,
/// the tour is ended, and the gesture is played to the app as input (a tap, two taps 150 ms apart,
/// a press held 800 ms, a drag, swipe or scroll moved in 60 Hz steps); the app takes it when what
/// it shows has changed once it settles (a card added, a screen opened, a list scrolled). Over
/// pictures (a screenshot, a capture) there is no app to take input: nothing is played.
@MainActor
enum DemoCheck {
    /// How long each moving gesture takes, in milliseconds.
    static func duration(of kind: GestureDemo.Kind) -> Double {
        switch kind {
        case .swipe: 150
        case .scroll: 400
        case .drag: 600
        default: 0
        }
    }

    /// The problem with step `index`'s demonstration on `walk` (a walk of its own, to be thrown
    /// away), nil when the app took the gesture.
    static func problem(walk: TourWalk, step index: Int, tour: Tour) -> String? {
        guard let demo = tour.steps[index].demo, walk.stage.pictures == nil else { return nil }
        walk.show(step: index, at: nil)
        let path = "steps[\(index)].demo"
        guard let placed = walk.engine.spotlight?.demoPathOnScreen else {
            return "\(path): the \(demo.kind.rawValue) could not be placed (its target is not on the screen)"
        }
        walk.engine.skip()
        walk.session.settle()
        let root = walk.stage.root
        guard let before = try? walk.session.render().copy() else { return nil }
        play(demo, from: placed.start, to: placed.end, on: root, session: walk.session)
        walk.session.settle()
        guard let after = try? walk.session.render() else { return nil }
        guard PixmapDifference(between: before, and: after).isEmpty else { return nil }
        let gesture = demo.kind == .swipe || demo.kind == .scroll ? "\(demo.kind.rawValue) \(demo.direction?.rawValue ?? "down")" : demo.kind.rawValue
        return "\(path): the app does not take the \(gesture) it shows (nothing on the screen changed when it was played; a demo must teach a gesture the app handles)"
    }

    /// Plays `demo` from `start` to `end` to `root` as pointer input, time passing on `session`.
    static func play(_ demo: GestureDemo, from start: Point, to end: Point, on root: ViewRoot, session: HeadlessSession) {
        func tap(at p: Point) {
            root.send(.pointerDown(p, button: .primary))
            session.wait(milliseconds: 60)
            root.send(.pointerUp(p, button: .primary))
        }
        switch demo.kind {
        case .tap: tap(at: start)
        case .doubleTap:
            tap(at: start)
            session.wait(milliseconds: 90)
            tap(at: start)
        case .longPress:
            root.send(.pointerDown(start, button: .primary))
            session.wait(milliseconds: 800)
            root.send(.pointerUp(start, button: .primary))
        case .drag, .swipe, .scroll:
            root.send(.pointerDown(start, button: .primary))
            let steps = max(2, Int((duration(of: demo.kind) / (1000.0 / 60)).rounded()))
            for k in 1...steps {
                let t = Double(k) / Double(steps)
                session.wait(milliseconds: 1000.0 / 60)
                root.send(.pointerMove(Point(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t)))
            }
            root.send(.pointerUp(end, button: .primary))
        }
    }
}
