import CStandardOutput
import Files
import Foundation
import ImageFiles
import ProcessMemory
import Raster
import Tours
import TranslationFiles
import Views

/// The whole `limelight` command line, for any app: a team's executable is
///
///     import LimelightCLI
///     LimelightCLI.main(app: MyApp.definition)
///
/// and gets every command — the window with live reload, `edit`, `render` (PNGs, `--json`, `--all`,
/// `--video`), `replay`, `inspect`, `check`, `test`, `accept`, `merge-reports`, `simulate`, `l10n` — with the flags, outputs, errors and
/// exit codes of `limelight`, over its own screens. The shipped `limelight` is this run with the
/// app in Limelight's own `Demo` module.
public enum LimelightCLI {
    /// The commands and what each does, as `limelight help` prints them (from `commands`);
    /// `aliases` are other names the program gives its commands (the window's are said on its line).
    static func usage(aliases: [String: String] = [:]) -> String {
        var lines = ["usage: \(programName) [COMMAND] [OPTIONS]"]
        for command in commands {
            let summary = command.summary(aliases).split(separator: "\n", omittingEmptySubsequences: false)
            let name = command.name.padding(toLength: max(10, command.name.count + 2), withPad: " ", startingAt: 0)
            lines.append("  " + name + (summary.first.map(String.init) ?? ""))
            lines += summary.dropFirst().map { "            " + $0 }
        }
        lines.append("  --app FILE  (with any command) run over the app a screens file declares instead of \(programName)'s own;")
        lines.append("            a tour that names its app (\"app\": \"screens.json\") runs over it without this")
        return lines.joined(separator: "\n")
    }

    /// Runs the command in `arguments` (without the program's name) over `app`; returns the exit
    /// status: 0 when it did what was asked, 1 for a failure while working (a file, a test), 2 for
    /// bad usage or bad input, 3 when `test` could not do its work. `aliases` are other names of
    /// commands the program keeps (`limelight`'s `demo` for `window`), said in its help.
    @MainActor
    public static func run(_ arguments: [String], app: AppDefinition, aliases: [String: String] = [:]) -> Int32 {
        if let problem = app.problem {
            warn("the app's definition: \(problem)")
            return 2
        }
        // A translation file of Limelight's words that cannot be read is left out, and said.
        for line in InstalledStrings.problems { warn(line) }
        var arguments = arguments
        // `LIMELIGHT_TOURS=off|dismiss`: the app's own end-to-end tests switch its tours, over its definition.
        let tourSwitch: TourSwitch?
        switch TourSwitch.from(environment: ProcessInfo.processInfo.environment) {
        case .success(let chosen): tourSwitch = chosen
        case .failure(let error):
            warn(error.message)
            return 2
        }
        // `LIMELIGHT_KERNELS=portable|avx2|auto`: which form of the row kernels draws (Raster's `RowKernels`).
        if case .failure(let error) = RowKernels.from(environment: ProcessInfo.processInfo.environment) {
            warn(error.message)
            return 2
        }
        // Process policy: one budget of decoded images for the whole run, every app and tour of it.
        let images = DecodedImageCache(budget: DecodedImageCache.defaultBudget)
        var cli = CLIApp(app, images: images, tourSwitch: tourSwitch)
        // `--app FILE` (anywhere): every command runs over the app that screens file declares.
        if let i = arguments.firstIndex(where: { $0 == "--app" || $0.hasPrefix("--app=") }) {
            let path: String
            if arguments[i] == "--app" {
                guard i + 1 < arguments.count else {
                    warn("--app expects a screens file (see \(programName) --help)")
                    return 2
                }
                path = arguments[i + 1]
                arguments.removeSubrange(i...(i + 1))
            } else {
                path = String(arguments[i].dropFirst("--app=".count))
                arguments.remove(at: i)
            }
            guard !path.isEmpty else {
                warn("--app: an empty path (expected a screens file)")
                return 2
            }
            // Help and the JSON Schemas do not need the app: a broken one is reported, not fatal.
            let needsTheApp = arguments.first != "schema" && arguments.first != "capture" && !arguments.contains("--help") && !arguments.contains("-h")
            do { cli = try CLIApp.declared(at: path, namedByCommandLine: true, images: images, tourSwitch: tourSwitch) } catch {
                for d in error.diagnostics { warn("\(d)") }
                if needsTheApp { return 2 }
            }
            if let problem = cli.definition.problem {
                warn("\(path): \(problem)")
                if needsTheApp { return 2 }
                cli = CLIApp(app, images: images, tourSwitch: tourSwitch)
            }
        }
        if arguments.first == "--help" || arguments.first == "-h" {
            print(usage(aliases: aliases))
            print("")
            print(WindowCommand.help(cli))
            return 0
        }
        var words = arguments
        let command: String
        if let first = words.first, !first.hasPrefix("-") {
            command = aliases[first] ?? first
            words.removeFirst()
        } else {
            command = "window"
        }
        do {
            guard let entry = commands.first(where: { $0.name == command }) else {
                throw CLIError.usage("unknown command \"\(Arguments.printable(command))\" (commands: \(commands.map(\.name).joined(separator: ", ")))")
            }
            try entry.run(words, cli, aliases)
            return 0
        } catch let error as CLIError {
            // An empty message: the command has said everything already (test's last line is its tally).
            if !error.message.isEmpty { warn(error.message) }
            return error.exitCode
        } catch {
            warn("\(command): \(error)")
            return 1
        }
    }

