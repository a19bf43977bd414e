import Foundation
import Testing

/// CI runs every suite or fails: .ci/run says it is CI (`CI=true`) to the suite it starts, `make
/// test` installs what the window and screen-reader suites need, and no suite skips for a missing
/// program on its own terms (each goes through RequiredTools, which fails in CI, or the Settings
/// example's own copy of the rule).
@Suite struct CIRunTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of the repository's file at `path`.
    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theCIScriptSaysItIsCIBeforeItRunsTheSuite() throws {
        let lines = try text(".ci/run").components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let said = try #require(lines.firstIndex(of: "export CI=true"), ".ci/run exports CI=true: \(lines)")
        let test = try #require(lines.firstIndex(of: "make test"), ".ci/run runs make test")
        #expect(said < test, "CI=true is exported before make test")
    }

    /// The Debian packages of every program and module the window, speech and screen-reader
    /// suites ask for are in the Makefile's `TEST_PACKAGES`.
    @Test func makeTestInstallsWhatTheSuitesNeed() throws {
        let makefile = try text("Makefile")
        // The variable's lines: from `TEST_PACKAGES =` to the first line that does not continue.
        var packages: Set<String> = []
        var reading = false
        for line in makefile.components(separatedBy: "\n") {
            if line.hasPrefix("TEST_PACKAGES") { reading = true }
            guard reading else { continue }
            let words = line.replacingOccurrences(of: "TEST_PACKAGES =", with: "").split(separator: " ").map(String.init)
            packages.formUnion(words.filter { $0 != "\\" })
            if !line.hasSuffix("\\") { break }
        }
        for needed in ["xvfb", "xdotool", "imagemagick", "dbus", "at-spi2-core", "python3-pyatspi", "python3", "orca", "speech-dispatcher", "python3-jsonschema"] {
            #expect(packages.contains(needed), "TEST_PACKAGES installs \(needed): \(packages.sorted())")
        }
    }

    /// A test that needs an installed program is not skipped by a plain `.enabled(if:)`, which
    /// would skip it silently in CI too.
    @Test func noSuiteSkipsSilentlyForAMissingProgram() throws {
        var folders = [Self.root.appendingPathComponent("Tests")]
        let examples = Self.root.appendingPathComponent("examples")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [] {
            folders.append(examples.appendingPathComponent(name).appendingPathComponent("Tests"))
        }
        var checked = 0
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                checked += 1
                for (number, line) in lines.enumerated() where line.contains(".enabled(if:") || line.contains(".disabled(if:") {
                    // The condition's message, on its line or the next.
                    let said = line + (lines.indices.contains(number + 1) ? lines[number + 1] : "")
                    #expect(!said.contains("installs") && !said.contains("not installed"),
                            "\(url.path):\(number + 1): a missing program skips silently in CI too (use RequiredTools)")
                }
            }
        }
        #expect(checked > 100, "the tests' sources were read")
    }
}
