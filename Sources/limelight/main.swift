import Demo
import LimelightCLI

// limelight: the command line run with the sample app, through the same seam as any app's. It
// speaks its own four languages and every language Limelight has a translation file for (the
// definition's default, read as every host reads them), and keeps `limelight demo` as another
// name of its window.
// A global, so the table is still reachable when the command exits from inside `main` (which never
// returns): a literal made in the call would be lost at exit, and `make leaks` would say so.
let aliases = ["demo": "window"]

MainActor.assumeIsolated {
    LimelightCLI.main(app: DemoApp.definition(imagesFolder: LimelightCLI.assetsFolder("images"),
                                              toursFolder: LimelightCLI.assetsFolder("tours")),
                      aliases: aliases)
}
