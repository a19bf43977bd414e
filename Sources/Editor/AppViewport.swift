import Raster
import Tours
import Views

/// The app (or screenshot) being toured, inside the editor's window: its own root's frames shown at
/// the viewport's place, fitted into it or at a chosen zoom (`ZoomChoice`), panned by the wheel when
/// it is larger than the viewport. In edit mode the pointer picks: hovering outlines the view
/// under it and labels it with its id, a click picks it (Shift-click adds it), and over a screenshot
/// (or with Alt over the app) a drag draws a rectangle, whose edges and inside can be dragged after.
/// In play mode every input goes to the app as a user's would.
@MainActor
final class AppViewport: EmbeddedRootView {
    /// What input does.
    enum Mode {
        /// The pointer picks and draws.
        case edit
        /// Input goes to the app as a user's would, the tour running.
        case play
        /// Input goes to the app, and each tap is told (`onRecordedTap`), with no tour running.
        case record

        /// Whether input reaches the app.
        var forwardsInput: Bool { self != .edit }
    }

    /// How large the screen is shown.
    enum ZoomChoice: Equatable {
        /// As large as fits in the viewport, at most its own size times `fitLimit`.
        case fit
        /// At this zoom (1: a point of the screen is a point of the editor).
        case fixed(Double)
    }

    /// The zooms Ctrl-+ and Ctrl-− step through (50% to 400%).
    static let zoomSteps = [0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4]
    /// The largest zoom `fit` chooses: a small screen in a large window is shown larger, up to this.
    static let fitLimit = 2.0

    /// The zoom asked for; the zoom shown follows it at each layout.
    var zoomChoice: ZoomChoice = .fit {
        didSet { if zoomChoice != oldValue { setNeedsLayout(); onZoomChange?() } }
    }
    /// Told when the zoom shown changes (the status line says it).
    var onZoomChange: (@MainActor () -> Void)?

    /// The stage shown (replaced when play ends, so editing starts from a fresh app).
    private(set) var stage: any TourHost
    /// What input does now.
    var mode: Mode = .edit { didSet { if mode != oldValue { hovered = nil; drag = nil; isDraggingDemo = false; setNeedsDisplay() } } }
    /// Whether a drag draws a rectangle without Alt (over a screenshot, where there are no views).
    var drawsRectangles: Bool
    /// The file's units per point (its screenshot's scale for `"units": "pixels"`): rectangles
    /// drawn and dragged land on that grid.
    var unitsPerPoint = 1.0
    /// The selected step's rectangle targets (app points), shown with handles.
    var rectangles: [Rect] = [] { didSet { if rectangles != oldValue { setNeedsDisplay() } } }
    /// A view (or an element) picked, and whether Shift was held (add it as another hole).
    var onPick: (@MainActor (PickedTarget, Bool) -> Void)?
    /// A rectangle reshaped: its index, the new rectangle (app points), whether the drag ended.
    var onRectangle: (@MainActor (Int, Rect, Bool) -> Void)?
    /// A new rectangle drawn (app points), and whether Shift was held (add it as another hole).
    var onNewRectangle: (@MainActor (Rect, Bool) -> Void)?
    /// Recording: a tap reached the app at a point (app points), on what `pick` found under it
    /// when it went down (nil over a screenshot, or over nothing with an id or a name).
    var onRecordedTap: (@MainActor (PickedTarget?, Point) -> Void)?
    private var recordedPress: PickedTarget?

    /// What is under the pointer: the pick and its frame (app points).
    private(set) var hovered: (target: PickedTarget, frame: Rect)? {
        didSet { if hovered?.target != oldValue?.target || hovered?.frame != oldValue?.frame { setNeedsDisplay() } }
    }

    /// A drag in progress: where it started (app points) and what it moves.
    private struct Drag {
        enum Part { case new, move, edges(left: Bool, top: Bool, right: Bool, bottom: Bool) }
        var start: Point
        var part: Part
        var original: Rect
        var index: Int
    }
    private var drag: Drag?
    private var pressedPick: PickedTarget?
    /// The selected step's moving gesture, from where its finger starts to where it ends (app
    /// points), drawn with a handle on its end; nil for none.
    var demoPath: (start: Point, end: Point)? {
        didSet { if demoPath.map({ [$0.start, $0.end] }) != oldValue.map({ [$0.start, $0.end] }) { setNeedsDisplay() } }
    }
    /// The gesture's end dragged to a point (app points), and whether the drag ended.
    var onDemoEnd: (@MainActor (Point, Bool) -> Void)?
    /// Whether the gesture's end is being dragged.
    private(set) var isDraggingDemo = false
    /// The gesture's way when its end was pressed (what a drag of it is measured from).
    private(set) var demoPathAtPress: (start: Point, end: Point)?
    /// The gesture handle's reach around its end, in points.
    static let demoHandleReach = 12.0

