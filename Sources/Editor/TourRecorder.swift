import Files
import Foundation
import Raster
import Schema
import Tours
import Views

/// The editor's recorder, for recording a tour by using the app: Record, then tap through the app
/// (or click through the screenshot) as a user would; each tap on a view with an id becomes a step
/// on that view that goes on when it is tapped (`advanceOn: tapTarget`), on the screens it was on
/// (its `tab`, and `go` for screens shown over it), waiting for a view that appeared only after an
/// earlier tap (`waitFor`). Stop selects the first recorded step for its texts and adds a test
/// script to the tour that plays the recording back with `expect` lines.
@MainActor
final class TourRecorder {
    /// The editor it records into.
    unowned let editor: EditorApp
    /// The recording running, if one is.
    private(set) var recording: Recording?

    init(editor: EditorApp) { self.editor = editor }

    /// What a recording has seen so far.
    struct Recording {
        /// Where the recorded steps go in the tour.
        var insertAt: Int
        /// How many steps it has added.
        var count = 0
        /// The screens the last recorded step runs on, bottom first (before the first: those a
        /// step there without `tab` or `go` would run on).
        var lastPlace: [String]
        /// The ids of the views on screen at the last tap (or at the start); nil until the fresh
        /// app's first frame was shown.
        var idsAtLastTap: Set<String>?
        /// The frame callback waiting for the fresh app's first frame, to read its ids.
        var firstScreenWatch: FrameCallbackID?
        /// When the last tap was (clock seconds).
        var lastTapTime: Double
        /// The test script's lines so far.
        var lines: [String] = []
        /// The steps' targets, for the log.
        var targets: [String] = []
        /// Whether it took the place of a new tour's untouched first step (which a recording
        /// without taps gives back).
        var replacedPlaceholder = false
    }

    /// The longest a recorded step waits for its view (the schema's limit is 60 s).
    static let longestRecordedWait = 60_000.0

    /// Starts recording, or stops the recording running.
    func toggle() { if editor.isRecording { stop() } else { start() } }

    /// Starts recording on a fresh app: taps go to it, and become steps after the selected one.
    func start() {
        if editor.isPlaying { editor.stopPlaying() }
        editor.root.focus(nil)
        editor.screen.showsHelp = false
        editor.banner?.message = nil
        editor.replaceStageWithAFreshOne()
        editor.viewport.mode = .record
        let stage = editor.viewport.stage
        // A new tour's untouched first step gives way to the recording.
        let replacesPlaceholder = editor.model.isNew && editor.model.stepCount == 1 && editor.model.document.steps.first.map(StepFields.isUntouchedNewStep) == true
        let insertAt = replacesPlaceholder ? 0 : min(editor.model.stepCount, editor.model.selected + 1)
        recording = Recording(insertAt: insertAt, lastPlace: placeBefore(insertAt, on: stage),
                              idsAtLastTap: nil, lastTapTime: editor.root.clock.now)
        recording?.replacedPlaceholder = replacesPlaceholder
        // The fresh app is laid out and drawn in the editor.viewport's next frame, inside the editor's (the
        // only place its frames run); its ids are read once it has been.
        recording?.firstScreenWatch = editor.root.addFrameCallback { [weak self] _ in self?.noteFirstScreen() }
        if replacesPlaceholder { editor.model.deleteStepAllowingNone(0) }
        editor.viewport.onRecordedTap = { [weak self] picked, point in self?.recordTap(on: picked, at: point) }
        editor.log("edit: recording: tap through the \(stage.pictures != nil ? "screenshot" : "app"); Ctrl-R or Escape stops")
        editor.refreshStatus()
    }

    /// In the editor's frame callbacks while a recording starts: once the fresh app's first frame
    /// was shown in the editor.viewport, its ids are the ones the first tap is compared with.
    private func noteFirstScreen() {
        guard var r = recording, let watch = r.firstScreenWatch else { return }
        guard !editor.viewport.needsFirstEmbeddedFrame else { return }
        editor.root.removeFrameCallback(watch)
        r.firstScreenWatch = nil
        if r.idsAtLastTap == nil { r.idsAtLastTap = Set(editor.viewport.stage.root.allIdentifiedViews().map(\.id)) }
        recording = r
    }

    /// The screens a step inserted at `index` without `tab` or `go` runs on: those of the step
    /// before it, or the first tab's (`stage`'s own while the tour has problems).
    private func placeBefore(_ index: Int, on stage: any TourHost) -> [String] {
        guard stage.pictures == nil else { return [] }
        guard let tour = editor.model.loaded?.tour else { return stage.shownScreenNames }
        let first = stage.tabNames.first
        guard index > 0, !tour.steps.isEmpty else { return first.map { [$0] } ?? [] }
        let tab = tour.tab(forStep: index - 1, firstTab: first)
        return (tab.map { [$0] } ?? []) + tour.screensOver(forStep: index - 1)
    }

