import Files
import FontText
import Foundation
import Raster
import SDLHost
import Schema
import Tours
import Views

/// Builds the app for a command: the text engine and the app, and finds assets folders.
@MainActor
enum AppSetup {
    /// An assets subfolder: $LIMELIGHT_ASSETS/NAME, else `../share/limelight/NAME` beside the
    /// executable (where `make install` puts them), else the nearest `assets/NAME` above the
    /// executable, else the one of Limelight's package (`InstalledAssets`, where Limelight's own
    /// words are found too).
    static func assetsFolder(_ name: String) -> String? { InstalledAssets.folder(name) }

    /// The text engine for `--font FAMILY` (default: the app's family), with the app's fallback
    /// languages. A family fontconfig lacks is an error.
    static func textEngine(family: String?, app: CLIApp, command: String, fonts: FontConfiguration? = nil) throws(CLIError) -> SystemTextEngine {
        do {
            return try SystemTextEngine(family: family ?? app.definition.fontFamily, fallbackLanguages: app.definition.fallbackLanguages,
                                        configuration: fonts)
        } catch {
            throw .failure("\(command): --font: \(error)")
        }
    }

    /// The app, at the settings' screen and language (`size` instead, when given), on `clock`;
    /// what it reports (a missing image) goes to stderr.
    static func makeApp(_ settings: ScreenSettings, app: CLIApp, font: String?, clock: any Clock, command: String,
                        size: Size? = nil, engine: SystemTextEngine? = nil) throws(CLIError) -> any TourHost {
        let chosen: SystemTextEngine
        if let engine { chosen = engine } else { chosen = try textEngine(family: font, app: app, command: command) }
        let launch = AppLaunch(size: size ?? settings.size, scale: settings.scale, language: settings.language,
                               textEngine: chosen, clock: clock, reducesMotion: settings.reducesMotion,
                               report: { warn("\(command): \($0)") })
        do { return try app.definition.launch(launch) } catch { throw .usage("\(command): \(error)") }
    }
}

/// Writes one line to stderr, its control characters (an ESC from a file name), line breaks and
/// bidi controls escaped, so no input reaches the terminal or a CI log as anything but text. A
/// stderr that cannot be written (closed, a full disk) loses the line and makes the exit status
/// 1 (`StandardStreams`); it never traps.
func warn(_ line: String) {
    StandardStreams.writeError(programName + ": " + escapedForOneLine(line) + "\n")
}

/// The name this program was run by (`limelight`, or a team's own binary such as
/// `settings-tours`): what its usage lines and its messages begin with.
let programName: String = {
    let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? ""
    return name.isEmpty ? "limelight" : name
}()
