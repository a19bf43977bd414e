import Foundation
import LimelightCLI
import Raster
import Testing
import Tours
import Views

/// `check` over an app that draws its own screens, run as that app's own command line runs it
/// (`LimelightCLI.run` with its definition, in this process: the shipped binary runs the sample
/// app): the ids the app publishes are what its tour files are checked against.
@Suite @MainActor struct SelfDrawnCheckTests {
    static let definition = AppDefinition(id: "recipes", make: { launch in
        try SelfDrawnApp(launch: launch, targets: [
            DrawnTarget(id: "save", frame: Rect(x: 16, y: launch.size.height - 80, width: launch.size.width - 32, height: 48), role: .button, label: "Save"),
        ])
    })

    @Test func checkKnowsThePublishedIDs() throws {
        let dir = try CLI.temporaryFolder()
        let good = dir + "/save.json", bad = dir + "/misspelt.json"
        try #"{"id": "save", "steps": [{"target": "save", "text": "Save keeps your recipe."}]}"#.write(toFile: good, atomically: true, encoding: .utf8)
        try #"{"id": "save", "steps": [{"target": "sav", "text": "Save keeps your recipe."}]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(LimelightCLI.run(["check", good], app: Self.definition) == 0)
        #expect(LimelightCLI.run(["check", bad], app: Self.definition) == 1, "no view with id \"sav\" can exist (known: save)")
    }
}
