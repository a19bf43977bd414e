import Foundation
import Testing

/// The command line run under another name (as an app's own binary is: `recipes-tours`) says that
/// name in every hint it gives, never `limelight`: how to record a missing golden, how to accept
/// results, the report's title. (The binary is `limelight` behind a link of that name: the name a
/// program was run by is its name.)
@Suite struct EmbeddedCommandTests {
    /// A link named `recipes-tours` to the built binary, in a fresh folder.
    func renamedBinary() throws -> (binary: String, dir: String) {
        let dir = try CLI.temporaryFolder()
        let binary = dir + "/recipes-tours"
        try FileManager.default.createSymbolicLink(atPath: binary, withDestinationPath: CLI.binary)
        return (binary, dir)
    }

    @Test func testsHintsNameTheRunningCommand() throws {
        let (binary, dir) = try renamedBinary()
        try #"{"id": "tip", "steps": [{"target": "fab", "text": "Add one."}]}"#.write(toFile: dir + "/tip.json", atomically: true, encoding: .utf8)
        let r = try CLI.runProcess(binary, ["test", dir + "/tip.json", "--jobs", "1", "--results", dir + "/r", "--report", dir + "/report"],
                                   environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("no golden \(dir)/tip.goldens/390x844@1x-en-step01.png yet (record it with `recipes-tours test --update \(dir)/tip.json`)"), "\(r.stdout)")
        #expect(r.stdout.contains("(`recipes-tours accept [PATTERN…] --results \(dir)/r` takes their actuals as goldens)"), "\(r.stdout)")
        #expect(!r.stdout.contains("`limelight ") && !r.stdout.contains("limelight test"), "no word of another command: \(r.stdout)")
        let page = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(page.contains("<title>recipes-tours test: ") && page.contains("<h1>recipes-tours test</h1>") && !page.contains("limelight test"))
        let usage = try CLI.runProcess(binary, ["test", "--help"])
        #expect(usage.stdout.hasPrefix("usage: recipes-tours test FILE|DIR…"), "\(usage.stdout)")
    }

    /// `demo` is `limelight`'s own other name for its window, said in its help; the library's help
    /// says it only for a program that keeps it (an app's own binary keeps none: its suite checks).
    @Test func theSamplesOwnAliasIsItsAlone() throws {
        let help = try CLI.run(["--help"])
        #expect(help.stdout.contains("window    the app in a window (the default command; `demo` is the same)"), "\(help.stdout)")
        #expect(try CLI.run(["demo", "--help"]).stdout.hasPrefix("usage: limelight [window]"))
    }
}
