/// One command of the command line: its name, its line in `limelight help`, and what runs it.
struct CommandEntry: Sendable {
    /// The word that names it (`render`).
    let name: String
    /// What it does, for `limelight help` (lines after the first are indented under it), given the
    /// program's aliases.
    let summary: @Sendable (_ aliases: [String: String]) -> String
    /// Runs it with the words after its name.
    let run: @MainActor @Sendable (_ words: [String], _ app: CLIApp, _ aliases: [String: String]) throws -> Void

    /// A command whose line does not depend on aliases.
    init(_ name: String, _ summary: String, run: @escaping @MainActor @Sendable (_ words: [String], _ app: CLIApp, _ aliases: [String: String]) throws -> Void) {
        self.name = name; self.summary = { _ in summary }; self.run = run
    }

    /// A command whose line names aliases.
    init(_ name: String, summary: @escaping @Sendable (_ aliases: [String: String]) -> String,
         run: @escaping @MainActor @Sendable (_ words: [String], _ app: CLIApp, _ aliases: [String: String]) throws -> Void) {
        self.name = name; self.summary = summary; self.run = run
    }
}

extension LimelightCLI {
    /// Every command, in the order `limelight help` lists them: the dispatch, the help and the
    /// unknown-command error are made from this table (and a test holds the README to it).
    static let commands: [CommandEntry] = [
        CommandEntry("window", summary: { aliases in
            let windowAliases = aliases.filter { $0.value == "window" }.keys.sorted().map { "`\($0)`" }
            let same = windowAliases.isEmpty ? "" : "; \(windowAliases.joined(separator: ", ")) \(windowAliases.count == 1 ? "is" : "are") the same"
            return "the app in a window (the default command\(same))"
        }) { words, app, _ in try WindowCommand.run(words, app: app) },
        CommandEntry("edit", "build a tour by pointing at the screen: pick views, draw rectangles, write the texts") { words, app, _ in try EditCommand.run(words, app: app) },
        CommandEntry("render", "write PNGs of the app and its overlays, offscreen") { words, app, _ in try RenderCommand.run(words, app: app) },
        CommandEntry("replay", "run an input script headless and print the app's state as JSON") { words, app, _ in try ReplayCommandRunner.run(words, app: app) },
        CommandEntry("inspect", "print every view with an id and its frame (the app's and the overlay's), as JSON") { words, app, _ in try InspectCommand.run(words, app: app) },
        CommandEntry("check", "check tour files: every problem with its file, line and JSON path (--lint: what a\nreviewer would flag, at every size and language a tour is tested in)") { words, app, _ in
            try CheckCommand.run(words, app: app)
        },
        CommandEntry("test", "snapshot-test tours against their goldens, with lint, JUnit XML, an HTML report, shards") { words, app, _ in try TestCommand.run(words, app: app) },
        CommandEntry("accept", "take the last test run's actual frames as goldens, without rendering again") { words, app, _ in try AcceptCommand.run(words, app: app) },
        CommandEntry("merge-reports", "merge the result blobs of `test --shard K/N` runs into one report") { words, app, _ in try MergeReportsCommand.run(words, app: app) },
        CommandEntry("simulate", "which tours and steps would show when, for a log of app events, by their show rules") { words, app, _ in try SimulateCommand.run(words, app: app) },
        CommandEntry("analyze", "what tours did for users, from their events log: funnels, dwell, goals and experiments") { words, app, _ in try AnalyzeCommand.run(words, app: app) },
        CommandEntry("l10n", "tours' texts out to translators (PO, XLIFF) and back in, and what each language lacks") { words, app, _ in try L10nCommand.run(words, app: app) },
        CommandEntry("capture", "capture a real app's screen with its element tree (a web page, a desktop app), for tours to run over") { words, _, _ in try CaptureCommand.run(words) },
        CommandEntry("schema", "print the JSON Schema of tour, screens or capture files, for editors that check as you type") { words, _, _ in try SchemaCommand.run(words) },
        CommandEntry("help", summary: { _ in "this text; `\(programName) COMMAND --help` for a command's options" }) { _, _, aliases in print(usage(aliases: aliases)) },
    ]
}
