import Foundation
import Headless
import Tours
import Views

extension RenderCommand {
    /// `--checklist FILE`: the app with the checklist's launcher, its panel open with `--open`, items
    /// of `--checked` ticked as saved progress would have them, `time` ms after it appeared.
    static func renderChecklist(_ path: String, args: Arguments, settings: ScreenSettings, app: CLIApp, out: String, time: Double?) throws(CLIError) {
        let c = "render"
        for option in ["--tour", "--step"] where args.value(option) != nil { throw .usage("\(c): --checklist and \(option) exclude each other") }
        for flag in ["--all", "--no-overlay"] where args.has(flag) { throw .usage("\(c): --checklist and \(flag) exclude each other") }
        try checkOutputFile(out, command: c)
        let checklist: Checklist
        do { checklist = try ChecklistLoader.load(path: path) } catch { throw TourSetup.failure(error, command: c) }
        var progress = TourProgress()
        for id in (args.value("--checked") ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !id.isEmpty {
            guard checklist.items.contains(where: { $0.id == id }) else {
                throw .usage("\(c): --checked \(Arguments.printable(id)): no item \"\(Arguments.printable(id))\" in \(path) (items: \(checklist.items.map(\.id).joined(separator: ", ")))")
            }
            progress.recordChecked(id, in: checklist.id, at: Date(timeIntervalSince1970: 0))
        }
        let clock = VirtualClock()
        let stage = try AppSetup.makeApp(settings, app: app, font: args.value("--font"), clock: clock, command: c)
        let session = HeadlessSession(app: stage, clock: clock)
        session.declaredStates = app.definition.states
        let runner = ChecklistRunner(checklist: checklist, host: stage, progress: progress)
        runner.present(animated: false)
        session.runFrame()
        if args.has("--open") { runner.overlay.open() }
        session.wait(milliseconds: time ?? 400)
        session.runFrame()
        try write(try frame(session, withOverlay: true), to: out, command: c)
        if args.has("--json") { print(jsonLine(ShotReport(file: out, session: session, engine: nil))) }
    }
}
