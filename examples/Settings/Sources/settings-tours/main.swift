import Foundation
import LimelightCLI
import SettingsApp

// settings-tours: Limelight's whole command line (the window, edit, render, replay, inspect,
// check, test, simulate) over the settings app. The window shows the app's tours at launch, by
// their show rules; they ship in the package's tours folder (an installed app would name the
// folder it installs them to).
let tours = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("tours")
var app = SettingsApp.definition
app.launchTours = ["settings.json", "returning.json"].map { tours.appendingPathComponent($0).path }

MainActor.assumeIsolated {
    LimelightCLI.main(app: app)
}
