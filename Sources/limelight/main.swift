import Demo
import LimelightCLI

// limelight: the command line run with the sample app, through the same seam as any app's.
MainActor.assumeIsolated {
    LimelightCLI.main(app: DemoApp.definition(imagesFolder: LimelightCLI.assetsFolder("images"),
                                              toursFolder: LimelightCLI.assetsFolder("tours")))
}
