import Foundation
import Raster
import Schema
import Tours
import Views

/// A script that could not go on: its line and why (a view id that is not on screen, an `expect`
/// that did not hold).
public struct ScriptFailure: Error, Hashable, Sendable {
    /// The script's line.
    public var line: Int
    /// What went wrong.
    public var message: String
    /// A failure at `line`, saying `message`.
    public init(line: Int, message: String) { self.line = line; self.message = message }
}

/// Runs a replay script on a headless session: pointer commands at points or at the centres of views
/// found by id when the command runs (overlay views included), keys, waits, shots and `expect`s.
@MainActor
public struct ScriptRunner {
    /// The session the script drives.
    public let session: HeadlessSession
    /// The tour the script runs with, if any (what `expect step=` and `tour=` read).
    public var engine: TourEngine? { engineNow() }
    private let engineNow: @MainActor () -> TourEngine?
    /// Where the pointer last was (a wheel without `at` turns there).
    public private(set) var pointer: Point
    /// What the input method is composing (`compose`), until `commit` types it.
    public private(set) var composing = ""
    /// The folder relative paths of `drop` are read from: the script's.
    public var folder = "."
    /// Which finger of `touch` lines drives the pointer.
    private var touches = TouchTracker()

    /// A runner on `session`, with `engine`'s tour.
    public init(session: HeadlessSession, engine: TourEngine?) {
        self.init(session: session, engine: { engine })
    }

    /// A runner on `session`, with the tour `engine` gives at each moment (the editor's).
    public init(session: HeadlessSession, engine: @escaping @MainActor () -> TourEngine?) {
        self.session = session
        engineNow = engine
        let size = session.app.root.size
        pointer = Point(size.width / 2, size.height / 2)
    }

    /// The state now, as `replay` reports it.
    public var state: StateReport { StateReport(stage: session.stage, engine: engine, states: session.declaredStates) }

    /// Runs every command; `shot` writes through `shoot` (given the name and the script's line).
    public mutating func run(_ script: ReplayScript,
                             shoot: (String, Int) throws(ScriptFailure) -> Void = { _, _ throws(ScriptFailure) in }) throws(ScriptFailure) {
        let scriptFolder = (script.file as NSString).deletingLastPathComponent
        folder = scriptFolder.isEmpty ? "." : scriptFolder
        for line in script.commands { try run(line.command, line: line.line, shoot: shoot) }
    }