    /// Runs the command line of this process over `app` and exits with its status. What was
    /// printed must have reached stdout, and every line for the user stderr: a full disk or a
    /// closed pipe makes the exit status 1 (never a trap). Descriptors 0–2 that are closed are
    /// opened on /dev/null first, so no file this process opens takes their place.
    /// `aliases` are other names of commands the program keeps (see `run`).
    @MainActor
    public static func main(app: AppDefinition, aliases: [String: String] = [:]) -> Never {
        StandardStreams.reserveDescriptors()
        let output = limelight_capture_standard_output()
        ProcessMemory.returnLargeBuffersToTheSystem()
        Pixmap.advisesHugePages = true
        var status = run(Array(CommandLine.arguments.dropFirst()), app: app, aliases: aliases)
        let outputError = limelight_finish_standard_output(output)
        if outputError != 0 {
            warn("cannot write the output (\(SystemErrors.describe(outputError))); what was printed is incomplete")
            if status == 0 { status = 1 }
        }
        // A line for the user that could not be written is a failure too, said the only way left.
        if StandardStreams.errorFailure != nil, status == 0 { status = 1 }
        exit(status)
    }

    /// A folder of Limelight's own assets (`images`, `tours`): `$LIMELIGHT_ASSETS/NAME`, else
    /// `../share/limelight/NAME` beside the executable (where `make install` puts them), else the
    /// nearest `assets/NAME` above the executable, else the one in Limelight's source tree.
    @MainActor public static func assetsFolder(_ name: String) -> String? {
        // Called in a `main.swift` before `main(app:)`: the first thing that may open a file.
        StandardStreams.reserveDescriptors()
        return AppSetup.assetsFolder(name)
    }

    /// Limelight's words in every language with a translation file: the files Limelight ships
    /// (`ja.po`, `ar.po`, …), then those of each folder in `$LIMELIGHT_STRINGS` (colon-separated,
    /// later ones winning), over English: `InstalledStrings.words`, what every host says. Every
    /// command says these words, with the app's own `strings` over the shipped ones; a file that
    /// cannot be read is reported on stderr when a command runs, and left out.
    @MainActor public static var translatedStrings: InterfaceStrings {
        StandardStreams.reserveDescriptors()
        return InstalledStrings.words
    }
}