    /// The handles' reach around an edge, in points.
    static let edgeReach = 6.0

    /// A viewport on `stage`.
    init(stage: any TourHost, drawsRectangles: Bool) {
        self.stage = stage
        self.drawsRectangles = drawsRectangles
        super.init(embedding: stage.root)
    }

    /// Shows `new` instead of the stage shown now.
    func replaceStage(with new: any TourHost) {
        stage = new
        drawsRectangles = new.targetsAreRectangles
        hovered = nil
        replaceEmbeddedRoot(with: new.root)
    }

    /// The app's root shown.
    var appRoot: ViewRoot { stage.root }

    // MARK: - Zoom and pan

    /// The zoom that shows the whole screen inside `size` (at most `fitLimit`).
    func fittingZoom(in size: Size) -> Double {
        let screen = appRoot.size
        guard screen.width > 0, screen.height > 0, size.width > 0, size.height > 0 else { return 1 }
        return min(AppViewport.fitLimit, size.width / screen.width, size.height / screen.height)
    }

    /// The zoom shown for the choice in a viewport of `size`, within what the scale allows.
    private func chosenZoom(in size: Size) -> Double {
        let wanted: Double
        switch zoomChoice {
        case .fit: wanted = fittingZoom(in: size)
        case .fixed(let z): wanted = z
        }
        let range = EmbeddedRootView.zoomRange(atScale: root?.scale ?? 1)
        return min(range.upperBound, max(range.lowerBound, wanted))
    }

    /// Sets the zoom for the choice and keeps the pan inside the screen. Whoever hears of the new
    /// zoom (the status line) hears in the next frame's callback phase: nothing else changes
    /// while the tree lays out.
    override func placeSubviews(in bounds: Rect) {
        let z = chosenZoom(in: bounds.size)
        if z != zoom {
            setZoomWhilePlacing(z)
            root?.beforeNextFrame { [weak self] in self?.onZoomChange?() }
        }
        pan = clampedPan(pan, in: bounds.size)
    }

    /// `p` moved so the screen covers the viewport where it can, and is centred where it is smaller.
    private func clampedPan(_ p: Point, in size: Size) -> Point {
        let screen = appRoot.size
        func axis(_ v: Double, _ visible: Double, _ length: Double) -> Double {
            length <= visible ? -(visible - length) / 2 : min(max(0, v), length - visible)
        }
        return Point(axis(p.x, size.width / zoom, screen.width), axis(p.y, size.height / zoom, screen.height))
    }

    /// Zooms to `z`, keeping the screen's point under `anchor` (editor points; the centre when nil) in place.
    func zoom(to z: Double, around anchor: Point? = nil) {
        let range = EmbeddedRootView.zoomRange(atScale: root?.scale ?? 1)
        let new = min(range.upperBound, max(range.lowerBound, z))
        let a = anchor ?? frame.center
        let fixedPoint = embeddedPoint(a)
        zoomChoice = .fixed(new)
        zoom = new
        pan = clampedPan(Point(fixedPoint.x - (a.x - frame.minX) / new, fixedPoint.y - (a.y - frame.minY) / new), in: frame.size)
        onZoomChange?()
    }

    /// One step of `zoomSteps` larger (`by` 1) or smaller (−1) than the zoom shown.
    func stepZoom(by direction: Int, around anchor: Point? = nil) {
        let steps = AppViewport.zoomSteps
        let next = direction > 0 ? steps.first { $0 > zoom + 1e-6 } ?? steps.last! : steps.last { $0 < zoom - 1e-6 } ?? steps.first!
        zoom(to: next, around: anchor)
    }

    /// Moves the view of the screen by `dx`, `dy` editor points; whether it moved.
    @discardableResult
    func panBy(dx: Double, dy: Double) -> Bool {
        let moved = clampedPan(Point(pan.x + dx / zoom, pan.y + dy / zoom), in: frame.size)
        guard moved != pan else { return false }
        pan = moved
        return true
    }

    /// The zoom shown, as the status line says it: "fit, 33%" or "200%".
    var zoomDescription: String {
        let percent = "\(Int((zoom * 100).rounded()))%"
        return zoomChoice == .fit ? "fit, \(percent)" : percent
    }

