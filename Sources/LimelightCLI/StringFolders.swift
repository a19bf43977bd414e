import Foundation
import Localization
import Tours
import Views

/// Where the command line finds the translation files of Limelight's words: the installed folder
/// (`share/limelight/strings`, `assets/strings` in the source tree), then the team's folders in
/// `$LIMELIGHT_STRINGS` (colon-separated). Each is read once a process.
@MainActor
enum StringFolders {
    /// The installed files' words.
    static let installed = load(AppSetup.assetsFolder("strings").map { [$0] } ?? [])
    /// The team's files' words, a later folder's over an earlier one's.
    static let team = load((ProcessInfo.processInfo.environment["LIMELIGHT_STRINGS"] ?? "")
        .split(separator: ":").map(String.init).filter { !$0.isEmpty })

    /// English, the installed words over it, the team's over those.
    static var strings: InterfaceStrings { InterfaceStrings.builtIn.adding(installed).adding(team) }

    /// The words `definition`'s app says: the installed files', the app's own over them, and the
    /// team's files' over both.
    static func words(for definition: AppDefinition) -> InterfaceStrings {
        installed.adding(definition.strings).adding(team)
    }

    /// The words of the files in `folders`; a file that cannot be read is reported on stderr and
    /// left out.
    private static func load(_ folders: [String]) -> InterfaceStrings {
        var strings = InterfaceStrings([:])
        for folder in folders {
            do { strings = strings.adding(try InterfaceWords.load(folder: folder)) } catch { warn(error.description) }
        }
        return strings
    }
}
