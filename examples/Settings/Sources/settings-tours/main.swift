import LimelightCLI
import SettingsApp

// settings-tours: Limelight's whole command line (the window, edit, render, replay, inspect,
// check, test, simulate) over the settings app.
MainActor.assumeIsolated {
    LimelightCLI.main(app: SettingsApp.definition)
}
