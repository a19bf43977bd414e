// swift-tools-version:6.0
import PackageDescription

// A settings app built on Limelight as any team would build one: its own screens from Limelight's
// views, its definition through the app seam, its tours tested in CI by its own `settings-tours`
// command (the Limelight command line run with this app), and a Swift Testing suite on the test kit.
// It depends on Limelight by path and uses its public products only.
let package = Package(
    name: "Settings",
    products: [
        .library(name: "SettingsApp", targets: ["SettingsApp"]),
        .executable(name: "settings-tours", targets: ["settings-tours"]),
    ],
    dependencies: [
        .package(name: "Limelight", path: "../.."),
    ],
    targets: [
        .target(name: "SettingsApp", dependencies: [
            .product(name: "Views", package: "Limelight"),
            .product(name: "Overlays", package: "Limelight"),
            .product(name: "Tours", package: "Limelight"),
            .product(name: "Raster", package: "Limelight"),
        ]),
        .executableTarget(name: "settings-tours", dependencies: [
            "SettingsApp",
            .product(name: "LimelightCLI", package: "Limelight"),
        ]),
        .testTarget(name: "SettingsAppTests", dependencies: [
            "SettingsApp",
            .product(name: "Headless", package: "Limelight"),
            .product(name: "Tours", package: "Limelight"),
            .product(name: "Views", package: "Limelight"),
            .product(name: "Raster", package: "Limelight"),
            .product(name: "FontText", package: "Limelight"),
        ], exclude: ["Goldens"]),
    ]
)