    /// Runs one command from line `line`.
    public mutating func run(_ command: ReplayCommand, line: Int,
                             shoot: (String, Int) throws(ScriptFailure) -> Void) throws(ScriptFailure) {
        switch command {
        case let .tap(place, modifiers):
            let p = try point(place, line)
            session.send(.pointerDown(p, button: .primary, modifiers: modifiers))
            session.send(.pointerUp(p, button: .primary))
        case let .down(place, modifiers):
            let p = try point(place, line)
            session.send(.pointerDown(p, button: .primary, modifiers: modifiers))
        case .move(let place):
            session.send(.pointerMove(try point(place, line)))
        case .up(let place):
            session.send(.pointerUp(try point(place, line), button: .primary))
        case let .drag(place, offset, modifiers):
            let start = try point(place, line)
            session.send(.pointerDown(start, button: .primary, modifiers: modifiers))
            for p in Self.dragSteps(from: start, by: offset) { session.send(.pointerMove(p)) }
            let end = Point(start.x + offset.x, start.y + offset.y)
            pointer = end
            session.send(.pointerUp(end, button: .primary))
        case .touch(let gesture):
            try touch(gesture, line)
        case let .scroll(dy, place, held):
            let at = try place.map { p throws(ScriptFailure) in try point(p, line) } ?? pointer
            session.send(.wheel(dy: dy, at: at, modifiers: held))
        case let .key(key, modifiers):
            session.send(.key(key, modifiers: modifiers))
        case .text(let text):
            session.send(.text(text))
        case .compose(let text):
            composing = text
            session.send(.composition(text, cursor: text.count))
        case .commit:
            let text = composing
            composing = ""
            session.send(.composition("", cursor: 0))
            if !text.isEmpty { session.send(.text(text)) }
        case .wait(let ms):
            session.wait(milliseconds: ms)
        case .shot(let name):
            try shoot(name, line)
        case .drop(let path):
            session.app.open(droppedFile: path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path))
        case .expect(let expectation):
            let problems = expectation.mismatches(in: state.expectationValues)
            if !problems.isEmpty { throw ScriptFailure(line: line, message: "expect " + problems.joined(separator: "; ")) }
        }
    }

    /// A drag's moves from `start` by `offset`: 60 Hz steps of at most 20 points, as a finger moves.
    static func dragSteps(from start: Point, by offset: Point) -> [Point] {
        // Offsets are checked where scripts are read (±100000 points); a NaN or an infinity that got
        // here anyway makes one step, never a trap.
        let length = (offset.x * offset.x + offset.y * offset.y).squareRoot()
        let steps = length.isFinite ? max(1, min(600, Int(clampedToInt: (length / 20).rounded(.up)))) : 1
        return (1...steps).map { i in
            let t = Double(i) / Double(steps)
            return Point(start.x + offset.x * t, start.y + offset.y * t)
        }
    }

    /// A `touch` line through the tracker: fingers other than the first one down do nothing.
    private mutating func touch(_ gesture: TouchGesture, _ line: Int) throws(ScriptFailure) {
        func send(_ event: InputEvent?) { if let event { session.send(event) } }
        switch gesture {
        case .tap(let place):
            let p = try point(place, line)
            send(touches.down(1, at: p))
            send(touches.up(1, at: p))
        case let .drag(place, offset):
            let start = try point(place, line)
            send(touches.down(1, at: start))
            for p in Self.dragSteps(from: start, by: offset) { send(touches.move(1, to: p)) }
            let end = Point(start.x + offset.x, start.y + offset.y)
            pointer = end
            send(touches.up(1, at: end))
        case let .down(finger, place):
            send(touches.down(Int64(finger), at: try point(place, line)))
        case let .move(finger, place):
            send(touches.move(Int64(finger), to: try point(place, line)))
        case let .up(finger, place):
            send(touches.up(Int64(finger), at: try point(place, line)))
        }
    }

    /// The point of `place`: as given, or the centre of the view with the id, which must be on screen.
    mutating func point(_ place: ScriptPlace, _ line: Int) throws(ScriptFailure) -> Point {
        let p: Point
        switch place {
        case .point(let given): p = given
        case .view(let id):
            let root = session.app.root
            root.frame(into: nil)
            // The roots shown inside the app's (the editor's view of the app being toured) ran
            // their frames in that one; their views are found at their place on the app's screen.
            let embedded = root.embeddedRoots
            var found = root.view(withID: id).map { (view: $0, embedding: EmbeddedRootView?.none) }
            for nested in embedded where found == nil {
                found = nested.embeddedRoot.view(withID: id).map { ($0, nested) }
            }
            guard let (view, embedding) = found.map({ ($0.view, $0.embedding) }) else {
                let known = (root.allIdentifiedViews() + embedded.flatMap { $0.embeddedRoot.allIdentifiedViews() }).map(\.id)
                let near = KnownNames.list(known.sorted(), near: id)
                throw ScriptFailure(line: line, message: "no view with id \"\(printableForOneLine(id))\" on screen (nearest: \(near))")
            }
            var visible = view.visibleFrame
            if let embedding { visible = embedding.outerRect(visible).intersection(embedding.frame) }
            guard view.isPlaced, !visible.isEmpty else {
                let away = embedding == nil ? "scrolled away, or on another tab" : "scrolled away, on another tab, or outside the editor's view of the screen"
                throw ScriptFailure(line: line, message: "the view \"\(id)\" is not on screen (\(away))")
            }
            p = visible.center
        }
        pointer = p
        return p
    }
}
