import Foundation
import Tours

/// The app a run of the command line is about, and what the commands read of it: its definition,
/// its launch catalog (made once, when a tour is first checked) and its assets.
@MainActor
final class CLIApp {
    /// The app's definition.
    let definition: AppDefinition
    private var catalog: TargetCatalog?

    /// The command line of `definition`, saying Limelight's words from the translation files
    /// (`StringFolders`) with the app's own over them.
    init(_ definition: AppDefinition) {
        var translated = definition
        translated.strings = StringFolders.words(for: definition)
        self.definition = translated
    }

    /// What tour files are checked against: the app at launch, with what it declares.
    func launchCatalog() -> TargetCatalog {
        if let catalog { return catalog }
        let made = definition.launchCatalog()
        catalog = made
        return made
    }

    /// Loads and checks the tour at `path` against the app.
    func load(_ path: String) throws(TourLoadError) -> LoadedTour {
        try TourLoader.load(path: path, appCatalog: { launchCatalog() })
    }

    /// The app's languages, for messages: "en, ja, ar or he".
    var languagesSpelledOut: String {
        let codes = definition.languages
        return codes.count == 1 ? codes[0] : codes.dropLast().joined(separator: ", ") + " or " + codes.last!
    }
}
