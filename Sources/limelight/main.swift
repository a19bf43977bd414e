import Demo
import LimelightCLI

// limelight: the command line run with the sample app, through the same seam as any app's. It
// speaks its own four languages and every language Limelight has a translation file for (the
// definition's default, read as every host reads them), and keeps `limelight demo` as another
// name of its window.
MainActor.assumeIsolated {
    LimelightCLI.main(app: DemoApp.definition(imagesFolder: LimelightCLI.assetsFolder("images"),
                                              toursFolder: LimelightCLI.assetsFolder("tours")),
                      aliases: ["demo": "window"])
}
