import Demo
import FontText
import Foundation
import Raster
import SDLHost
import Tours
import Views

/// Builds the sample app for a command: the text engine, the card illustrations and the app.
@MainActor
enum AppSetup {
    /// The folder of the card illustrations (see `assetsFolder(_:)`).
    static func imagesFolder() -> String? { assetsFolder("images") }

    /// An assets subfolder: $LIMELIGHT_ASSETS/NAME, else `../share/limelight/NAME` beside the
    /// executable (where `make install` puts them), else the nearest `assets/NAME` above the
    /// executable, else the one beside this source tree.
    static func assetsFolder(_ name: String) -> String? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["LIMELIGHT_ASSETS"], !env.isEmpty {
            return (env as NSString).appendingPathComponent(name)
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/limelight").appendingPathComponent(name)
        if fm.fileExists(atPath: installed.path) { return installed.path }
        var dir = executable.deletingLastPathComponent()
        for _ in 0..<8 {
            let candidate = dir.appendingPathComponent("assets").appendingPathComponent(name)
            if fm.fileExists(atPath: candidate.path) { return candidate.path }
            dir = dir.deletingLastPathComponent()
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets").appendingPathComponent(name)
        return fm.fileExists(atPath: source.path) ? source.path : nil
    }

    /// The text engine for `--font FAMILY` (default DejaVu Sans). A family fontconfig lacks is an error.
    static func textEngine(family: String?, command: String) throws(CLIError) -> SystemTextEngine {
        do {
            return try SystemTextEngine(family: family ?? SystemTextEngine.defaultFamily)
        } catch {
            throw .failure("\(command): --font: \(error)")
        }
    }

    /// The sample app. Missing illustrations are reported once on stderr and drawn as placeholders.
    static func makeApp(_ settings: ScreenSettings, font: String?, clock: any Clock, command: String,
                        size: Size? = nil) throws(CLIError) -> DemoApp {
        let engine = try textEngine(family: font, command: command)
        var images: [String: Pixmap] = [:]
        if let folder = imagesFolder() {
            let loaded = CardImages.load(from: folder)
            images = loaded.images
            for e in loaded.errors { warn("\(command): \(e) (showing a placeholder)") }
        } else {
            warn("\(command): card images not found (set LIMELIGHT_ASSETS to the assets folder); showing placeholders")
        }
        do {
            let app = try DemoApp(size: size ?? settings.size, scale: settings.scale, language: settings.language,
                                  textEngine: engine, images: images, clock: clock)
            app.root.reducesMotion = settings.reducesMotion
            return app
        } catch {
            throw .usage("\(command): \(error)")
        }
    }
}

/// Writes one line to stderr, its control characters (an ESC from a file name), line breaks and
/// bidi controls escaped, so no input reaches the terminal or a CI log as anything but text.
func warn(_ line: String) {
    FileHandle.standardError.write(Data(("limelight: " + escapedForOneLine(line) + "\n").utf8))
}
