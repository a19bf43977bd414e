import Foundation
import Testing

/// What sanitizers/lsan.supp hides by whole library (the default fast unwinder stops inside
/// libraries built without frame pointers) is held to what the library loses by itself: commands
/// run here with full stacks and only the library's own function suppressed. In a build with
/// AddressSanitizer (`make test-asan`) LeakSanitizer reports any other block left at exit and the
/// exit status changes; in other builds these are plain runs.
@Suite struct SanitizerSuppressionTests {
    /// Runs `limelight args…` in `dir` with full stacks and only `suppressed` hidden (and what
    /// gettext's lexer loses reading Limelight's words, which every command reads).
    func run(_ args: [String], in dir: String, suppressed: String) throws -> CLIResult {
        let suppressions = dir + "/only.supp"
        try "leak:\(suppressed)\nleak:libgettextpo_lex_start\n".write(toFile: suppressions, atomically: true, encoding: .utf8)
        return try CLI.runProcess(CLI.binary, args, environment: [
            "DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy",
            "ASAN_OPTIONS": "detect_leaks=1:fast_unwind_on_malloc=0", "LSAN_OPTIONS": "suppressions=\(suppressions):print_suppressions=0",
        ], directory: dir)
    }

    /// fontconfig loses only what it loses alone while it parses its configuration: text is set
    /// and drawn (`render`, a test run on one core and on two) without a pattern, font set or
    /// configuration of Limelight's left behind.
    @Test func fontconfigLosesOnlyWhatItLosesAlone() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.json", toPath: dir + "/fab.json")
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.goldens", toPath: dir + "/fab.goldens")
        for (args, status) in [(["render", "--tour", "fab.json", "--lang", "ja", "--out", "fab.png"], Int32(0)),
                               (["test", "fab.json", "--jobs", "1", "--results", "r"], 0),
                               (["test", "fab.json", "--jobs", "2", "--results", "r"], 0)] {
            let r = try run(args, in: dir, suppressed: "FcInitLoadConfigAndFonts")
            #expect(r.status == status && !r.stderr.contains("LeakSanitizer"), "\(args): \(r.status) \(r.stderr)")
        }
    }
}
