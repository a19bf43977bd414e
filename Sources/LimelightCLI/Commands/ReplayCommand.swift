import Editor
import Files
import Foundation
import Headless
import ImageFiles
import Raster
import Tours
import Views

/// `limelight replay`: runs an input script on the virtual clock, writes its shots, prints the state.
@MainActor
enum ReplayCommandRunner {
    static func help(_ app: CLIApp) -> String {
        let d = app.definition
        let states = d.states.map(\.name)
        return """
        usage: \(programName) replay --script FILE --out DIR [--size WxH] [--scale N] [--lang \(d.languages.joined(separator: "|"))] [--font FAMILY]
                                [--tour FILE | --edit FILE [--screenshot IMAGE]] [--no-overlay]
          Runs an input script headless on a virtual clock (the app's launch tour starts 1 s in, as in
          the window), then prints one JSON object: the app's state {"tab", \(states.map { "\"\($0)\"" }.joined(separator: ", "))\(states.isEmpty ? "" : ", ")"overlay", "focus",
          "tour"} and "shots", what each shot showed (its file and state, each hole's shape and rectangle,
          the bubble's rectangle, side and buttons).
          --tour FILE   this tour starts at launch instead; "tour" is then {"id", "step", "of", "state"}: the
                        step on screen (counting from 1) while "running", or the step it ended at once
                        "finished", "skipped" or "dismissed". Its events are logged on stderr as the window
                        logs them. A tour with a "background" runs over that screenshot (the app's state is
                        then null). Saved tour progress is neither read nor written.
          --edit FILE   the editor on FILE runs the script instead (its window is what shots show;
                        saves write FILE); prints {"file", "steps", "selected", "modified", …}.
                        --screenshot IMAGE as for edit.
          Script commands, one a line, in points or at the centre of a view by id (# starts a comment):
            tap X Y | tap ID          down, move, up: the same
            drag ID DX DY | drag X Y DX DY
            scroll [MODIFIERS] DY [at X Y | at ID] | key NAME | wait MS | shot NAME.png
            text "…" | compose "…" | commit | drop "PATH" (a file dropped on the window)
            expect KEY=VALUE …        fails at its line unless the state is so: tab=NAME, overlay=spotlight
                                      (or none), step=2 (or none), tour=running|finished|skipped|dismissed|none,
                                      focus=ID, or one of the app's states\(states.isEmpty ? "" : " (\(states.joined(separator: ", ")))")
          Key names: escape, enter, left, right, up, down, tab, space, backspace. Shots go into DIR.
        """
    }

