import Foundation
import Testing

/// The library knows no app: its modules reach an app only through the app seam (`TourHost`,
/// `AppDefinition`). No module outside the sample app's own (Demo, its soak, and the executables
/// that run it) imports Demo, and no library source names the sample app or its ids, events,
/// tabs or overlays — in code, in messages or in their examples.
@Suite struct AppSeamTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    /// The library's modules: what another team's app is built on.
    static let library = ["Raster", "Files", "ImageFiles", "Views", "FontText", "Overlays", "Tours", "Headless", "Editor",
                          "SDLHost", "Speech", "EmbeddedTours", "LimelightC", "LimelightCLI"]
    /// The sample app, the soak that drives it, and the executables that run it.
    static let sampleAppsOwn = ["Demo", "Soak", "limelight", "limelight-soak", "limelight-bench"]

    /// The Swift files of `module`, with their text.
    static func files(of module: String) -> [(path: String, text: String)] {
        let folder = sources.appendingPathComponent(module)
        guard let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) else { return [] }
        return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            return (try? String(contentsOfFile: path, encoding: .utf8)).map { ("\(module)/\(name)", $0) }
        }
    }

    @Test func noModuleButTheSampleAppsOwnImportsDemo() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { !$0.hasPrefix(".") }
        var found: [String] = []
        for module in modules where !Self.sampleAppsOwn.contains(module) {
            for (path, text) in Self.files(of: module) {
                for (i, line) in text.components(separatedBy: "\n").enumerated()
                    where line.range(of: #"^\s*(@testable\s+)?import\s+Demo\b"#, options: .regularExpression) != nil {
                    found.append("\(path):\(i + 1)")
                }
            }
        }
        #expect(found.isEmpty, "imports Demo: \(found)")
    }

    /// The sample app's ids, events, tabs, type and name: none may appear in a library source.
    static let sampleWords = [
        #"\bfab\b"#, #"\bFAB\b"#, #"\bcard\.[0-9N]"#, #"\bcardAdded\b"#, #"\boverlayOpened\b"#, #"\bnav\.title\b"#,
        #"\bhome\.scroll\b"#, #"\bmenu\.(alert|popup|loading|scroll)\b"#, #"\btab\.(home|menu)\b"#, #"\bDemoApp\b"#,
        #"(?i)\bsample app\b"#, #"\bshowFABTip\b"#,
    ]

    @Test func noLibrarySourceNamesTheSampleApp() {
        var found: [String] = []
        for module in Self.library {
            for (path, text) in Self.files(of: module) {
                for (i, line) in text.components(separatedBy: "\n").enumerated() {
                    for word in Self.sampleWords where line.range(of: word, options: .regularExpression) != nil {
                        found.append("\(path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The check itself finds what it looks for (a test that cannot fail would prove nothing).
    @Test func theCheckFindsTheSampleAppsIdsWhereTheyAre() {
        let demo = Self.files(of: "Demo").map(\.text).joined(separator: "\n")
        for word in [#"\bfab\b"#, #"\bcard\.[0-9N]"#, #"\bcardAdded\b"#, #"\bnav\.title\b"#] {
            #expect(demo.range(of: word, options: .regularExpression) != nil, "\(word)")
        }
    }
}