    /// One tap of the recording: a step on the view tapped (an element by its role and name where
    /// no view there has an id; over a screenshot: a rectangle around the tap), with its tab and its
    /// wait, and the script's lines that replay it.
    func recordTap(on picked: PickedTarget?, at point: Point) {
        guard var r = recording else { return }
        let stage = editor.viewport.stage
        let now = editor.root.clock.now
        // A tap before the app's first frame was shown (none comes that early from a window): the
        // ids on its editor.screen now.
        let idsBefore = r.idsAtLastTap ?? Set(stage.root.allIdentifiedViews().map(\.id))
        if let watch = r.firstScreenWatch { editor.root.removeFrameCallback(watch); r.firstScreenWatch = nil }
        let elapsed = ((now - r.lastTapTime) * 1000).rounded()
        var members: [(String, JSONTree)] = []
        // A screenshot is one picture: the view under a click there is the picture itself, whose id
        // no tour over a screenshot can name. The click is a rectangle around it. A capture's
        // elements are picked as an app's views are.
        let overScreenshot = stage.targetsAreRectangles
        let picked = overScreenshot ? nil : picked
        let id = picked?.id
        if let picked {
            // The view's id with its element's role and name: a second way to find it.
            members.append(("target", picked.tree(on: stage.root.appElements)))
        } else if overScreenshot {
            let rect = TourRecorder.recordedRectangle(around: point, on: stage.root.size)
            members.append(("rect", StepFields(.object([]), unitsPerPoint: editor.model.unitsPerPoint).numbers(rect)))
        } else {
            editor.say("recording: nothing with an id or a name there; the tap went to the app only")
            r.lastTapTime = now
            r.idsAtLastTap = Set(stage.root.allIdentifiedViews().map(\.id))
            recording = r
            return
        }
        // The screens the tap was on, as the engine brings the app there before the step: the tab
        // (when it changed, or to close screens shown over it) and the screens shown over it.
        let place = stage.pictures != nil ? [] : stage.shownScreenNames
        if place != r.lastPlace, let tab = place.first {
            let over = Array(place.dropFirst())
            if tab != r.lastPlace.first || over.isEmpty { members.append(("tab", .string(tab))) }
            if !over.isEmpty { members.append(("go", over.count == 1 ? .string(over[0]) : .array(over.map { .string($0) }))) }
        }
        // A view that was not there at the last tap (on the same editor.screen) appeared because of it:
        // the step waits for it.
        if let id, !idsBefore.contains(id), place == r.lastPlace || r.count == 0 {
            members.append(("waitFor", .number(min(TourRecorder.longestRecordedWait, max(1000, (elapsed * 2 / 100).rounded(.up) * 100)))))
        }
        members.append(("advanceOn", .string("tapTarget")))
        members.append(("text", .string(StepFields.newStepText)))
        // Nothing names a rectangle to a editor.screen reader but the step's label: a placeholder to fill
        // in, as the text is.
        if picked == nil { members.append(("label", .string(StepFields.newLabelText))) }
        editor.model.insertStep(.object(members), at: r.insertAt + r.count)
        r.count += 1
        r.lastPlace = place
        r.targets.append(picked?.label ?? "a rectangle")
        r.lines.append("wait \(Int(max(600, min(5000, elapsed))))")
        r.lines.append("expect step=\(r.insertAt + r.count)")
        // The point to the hundredth of a point: a @3x pixel is a third of one.
        func hundredths(_ v: Double) -> String { ((v * 100).rounded() / 100).compact }
        let at = "\(hundredths(point.x)) \(hundredths(point.y))"
        r.lines.append(id.map { "tap \($0)" } ?? "tap \(at)")
        r.lastTapTime = now
        r.idsAtLastTap = Set(stage.root.allIdentifiedViews().map(\.id))
        recording = r
        editor.log("edit: recorded step \(r.insertAt + r.count): \(picked?.label ?? "a rectangle around \(at.replacingOccurrences(of: " ", with: ", "))")")
        editor.refreshStatus()
    }

    /// The side of the square a click over a screenshot becomes, in points: a finger's tap target
    /// (44 points) with room around it.
    static let recordedRectangleSide = 56.0

    /// The square of `recordedRectangleSide` points centred on `point`, moved inside a editor.screen of
    /// `size` (as much of it as fits on a editor.screen smaller than the square).
    static func recordedRectangle(around point: Point, on size: Size) -> Rect {
        let w = min(recordedRectangleSide, size.width), h = min(recordedRectangleSide, size.height)
        let x = max(0, min(size.width - w, point.x - w / 2)), y = max(0, min(size.height - h, point.y - h / 2))
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// Stops recording: the first recorded step is selected for its texts, and a test script that
    /// replays the recording (`recorded`, `recorded-2`, …) joins the tour's `test.scripts`.
    func stop() {
        guard let r = recording else { return }
        if let watch = r.firstScreenWatch { editor.root.removeFrameCallback(watch) }
        recording = nil
        editor.viewport.onRecordedTap = nil
        editor.viewport.mode = .edit
        if r.count > 0 {
            var scripts = editor.model.document.root["test"]?["scripts"]?.arrayValue ?? []
            let names = Set(scripts.compactMap { $0["name"]?.stringValue })
            var name = "recorded", n = 1
            while names.contains(name) { n += 1; name = "recorded-\(n)" }
            // A recording of the whole tour ends it; one added after other steps goes on from there.
            let ends = r.insertAt + r.count == editor.model.stepCount && r.insertAt == 0
            // The tour starts as the case starts; its first step fades in before the first tap.
            var lines = r.lines
            if let first = lines.first, first.hasPrefix("wait "), let ms = Int(first.dropFirst(5)) { lines[0] = "wait \(ms + 600)" }
            var script: [(String, JSONTree)] = [("name", .string(name)), ("lines", .array(lines.map { .string($0) }))]
            if ends { script.append(("expect", .string("tour=finished"))) }
            scripts.append(.object(script))
            if r.insertAt == 0 { editor.model.setValue(.array(scripts), at: ["test", "scripts"], inStep: nil) }
            editor.model.select(r.insertAt)
            editor.log("edit: recorded \(r.count) step\(r.count == 1 ? "" : "s") (\(r.targets.joined(separator: ", ")))" + (r.insertAt == 0 ? "; test script \"\(name)\" replays them" : ""))
        } else {
            editor.log("edit: recording stopped: no taps on views with ids")
            // The new tour's first step comes back, as it was.
            if r.replacedPlaceholder { editor.model.undo() }
        }
        editor.replaceStageWithAFreshOne()
        editor.refresh(force: true)
    }
}
