import Foundation
import Schema
import Tours
import Views

extension ScreensFile {
    /// The app as every command and the test kit take one: its id, languages, screen, font,
    /// words, states and events as the file declares them, where each id is declared (for the
    /// messages of tours that miss one), and `make`, which builds a `ScreensHost`.
    public var appDefinition: AppDefinition {
        let file = self
        var definition = AppDefinition(
            id: id, displayName: "the app \(quoted(name?.string(in: languages[0]) ?? id)) (\((self.file as NSString).lastPathComponent))",
            windowTitle: name?.string(in: languages[0]) ?? id, languages: languages, defaultScreen: screenSize, defaultScale: scale,
            fontFamily: font, fallbackLanguages: fallbackLanguages, strings: strings,
            states: states.map { StateDeclaration($0.name, $0.kind, meaning: $0.meaning) }, events: events,
            make: { launch in
                try ScreensHost(file: file, size: launch.size, scale: launch.scale, language: launch.language,
                                textEngine: launch.textEngine, clock: launch.clock)
            })
        let name = (self.file as NSString).lastPathComponent
        definition.idLocations = idLines.mapValues { "\(name):\($0)" }
        definition.launchChecklists = checklists
        return definition
    }
}