    /// What replay prints at the end.
    struct Output: Encodable {
        var state: StateReport
        var shots: [ShotReport]
        /// With `--tour`: every tour event, in order.
        var events: [TourEventRecord]?
        enum CodingKeys: String, CodingKey { case shots, events }
        func encode(to encoder: any Encoder) throws {
            try state.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(shots, forKey: .shots)
            try c.encodeIfPresent(events, forKey: .events)
        }
    }

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "replay"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--script", "--out", "--tour", "--font", "--edit", "--announcements", "--screenshot"]),
                                 switches: ScreenSettings.switches.union(["--help", "--no-overlay"]))
        if args.has("--help") { print(help(app)); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see \(programName) replay --help)") }
        // A tour that names its app runs over it.
        let app = try (args.value("--tour") ?? args.value("--edit")).map { p throws(CLIError) in try app.forTour(p, command: c) } ?? app
        var settings = try ScreenSettings(args, app: app)
        let screenshot = EditSetup.screenshotOption(args, settings: &settings)
        if screenshot != nil, args.value("--edit") == nil { throw .usage("\(c): --screenshot goes with --edit (see \(programName) replay --help)") }
        guard let scriptPath = args.value("--script") else { throw .usage("\(c): --script FILE is required (see \(programName) replay --help)") }
        guard let out = args.value("--out") else { throw .usage("\(c): --out DIR is required (see \(programName) replay --help)") }
        let script = try readScript(scriptPath, command: c)
        if let editPath = args.value("--edit") {
            if args.value("--tour") != nil { throw .usage("\(c): --edit and --tour exclude each other") }
            try prepareOutputFolder(out, option: "--out", command: c)
            try replayEditor(editPath, script: script, scriptPath: scriptPath, settings: settings, app: app, font: args.value("--font"), out: out,
                             screenshot: screenshot)
            return
        }
        let given = try args.value("--tour").map { p throws(CLIError) in try TourSetup.load(p, app: app, command: c) }
        // Without --tour, the app as it launches: its first launch tour that loads.
        let loaded = given ?? (args.has("--no-overlay") ? nil : launchTour(app))
        // What `expect` names must be what this app keeps.
        let catalog = loaded?.background != nil ? app.launchCatalog().overScreenshot : app.launchCatalog()
        // (Over a capture too: a capture keeps no state.)
        for line in script.commands {
            guard case .expect(let expectation) = line.command, let problem = expectation.problem(against: catalog) else { continue }
            throw .usage("\(c): \(scriptPath):\(line.line): expect: \(problem)")
        }
        try prepareOutputFolder(out, option: "--out", command: c)
        let transcript = args.value("--announcements")
        if let transcript { try checkOutputFile(transcript, command: c, option: "--announcements", kind: "a file path") }
        let clock = VirtualClock()
        let stage: any TourHost
        if let loaded {
            stage = try TourSetup.makeStage(for: loaded, settings: settings, app: app, font: args.value("--font"), clock: clock, command: c)
        } else {
            stage = try AppSetup.makeApp(settings, app: app, font: args.value("--font"), clock: clock, command: c)
        }
        let session = HeadlessSession(app: stage, clock: clock)
        if loaded?.background == nil { session.declaredStates = app.definition.states }
        let recorder = RecordingAnnouncer(clock: clock)
        if transcript != nil { stage.root.announcer = recorder }
        var engine: TourEngine?
        var events: [TourEventRecord]?
        if !args.has("--no-overlay") {
            if let loaded {
                let tour = TourEngine(tour: loaded.tour, host: stage)
                events = []
                tour.onEvent = { [weak tour] event in
                    guard let tour else { return }
                    warn("\(c): " + tour.describe(event))
                    events?.append(TourEventRecord(event, tour: tour.tour.id, endedAt: tour.endedAtStep, time: clock.now))
                }
                // A tour given starts at launch; the app's own launch tour 1 s in, as in the window.
                if given != nil {
                    tour.start(at: 0, animated: true)
                } else {
                    stage.root.timers.after(1) { [weak tour] in tour?.start(at: 0, animated: true) }
                }
                engine = tour
            }
        }
        session.runFrame()
        var runner = ScriptRunner(session: session, engine: engine)
        var shots: [ShotReport] = []
        try run(script, scriptPath: scriptPath, on: &runner, out: out) { file, line in
            shots.append(ShotReport(file: file, line: line, session: session, engine: engine))
        }
        if let transcript { try writeTranscript(recorder.entries, to: transcript) }
        print(jsonLine(Output(state: runner.state, shots: shots, events: events)))
    }

    /// One announcement a line: `{"language": "en", "ms": 1250, "text": "Step 1 of 5: …"}`, the
    /// milliseconds of virtual time since the app started.
    static func writeTranscript(_ entries: [RecordingAnnouncer.Entry], to path: String) throws(CLIError) {
        struct Line: Encodable { var ms: Double; var text: String; var language: String? }
        let lines = entries.map { jsonLine(Line(ms: ($0.time * 1000).rounded(), text: $0.text, language: $0.language)) }
        do { try AtomicFile().write(Data(lines.map { $0 + "\n" }.joined().utf8), to: path) } catch {
            throw .failure("replay: --announcements \(path): cannot write (\(error.reason))")
        }
        warn("replay: wrote \(path) (\(entries.count) announcement\(entries.count == 1 ? "" : "s"))")
    }

    /// Runs `script` on `runner`, writing each shot into `out` (and saying so) and telling `shot`
    /// its file and line; a failure is "replay: SCRIPT:LINE: what went wrong".
    static func run(_ script: ReplayScript, scriptPath: String, on runner: inout ScriptRunner, out: String,
                    shot: (String, Int) -> Void) throws(CLIError) {
        let session = runner.session
        do throws(ScriptFailure) {
            try runner.run(script) { name, line throws(ScriptFailure) in
                let file = (out as NSString).appendingPathComponent(name)
                do throws(HeadlessError) { try session.writeFrame(to: file) } catch { throw ScriptFailure(line: line, message: error.message) }
                warn("replay: wrote \(file)")
                shot(file, line)
            }
        } catch {
            throw .failure("replay: \(scriptPath):\(error.line): \(error.message)")
        }
    }

    /// `--edit FILE`: the editor on FILE runs the script; its shots are the editor's window, saves
    /// write FILE, and the output says what the editor ended with.
    static func replayEditor(_ path: String, script: ReplayScript, scriptPath: String, settings: ScreenSettings,
                             app: CLIApp, font: String?, out: String, screenshot: (path: String, scale: Double?)?) throws(CLIError) {
        let c = "replay"
        let clock = VirtualClock()
        let editor = try EditSetup.makeEditor(path: path, settings: settings, app: app, font: font, clock: clock, command: c, screenshot: screenshot)
        editor.log = { warn(c + String($0.dropFirst("edit".count))) }
        let session = HeadlessSession(app: editor, stage: { editor.stage }, clock: clock)
        session.runFrame()
        var runner = ScriptRunner(session: session, engine: { editor.engineShown })
        var shots: [String] = []
        try run(script, scriptPath: scriptPath, on: &runner, out: out) { file, _ in shots.append(file) }
        print(jsonLine(EditorReport(editor: editor, shots: shots)))
    }

    /// The first of the app's launch tours that loads (its problems said), or nil; none while the
    /// app's tours are switched off or dismissed as they show (`LIMELIGHT_TOURS`): the app as it is
    /// then.
    static func launchTour(_ app: CLIApp) -> LoadedTour? {
        guard app.definition.tours == .on else { return nil }
        for path in app.definition.launchTours {
            do { return try app.load(path) } catch {
                for d in error.diagnostics { warn("replay: \(d)") }
            }
        }
        return nil
    }

    /// What `replay --edit` prints: the file, its steps, the selected one, whether it is saved, its
    /// problems, whether the tour plays, and the shots.
    struct EditorReport: Encodable {
        var file: String
        var steps: Int
        var selected: Int
        var modified: Bool
        var playing: Bool
        var quit: Bool
        var problems: [String]
        var shots: [String]
        @MainActor init(editor: EditorApp, shots: [String]) {
            file = editor.model.path
            steps = editor.model.stepCount
            selected = editor.model.selected + 1
            modified = editor.model.isModified
            playing = editor.isPlaying
            quit = editor.wantsToQuit
            problems = editor.model.problems.map(\.description)
            self.shots = shots
        }
    }
}
