import Files
import Foundation
import Raster
import Tours
import Views

/// Recording a tour by using the app: Record, then tap through the app (or click through the
/// screenshot) as a user would; each tap on a view with an id becomes a step on that view that goes
/// on when it is tapped (`advanceOn: tapTarget`), on the tab it was on, waiting for a view that
/// appeared only after an earlier tap (`waitFor`). Stop selects the first recorded step for its
/// texts and adds a test script to the tour that plays the recording back with `expect` lines.
extension EditorApp {
    /// What a recording has seen so far.
    struct Recording {
        /// Where the recorded steps go in the tour.
        var insertAt: Int
        /// How many steps it has added.
        var count = 0
        /// The tab of the last recorded step (nil before the first).
        var lastTab: String?
        /// The ids of the views on screen at the last tap (or at the start).
        var idsAtLastTap: Set<String>
        /// When the last tap was (clock seconds).
        var lastTapTime: Double
        /// The test script's lines so far.
        var lines: [String] = []
        /// The steps' targets, for the log.
        var targets: [String] = []
    }

    /// The longest a recorded step waits for its view (the schema's limit is 60 s).
    static let longestRecordedWait = 60_000.0

    /// Whether a recording is running.
    public var isRecording: Bool { viewport.mode == .record }

    func toggleRecording() { if isRecording { stopRecording() } else { startRecording() } }

    /// Starts recording on a fresh app: taps go to it, and become steps after the selected one.
    func startRecording() {
        if isPlaying { stopPlaying() }
        root.focus(nil)
        screen.showsHelp = false
        banner?.message = nil
        replaceStageWithAFreshOne()
        viewport.mode = .record
        let stage = viewport.stage
        stage.root.frame(into: nil)
        // A new tour's untouched first step gives way to the recording.
        let replacesPlaceholder = model.isNew && model.stepCount == 1 && model.document.steps.first.map(StepFields.isUntouchedNewStep) == true
        recording = Recording(insertAt: replacesPlaceholder ? 0 : min(model.stepCount, model.selected + 1),
                              lastTab: nil, idsAtLastTap: Set(stage.root.allIdentifiedViews().map(\.id)), lastTapTime: root.clock.now)
        if replacesPlaceholder { model.deleteStepAllowingNone(0) }
        viewport.onRecordedTap = { [weak self] id, point in self?.recordTap(on: id, at: point) }
        recording?.lastTab = stage.selectedTabName
        log("edit: recording: tap through the \(stage is ScreenshotStage ? "screenshot" : "app"); Ctrl-R or Escape stops")
        refreshStatus()
    }

    /// One tap of the recording: a step on the view tapped (over a screenshot: a rectangle around
    /// the tap), with its tab and its wait, and the script's lines that replay it.
    func recordTap(on id: String?, at point: Point) {
        guard var r = recording else { return }
        let stage = viewport.stage
        let now = root.clock.now
        let elapsed = ((now - r.lastTapTime) * 1000).rounded()
        var members: [(String, JSONTree)] = []
        if let id {
            members.append(("target", .string(id)))
        } else if stage is ScreenshotStage {
            let side = 56.0, k = model.unitsPerPoint
            let s = stage.root.size
            let x = max(0, min(s.width - side, point.x - side / 2)), y = max(0, min(s.height - side, point.y - side / 2))
            members.append(("rect", .array([x, y, side, side].map { .number(($0 * k).rounded()) })))
        } else {
            say("recording: no view with an id there; the tap went to the app only")
            r.lastTapTime = now
            r.idsAtLastTap = Set(stage.root.allIdentifiedViews().map(\.id))
            recording = r
            return
        }
        let tab = stage.selectedTabName
        if let tab, tab != r.lastTab { members.append(("tab", .string(tab))) }
        // A view that was not there at the last tap (on the same tab) appeared because of it: the
        // step waits for it.
        if let id, !r.idsAtLastTap.contains(id), tab == r.lastTab || r.count == 0 {
            members.append(("waitFor", .number(min(EditorApp.longestRecordedWait, max(1000, (elapsed * 2 / 100).rounded(.up) * 100)))))
        }
        members.append(("advanceOn", .string("tapTarget")))
        members.append(("text", .string(StepFields.newStepText)))
        model.insertStep(.object(members), at: r.insertAt + r.count)
        r.count += 1
        r.lastTab = tab
        r.targets.append(id ?? "a rectangle")
        r.lines.append("wait \(Int(max(600, min(5000, elapsed))))")
        r.lines.append("expect step=\(r.insertAt + r.count)")
        r.lines.append(id.map { "tap \($0)" } ?? "tap \(point.x.compact) \(point.y.compact)")
        r.lastTapTime = now
        r.idsAtLastTap = Set(stage.root.allIdentifiedViews().map(\.id))
        recording = r
        log("edit: recorded step \(r.insertAt + r.count): \(id ?? "a rectangle at \(point.x.compact), \(point.y.compact)")")
        refreshStatus()
    }

    /// Stops recording: the first recorded step is selected for its texts, and a test script that
    /// replays the recording (`recorded`, `recorded-2`, …) joins the tour's `test.scripts`.
    func stopRecording() {
        guard let r = recording else { return }
        recording = nil
        viewport.onRecordedTap = nil
        viewport.mode = .edit
        if r.count > 0 {
            var scripts = model.document.root["test"]?["scripts"]?.arrayValue ?? []
            let names = Set(scripts.compactMap { $0["name"]?.stringValue })
            var name = "recorded", n = 1
            while names.contains(name) { n += 1; name = "recorded-\(n)" }
            // A recording of the whole tour ends it; one added after other steps goes on from there.
            let ends = r.insertAt + r.count == model.stepCount && r.insertAt == 0
            // The tour starts as the case starts; its first step fades in before the first tap.
            var lines = r.lines
            if let first = lines.first, first.hasPrefix("wait "), let ms = Int(first.dropFirst(5)) { lines[0] = "wait \(ms + 600)" }
            var script: [(String, JSONTree)] = [("name", .string(name)), ("lines", .array(lines.map { .string($0) }))]
            if ends { script.append(("expect", .string("tour=finished"))) }
            scripts.append(.object(script))
            if r.insertAt == 0 { model.setValue(.array(scripts), at: ["test", "scripts"], inStep: nil) }
            model.select(r.insertAt)
            log("edit: recorded \(r.count) step\(r.count == 1 ? "" : "s") (\(r.targets.joined(separator: ", ")))" + (r.insertAt == 0 ? "; test script \"\(name)\" replays them" : ""))
        } else {
            log("edit: recording stopped: no taps on views with ids")
        }
        replaceStageWithAFreshOne()
        refresh(force: true)
    }
}