    // MARK: - Painting

    /// The app's frame, the hover outline with its id, and the rectangle with its handles.
    override func draw(in canvas: Canvas) {
        drawEmbeddedFrame(in: canvas)
        guard mode == .edit else { return }
        var inside = canvas
        inside.clip(to: frame)
        if let hovered {
            let r = outerRect(hovered.frame)
            outline(r, width: 2, color: Palette.readableTint, in: inside)
            label(hovered.target.label, by: r, color: Palette.readableTint, in: inside)
        }
        let orange = Color(red: 0xE8, green: 0x6A, blue: 0x00)
        for (i, rectangle) in rectangles.enumerated() {
            let r = outerRect(rectangle)
            outline(r, width: 1.5, color: orange, in: inside)
            for x in [r.minX, r.midX, r.maxX] {
                for y in [r.minY, r.midY, r.maxY] where !(x == r.midX && y == r.midY) {
                    inside.fill(Rect(x: x - 4, y: y - 4, width: 8, height: 8), color: orange)
                    inside.fill(Rect(x: x - 2.5, y: y - 2.5, width: 5, height: 5), color: .white)
                }
            }
            let number = rectangles.count > 1 ? "\(i + 1): " : ""
            label(number + StepFields.describe(rectangle, unitsPerPoint: unitsPerPoint), by: r, color: orange, in: inside)
        }
        if let demoPath { drawDemoPath(demoPath, in: inside) }
    }




    // MARK: - Input

    /// A point of the editor's screen in the app's points.
    private func appPoint(_ p: Point) -> Point { embeddedPoint(p) }

    /// Outlines the view under the pointer (edit mode), or moves the app's pointer (play mode).
    override func pointerHovered(at point: Point) -> Bool {
        let p = appPoint(point)
        switch mode {
        case .play, .record:
            appRoot.send(.pointerMove(p))
            setNeedsEmbeddedFrame()
        case .edit:
            hovered = (drawsRectangles && !(root?.modifiers.contains(.alt) ?? false)) ? nil : pick(at: p)
        }
        return true
    }

    /// Play: the press goes to the app. Edit: starts a pick, a rectangle, or a drag of its edges.
    override func pointerDown(at point: Point) -> Bool {
        let p = appPoint(point)
        let held = root?.modifiers ?? []
        if mode.forwardsInput {
            if mode == .record { recordedPress = pick(at: p)?.target }
            appRoot.send(.pointerDown(p, button: .primary, modifiers: held))
            setNeedsEmbeddedFrame()
            return true
        }
        if let demoPath, p.distance(to: demoPath.end) <= AppViewport.demoHandleReach / zoom {
            isDraggingDemo = true
            demoPathAtPress = demoPath
            return true
        }
        if !held.contains(.shift), let (i, part) = rectangles.enumerated().reversed().lazy.compactMap({ i, r in self.part(of: r, at: p).map { (i, $0) } }).first {
            drag = Drag(start: p, part: part, original: rectangles[i], index: i)
        } else if drawsRectangles || held.contains(.alt) {
            drag = Drag(start: p, part: .new, original: Rect(x: p.x, y: p.y, width: 0, height: 0), index: held.contains(.shift) ? rectangles.count : 0)
        } else {
            pressedPick = pick(at: p)?.target
        }
        return true
    }

    /// Which part of rectangle `r` a press at `p` takes: an edge or corner, the inside, or none.
    private func part(of r: Rect, at p: Point) -> Drag.Part? {
        let reach = AppViewport.edgeReach / zoom
        guard p.x >= r.minX - reach, p.x <= r.maxX + reach, p.y >= r.minY - reach, p.y <= r.maxY + reach else { return nil }
        let left = abs(p.x - r.minX) <= reach, right = !left && abs(p.x - r.maxX) <= reach
        let top = abs(p.y - r.minY) <= reach, bottom = !top && abs(p.y - r.maxY) <= reach
        if left || right || top || bottom { return .edges(left: left, top: top, right: right, bottom: bottom) }
        return r.contains(p) ? .move : nil
    }

    /// Reshapes the rectangle being dragged (play: the move goes to the app).
    override func pointerMoved(to point: Point) {
        let p = appPoint(point)
        if mode.forwardsInput { appRoot.send(.pointerMove(p)); setNeedsEmbeddedFrame(); return }
        if isDraggingDemo {
            let q = clampedToScreen(p)
            demoPath?.end = q
            onDemoEnd?(q, false)
            return
        }
        guard let drag else { return }
        let r = reshaped(drag, to: p)
        if case .new = drag.part { showDrawing(r, at: drag.index); return }
        rectangles[drag.index] = r
        onRectangle?(drag.index, r, false)
    }

