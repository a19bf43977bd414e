import Files
import Foundation
import Views

/// Limelight's own words as every host says them, read once a process: English
/// (`InterfaceStrings.builtIn`), the translation files Limelight ships, and over them the team's
/// files in the folders of `$LIMELIGHT_STRINGS` (colon-separated, a later folder's over an earlier
/// one's).
///
/// The shipped files are the first folder of `InstalledAssets.candidates("strings")` that holds
/// Limelight's template (`limelight.pot`): `$LIMELIGHT_ASSETS/strings`, `share/limelight/strings`
/// beside the binary, `assets/strings` above it or in the package's checkout. So `swift test`, a
/// team's binary and an install find them with no variable set, and a folder of the team's own
/// named `assets/strings` is never taken for Limelight's. `AppDefinition.launch` gives every app's
/// root these words (the app's own over Limelight's, the team's over both); `WindowHost` and
/// `SDLEmbedding` give them to a root made by hand; the command line says the same.
///
/// Hazard: the files are read at the first use, and a file that cannot be read is left out and
/// said in `problems` (a command prints them), as is a word whose placeholders differ from the
/// English word's (`InterfaceWords.strings(of:)`); nothing is read again while the process runs.
public enum InstalledStrings {
    /// The template every shipped language is translated from, which marks Limelight's own folder.
    public static let templateName = "limelight.pot"

    /// The folder of the translation files Limelight ships, or nil when none is found.
    public static var folder: String? { loaded.folder }
    /// The words of the shipped files, by language (English is `InterfaceStrings.builtIn`'s).
    public static var shipped: InterfaceStrings { loaded.shipped }
    /// The words of the team's files (`$LIMELIGHT_STRINGS`).
    public static var team: InterfaceStrings { loaded.team }
    /// One line for each file that could not be read (`de.po:4: …`), left out of the words.
    public static var problems: [String] { loaded.problems }

    /// Every word Limelight says: English, the shipped files' words over it, the team's over those.
    public static var words: InterfaceStrings { words(adding: InterfaceStrings([:])) }

    /// The words a root of an app that adds `appWords` says: English, the shipped files' words,
    /// `appWords` over them, and the team's files' words over all (a team's file changes a word
    /// its app's code says).
    public static func words(adding appWords: InterfaceStrings) -> InterfaceStrings {
        InterfaceStrings.builtIn.adding(loaded.shipped).adding(appWords).adding(loaded.team)
    }

    /// The folder of Limelight's shipped files among `candidates`: the first that holds the template.
    public static func shippedFolder(among candidates: [String]) -> String? {
        candidates.first { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent(templateName)) }
    }

    /// The team's folders `value` (a `$LIMELIGHT_STRINGS`) names, in order.
    public static func teamFolders(_ value: String?) -> [String] {
        (value ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    private struct Loaded: Sendable {
        var folder: String?
        var shipped = InterfaceStrings([:])
        var team = InterfaceStrings([:])
        var problems: [String] = []
    }

    private static let loaded: Loaded = {
        var out = Loaded()
        out.folder = shippedFolder(among: InstalledAssets.candidates("strings"))
        func read(_ folders: [String]) -> InterfaceStrings {
            var strings = InterfaceStrings([:])
            for folder in folders {
                do { strings = strings.adding(try InterfaceWords.load(folder: folder, problems: &out.problems)) } catch {
                    out.problems.append(error.description)
                }
            }
            return strings
        }
        out.shipped = read(out.folder.map { [$0] } ?? [])
        out.team = read(teamFolders(ProcessInfo.processInfo.environment["LIMELIGHT_STRINGS"]))
        return out
    }()
}
