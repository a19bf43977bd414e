import Foundation
import Testing

/// Every public type and member of the library modules has a `///` line: declarations, and the
/// cases of public enums. A declaration added without one fails here, naming its file and line.
@Suite struct DocumentationTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let modules = ["Raster", "Files", "ImageFiles", "Views", "FontText", "Overlays", "Tours", "Demo", "SDLHost", "Speech", "Seeded", "Soak", "Headless", "Editor", "EmbeddedTours", "LimelightC", "LimelightCLI"]

    /// The public declarations of `text` that lack a `///` line, as "line: declaration".
    static func undocumented(in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        var out: [String] = []
        // What each open brace belongs to: a public enum's body, or anything else.
        var owners: [Bool] = []
        func isDocumented(_ i: Int) -> Bool {
            var j = i - 1
            while j >= 0, lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") { j -= 1 }
            return j >= 0 && lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("///")
        }
        for (i, line) in lines.enumerated() {
            let s = line.trimmingCharacters(in: .whitespaces)
            let code = s.hasPrefix("//") ? "" : (s.range(of: "//").map { String(s[..<$0.lowerBound]) } ?? s)
            let bare = code.replacingOccurrences(of: #"@[\w.]+(\([^)]*\))?\s+"#, with: "", options: .regularExpression)
            let isDeclaration = (bare.hasPrefix("public ") || bare.hasPrefix("open ")) && !bare.hasPrefix("public extension")
                && !bare.hasPrefix("public import")
            let isCase = s.hasPrefix("case ") && owners.last == true
            if (isDeclaration || isCase) && !isDocumented(i) { out.append("\(i + 1): \(s)") }
            let withoutStrings = code.replacingOccurrences(of: #""([^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
            for ch in withoutStrings {
                if ch == "{" {
                    owners.append(withoutStrings.range(of: #"\b(public|open)\s+(indirect\s+)?enum\b"#, options: .regularExpression) != nil)
                } else if ch == "}", !owners.isEmpty {
                    owners.removeLast()
                }
            }
        }
        return out
    }

    @Test(arguments: modules)
    func everyPublicDeclarationHasADocLine(module: String) throws {
        let folder = Self.sources.appendingPathComponent(module)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty, "\(module) has sources")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for missing in Self.undocumented(in: text) {
                Issue.record("Sources/\(module)/\(file):\(missing) has no /// line")
            }
        }
    }

    @Test func theCheckSeesAMissingDocLine() {
        let text = """
        /// Documented.
        public enum Kind {
            /// Documented.
            case a
            case b
            func f() { switch self { case .a: break
            case .b: break } }
        }
        public struct Plain {}
        @MainActor
        public final class Marked {}
        """
        #expect(Self.undocumented(in: text) == ["5: case b", "9: public struct Plain {}", "11: public final class Marked {}"])
    }
}