    /// Shows a rectangle being drawn as rectangle `index` (the next one when adding).
    private func showDrawing(_ r: Rect, at index: Int) {
        if index < rectangles.count { rectangles[index] = r } else { rectangles.append(r) }
    }

    /// Ends a pick (a tap on a view), a rectangle or a drag of its edges.
    override func pointerUp(at point: Point, isTap: Bool) {
        let p = appPoint(point)
        if mode.forwardsInput {
            // The tap is told before the app acts on it: the step is on the screen the tap was on.
            if mode == .record, isTap { onRecordedTap?(recordedPress, p) }
            recordedPress = nil
            appRoot.send(.pointerUp(p, button: .primary))
            setNeedsEmbeddedFrame()
            return
        }
        if isDraggingDemo {
            isDraggingDemo = false
            let q = clampedToScreen(p)
            demoPath?.end = q
            onDemoEnd?(q, true)
            return
        }
        if let drag {
            self.drag = nil
            let r = reshaped(drag, to: p)
            if case .new = drag.part, r.width < 2 || r.height < 2 {
                // A click, not a drag: over the app it still picks.
                if !drawsRectangles, let picked = pick(at: p)?.target { onPick?(picked, root?.modifiers.contains(.shift) ?? false) }
                return
            }
            if case .new = drag.part {
                showDrawing(r, at: drag.index)
                onNewRectangle?(r, drag.index > 0)
            } else {
                rectangles[drag.index] = r
                onRectangle?(drag.index, r, true)
            }
            return
        }
        if isTap, let picked = pressedPick, pick(at: p)?.target == picked { onPick?(picked, root?.modifiers.contains(.shift) ?? false) }
        pressedPick = nil
    }

    /// Drops a drag.
    override func pointerCancelled() {
        if mode.forwardsInput { appRoot.cancelPointerCapture() }
        recordedPress = nil
        drag = nil
        pressedPick = nil
        isDraggingDemo = false
    }


    /// Control zooms around the pointer; Shift pans sideways; otherwise the app scrolls (in both
    /// modes, so views far down can be reached and picked), and what it does not scroll pans the
    /// zoomed screen.
    override func scrollWheel(dy: Double, at point: Point) -> Bool {
        let held = root?.modifiers ?? []
        if held.contains(.control) || held.contains(.command) {
            stepZoom(by: dy < 0 ? 1 : -1, around: point)
            return true
        }
        if held.contains(.shift) { panBy(dx: dy, dy: 0); return true }
        let p = appPoint(point)
        let scrolled = mode.forwardsInput ? appRoot.send(.wheel(dy: dy, at: p)) : appRoot.sendToContent(.wheel(dy: dy, at: p))
        if !scrolled { panBy(dx: 0, dy: dy) }
        setNeedsEmbeddedFrame()
        hovered = mode == .edit ? pick(at: appPoint(point)) : nil
        return true
    }

    /// The rectangle a drag makes with the pointer at `p`, inside the app's screen.
    private func reshaped(_ drag: Drag, to p: Point) -> Rect {
        let size = appRoot.size
        let q = Point(max(0, min(size.width, p.x)), max(0, min(size.height, p.y)))
        var r = drag.original
        switch drag.part {
        case .new:
            r = Rect(x: min(drag.start.x, q.x), y: min(drag.start.y, q.y), width: abs(q.x - drag.start.x), height: abs(q.y - drag.start.y))
        case .move:
            let dx = max(-r.minX, min(size.width - r.maxX, q.x - drag.start.x))
            let dy = max(-r.minY, min(size.height - r.maxY, q.y - drag.start.y))
            r = r.offsetBy(dx: dx, dy: dy)
        case let .edges(left, top, right, bottom):
            var x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
            if left { x0 = min(q.x, x1) }
            if right { x1 = max(q.x, x0) }
            if top { y0 = min(q.y, y1) }
            if bottom { y1 = max(q.y, y0) }
            r = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        // On the file's grid: whole points, or whole pixels of a tour measured on a screenshot's.
        let k = unitsPerPoint
        func grid(_ v: Double) -> Double { (v * k).rounded() / k }
        return Rect(x: grid(r.minX), y: grid(r.minY), width: grid(r.width), height: grid(r.height))
    }
}
