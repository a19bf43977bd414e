// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
// Copyright the Limelight authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import PackageDescription

// Module graph (imports point down only; see docs/ARCHITECTURE.md):
//   limelight (the sample app's command line) -> LimelightCLI, Demo
//   LimelightCLI -> Headless, Editor, SDLHost, Speech, FontText, Tours, …  (the whole command line, for any app)
//   Headless -> Tours -> Overlays -> Views -> Raster;  Headless -> FontText (the test kit's real text)
//   Demo (the sample app) -> Tours;  Editor -> Tours
//   SDLHost -> Views, Raster, CSDL2;  Speech -> Views, CSpeechd (speech-dispatcher);  FontText -> Views, Raster, CFreeType, CHarfBuzz, CFriBidi, CLineBreaks (ICU), CFontconfig
//   ImageFiles -> Raster, Files, CSDL2Image, CGIF, CSPNG (images in and out);  Files: reading and saving files
//   TranslationFiles -> Views, Files, CGettextPO (translators' PO and XLIFF files, and Limelight's installed words)
//   Tours, SDLHost -> TranslationFiles;  Localization -> Tours, TranslationFiles (tours' and screens files' texts out and in)
//   LimelightC (liblimelight.so, from C) -> EmbeddedTours -> Headless, Tours  (tours over an app's own frames)
let package = Package(
    name: "Limelight",
    products: [
        .executable(name: "limelight", targets: ["limelight"]),
        .executable(name: "limelight-bench", targets: ["limelight-bench"]),
        .executable(name: "limelight-soak", targets: ["limelight-soak"]),
        // Every reusable module, for apps built on Limelight (docs/EMBEDDING.md).
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Files", targets: ["Files"]),
        .library(name: "ImageFiles", targets: ["ImageFiles"]),
        .library(name: "Views", targets: ["Views"]),
        .library(name: "FontText", targets: ["FontText"]),
        .library(name: "Overlays", targets: ["Overlays"]),
        .library(name: "Schema", targets: ["Schema"]),
        .library(name: "ProcessMemory", targets: ["ProcessMemory"]),
        .library(name: "Tours", targets: ["Tours"]),
        .library(name: "Headless", targets: ["Headless"]),
        .library(name: "Editor", targets: ["Editor"]),
        .library(name: "SDLHost", targets: ["SDLHost"]),
        .library(name: "Speech", targets: ["Speech"]),
        .library(name: "TranslationFiles", targets: ["TranslationFiles"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "AccessibilityBridge", targets: ["AccessibilityBridge"]),
        .library(name: "Captures", targets: ["Captures"]),
        .library(name: "Analytics", targets: ["Analytics"]),
        .library(name: "LimelightCLI", targets: ["LimelightCLI"]),
        // The sample app, for Limelight's own tests and tools.
        .library(name: "Demo", targets: ["Demo"]),
        // Apps declared as data: a screens file of Limelight's widgets, run through the app seam.
        .library(name: "ScreensApp", targets: ["ScreensApp"]),
        // Tours over an app that draws its own frames, in Swift; and the same from C (liblimelight.so,
        // include/limelight.h): `make install` puts it under PREFIX as liblimelight.so, with its pkg-config file.
        .library(name: "EmbeddedTours", targets: ["EmbeddedTours"]),
        .library(name: "LimelightC", type: .dynamic, targets: ["LimelightC"]),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", path: "Sources/Shims/CSDL2",
                       providers: [.apt(["libsdl2-dev"])]),
        // Xlib, for its error handler alone: a message SDL sends to an X window that is gone (a drop's
        // source that left, its own window at quit) is dropped, not the end of the process.
        .systemLibrary(name: "CX11", path: "Sources/Shims/CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        .systemLibrary(name: "CSDL2Image", path: "Sources/Shims/CSDL2Image",
                       providers: [.apt(["libsdl2-image-dev"])]),
        // GIFs (their first frame), read record by record with giflib.
        .systemLibrary(name: "CGIF", path: "Sources/Shims/CGIF", providers: [.apt(["libgif-dev"])]),
        // Text: FreeType (glyphs, colour bitmaps), HarfBuzz (shaping), FriBidi (UAX #9), ICU (line and
        // grapheme breaks, UAX #14 and #29, with dictionaries for Thai and others).
        .systemLibrary(name: "CFreeType", path: "Sources/Shims/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/Shims/CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/Shims/CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CSpeechd", path: "Sources/Shims/CSpeechd", pkgConfig: "speech-dispatcher", providers: [.apt(["libspeechd-dev"])]),
        .target(name: "CLineBreaks", path: "Sources/Shims/CLineBreaks", linkerSettings: [.linkedLibrary("icuuc")]),
        // Whether what the CLI printed reached stdout (a full disk, a closed pipe), at its exit.
        .systemLibrary(name: "CStandardOutput", path: "Sources/Shims/CStandardOutput"),
        .systemLibrary(name: "CFontconfig", path: "Sources/Shims/CFontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // PNG writing (libspng: no row filters, a fast deflate level), zlib's CRC-32, and the XXH3
        // digests golden images carry of their pixels.
        .systemLibrary(name: "CSPNG", path: "Sources/Shims/CSPNG", providers: [.apt(["libspng-dev"])]),
        // The accessibility bus (AT-SPI2) over sd-bus, libsystemd's D-Bus library.
        .systemLibrary(name: "CSDBus", path: "Sources/Shims/CSDBus", providers: [.apt(["libsystemd-dev"])]),
        // Reading translators' PO files with gettext's own reader (libgettextpo).
        .systemLibrary(name: "CGettextPO", path: "Sources/Shims/CGettextPO", providers: [.apt(["libgettextpo-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/Shims/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // ISA-L's igzip: the deflate of the PNGs Limelight writes.
        .systemLibrary(name: "CISAL", path: "Sources/Shims/CISAL", providers: [.apt(["libisal-dev"])]),
        // libdeflate's vectorized checksums: the Adler-32 of a PNG's image data, the CRC-32 of its chunks.
        .systemLibrary(name: "CDeflate", path: "Sources/Shims/CDeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CXXHash", path: "Sources/Shims/CXXHash", providers: [.apt(["libxxhash-dev"])]),

        // glibc's malloc.h (mallopt), part of libc6-dev: see Pixmap.returnLargeBuffersToTheSystem().
        .systemLibrary(name: "CMalloc", path: "Sources/Shims/CMalloc"),

        // Non-temporal stores for the dim of a whole frame from the base layer (a header of inline
        // functions; no library): see DimBlend.
        .systemLibrary(name: "CStream", path: "Sources/Shims/CStream"),

        // openat2(2) with RESOLVE_BENEATH, which glibc does not wrap (a header of one inline function).
        .systemLibrary(name: "COpenBeneath", path: "Sources/Shims/COpenBeneath"),

        // The row kernels' forms for instruction sets beyond the baseline (avx2/: each function built
        // for AVX2 alone), C beside Raster's portable Swift, and the CPU's features that choose them.
        .target(name: "CRasterKernels", path: "Sources/CRasterKernels"),

        .target(name: "Raster", dependencies: ["CStream", "CRasterKernels"]),
        .target(name: "ProcessMemory", dependencies: ["CMalloc"]),
        // Reading what came from outside, saving a file in one step (write beside, fsync, rename,
        // fsync the folder), and the folders a command owns (nothing opened through one leads out).
        .target(name: "Files", dependencies: ["COpenBeneath"]),
        // Image files in and out of a Pixmap, through SDL2_image.
        .target(name: "ImageFiles", dependencies: ["Raster", "Files", "CSDL2Image", "CGIF", "CSPNG", "CZlib", "CISAL", "CDeflate", "CXXHash"]),
        .target(name: "Views", dependencies: ["Raster"]),
        .target(name: "FontText", dependencies: ["Views", "Raster", "CFreeType", "CHarfBuzz", "CFriBidi", "CLineBreaks", "CFontconfig"]),
        .target(name: "Speech", dependencies: ["Views", "CSpeechd"]),
        .target(name: "Overlays", dependencies: ["Views", "Raster"]),
        // Translators' files (PO with libgettextpo, XLIFF 2.0) and Limelight's own words in them: the
        // files Limelight ships, found from where the binary or the package is, read once a process
        // for every host.
        .target(name: "TranslationFiles", dependencies: ["Views", "Files", "CGettextPO"]),
        .target(name: "Schema"),
        .target(name: "Tours", dependencies: ["Schema", "Overlays", "Views", "Raster", "ImageFiles", "Files", "TranslationFiles"]),
        .target(name: "Demo", dependencies: ["Tours", "Overlays", "Views", "Raster", "ImageFiles", "TranslationFiles"]),
        // An app declared in a screens file (JSON): its screens of widgets, navigation and state.
        .target(name: "ScreensApp", dependencies: ["Schema", "Tours", "Overlays", "Views", "Raster", "ImageFiles", "Files"]),
        .target(name: "SDLHost", dependencies: ["Views", "Raster", "TranslationFiles", "CSDL2", "CX11"]),
        // The semantics tree on the accessibility bus, for Orca and every AT-SPI2 client.
        .target(name: "AccessibilityBridge", dependencies: ["Views", "Raster", "CSDBus"]),
        // Captures of real apps for tours to run over: a web page through headless Chromium's
        // DevTools protocol, a desktop app's window over AT-SPI2 (the bridge's client side).
        // `limelight analyze`: an events log read line by line into funnels, dwell, goals and
        // experiments, and the same figures as SQL; no Limelight module below it.
        .target(name: "Analytics", dependencies: ["Seeded", "Schema"]),
        .target(name: "Captures", dependencies: ["AccessibilityBridge", "Tours", "Views", "Raster", "ImageFiles", "Files", "CX11"]),
        // Tours' and screens files' texts and Limelight's own words out to translators (PO, XLIFF
        // 2.0) and back in.
        .target(name: "Localization", dependencies: ["Schema", "TranslationFiles", "ScreensApp", "Tours", "Overlays", "Views", "Raster"]),
        // `limelight edit`: a tour built by pointing at the screen (any TourHost), saved as JSON
        // that keeps the file's own formatting.
        .target(name: "Editor", dependencies: ["Schema", "Tours", "Overlays", "Views", "Raster", "ImageFiles", "Files"]),
        // Tours run headless on a virtual clock: sessions, step walks, scripts, state and geometry
        // reports, and the snapshot tests of `limelight test`.
        .target(name: "Headless", dependencies: ["Schema", "Tours", "Overlays", "Views", "Raster", "ImageFiles", "Files", "FontText"]),
        // Tours over an app that draws its own frames (an SDL game, a Dear ImGui tool): the targets it
        // publishes are its screen, its frames are composited over in place.
        .target(name: "EmbeddedTours", dependencies: ["Schema", "Headless", "Tours", "Overlays", "Views", "Raster", "Files"]),
        // The C interface over EmbeddedTours (include/limelight.h): `@_cdecl` functions, handles, errors.
        .target(name: "LimelightC", dependencies: ["Schema", "EmbeddedTours", "Tours", "Views", "Raster", "Files", "FontText"]),
        // The whole command line for any app (a library), and `limelight`: it run with the sample app.
        .target(name: "LimelightCLI",
                dependencies: ["ProcessMemory", "Schema", "Analytics", "Captures", "EmbeddedTours", "Headless", "Editor", "Localization", "TranslationFiles", "AccessibilityBridge", "ScreensApp", "Tours", "Overlays", "Views", "Raster", "ImageFiles", "Files", "FontText", "SDLHost", "Speech", "CStandardOutput"]),
        .executableTarget(name: "limelight", dependencies: ["LimelightCLI", "Demo"]),
        .executableTarget(name: "limelight-bench",
                          dependencies: ["ProcessMemory", "Schema", "Analytics", "Headless", "Editor", "Demo", "Localization", "TranslationFiles", "AccessibilityBridge", "ScreensApp", "Tours", "Overlays", "Views", "Raster", "FontText", "SDLHost", "ImageFiles", "Files", "CSDL2Image", "CSPNG", "LimelightC"]),
        .executableTarget(name: "limelight-assets", dependencies: ["Raster", "ImageFiles", "Files"]),
        // The seeded random generator of the soak and the fuzz tests, so both replay from a seed.
        .target(name: "Seeded"),
        // The long random-input soak: a seeded driver of the sample app (used by SoakTests) and
        // `make soak`'s release runner.
        .target(name: "Soak", dependencies: ["Seeded", "Demo", "Tours", "Overlays", "Views", "Raster", "ImageFiles"]),
        .executableTarget(name: "limelight-soak", dependencies: ["ProcessMemory", "Soak", "Raster", "Files"]),

        // Golden-image comparison and other helpers shared by the test targets.
        .target(name: "TestSupport", dependencies: ["Seeded", "Raster", "Views", "TranslationFiles", "Headless", "Tours"], path: "Tests/TestSupport"),
        .testTarget(name: "AnalyticsTests", dependencies: ["Analytics", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport", "Seeded"], exclude: ["Goldens"]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "SchemaTests", dependencies: ["Schema"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Schema", "Localization", "TranslationFiles", "Tours", "Views"]),
        .testTarget(name: "ImageFilesTests", dependencies: ["ImageFiles", "Raster", "TestSupport", "Seeded"]),
        .testTarget(name: "FontTextTests", dependencies: ["TestSupport", "FontText", "Views", "Raster"]),
        .testTarget(name: "ViewsTests", dependencies: ["TestSupport", "Views", "Raster", "FontText"],
                    exclude: ["Goldens"]),
        .testTarget(name: "OverlaysTests", dependencies: ["TestSupport", "Overlays", "Views", "Raster", "FontText"],
                    exclude: ["Goldens"]),
        .testTarget(name: "ToursTests", dependencies: ["Schema", "TestSupport", "Seeded", "Demo", "Tours", "Overlays", "Views", "Raster", "ImageFiles", "Files", "FontText"],
                    exclude: ["Goldens"]),
        .testTarget(name: "DemoTests", dependencies: ["TestSupport", "Seeded", "Demo", "Overlays", "Views", "Raster", "FontText", "ImageFiles"],
                    exclude: ["Goldens"]),
        .testTarget(name: "CLITests", dependencies: ["Schema", "limelight", "LimelightCLI", "TestSupport", "Seeded", "Raster", "ImageFiles", "Tours", "Editor", "Demo", "Views", "FontText", "Headless"]),
        .testTarget(name: "EditorTests", dependencies: ["Schema", "Editor", "Headless", "TestSupport", "Demo", "Tours", "Views", "Raster", "FontText", "ImageFiles"],
                    exclude: ["Goldens"]),
        .testTarget(name: "ScreensAppTests", dependencies: ["Schema", "ScreensApp", "Headless", "TestSupport", "Tours", "Views", "Raster", "ImageFiles"],
                    exclude: ["Goldens"]),
        // The accessibility bridge without a bus: its answers to any call a client can make, the
        // events and cache signals between trees, and its messages through sd-bus on a socket pair.
        .testTarget(name: "AccessibilityBridgeTests", dependencies: ["AccessibilityBridge", "CSDBus", "TestSupport", "Seeded", "Raster", "Views"]),
        .testTarget(name: "HeadlessTests", dependencies: ["Schema", "Headless", "Demo", "Tours", "Overlays", "Views", "Raster", "Files", "TestSupport", "Seeded"]),
        // Checks over the repository's own sources (every public declaration documented, every import
        // in the documented direction and declared in this file).
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "SDLHostTests", dependencies: ["Schema", "SDLHost", "Demo", "Tours", "Overlays", "Views", "Raster"]),
        .testTarget(name: "SoakTests", dependencies: ["Soak", "Raster"]),
        // The C interface: from Swift through the functions C calls (the same bytes as a Swift app),
        // and installed into a prefix with the examples and a C program of bad input built against it.
        .testTarget(name: "LimelightCTests", dependencies: ["LimelightC", "EmbeddedTours", "Headless", "TestSupport", "Tours", "Overlays", "Views", "Raster", "ImageFiles"],
                    exclude: ["C", "Goldens"]),
    ]
)
