import Demo
import Foundation
import Headless
import Testing
import Raster
import Views
import TestSupport
@testable import LimelightCLI
import Seeded
import Tours

/// Seeded random and mutated replay scripts and command lines, parsed in-process: each one gives a
/// value or a one-line usage error that names its place (the script's file and line, the command),
/// quickly, and never traps.
///
/// `LIMELIGHT_FUZZ_ITERATIONS=100000 swift test --filter CLIParsingFuzzTests` runs a longer pass;
/// `LIMELIGHT_FUZZ_SEED` replays another seed.
@Suite @MainActor struct CLIParsingFuzzTests {
    static let scripts = [
        "# open the menu\ntap 300 800\nwait 400\nshot menu.png\n",
        "down 10 20\nmove 10 60\nup 10 60\nscroll -120 at 195 400\nscroll 40\nkey Escape\nkey enter\nwait 0\n",
        "tap 195.5 422.25 # the middle\n\n\twait 3600000\r\nshot a.png\nkey left\nkey RIGHT\n",
        "",
    ]

    static let scriptTokens: [[UInt8]] = [
        "tap", "down", "move", "up", "drag", "scroll", "at", "key", "wait", "shot", "expect", "fab", "overlay.bubble.next",
        "cards=5", "tour=skipped", "step=none", "=", "escape", "enter", "x.png", ".png", "../a.png",
        "#", "\n", "\r", " ", "\t", "3600001", "-1", "1e400", "nan", "inf", "0x10", "1_000",
    ].map { Array($0.utf8) }

    /// Problems with how `text` was parsed as a replay script, or nil.
    static func checkScript(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        do {
            let script = try ReplayScript(text: text, file: "fuzz.txt")
            func finite(_ place: ScriptPlace?) -> Bool {
                guard case .point(let p)? = place else { return true }
                return p.x.isFinite && p.y.isFinite
            }
            for line in script.commands {
                switch line.command {
                case .tap(let p, _), .down(let p, _), .move(let p), .up(let p):
                    guard finite(p) else { return "a point that is not finite: \(p)" }
                case let .drag(p, offset, _), let .touch(.drag(p, offset)):
                    guard finite(p), offset.x.isFinite, offset.y.isFinite else { return "a drag that is not finite" }
                case let .touch(.tap(p)), let .touch(.down(_, p)), let .touch(.move(_, p)), let .touch(.up(_, p)):
                    guard finite(p) else { return "a touch that is not finite: \(p)" }
                case .scroll(let dy, let at, _):
                    guard dy.isFinite, finite(at) else { return "a scroll that is not finite" }
                case .wait(let ms):
                    guard ms.isFinite, ms >= 0, ms <= 3_600_000 else { return "a wait of \(ms) ms" }
                case .shot(let name):
                    guard !name.contains("/"), name.hasSuffix(".png") else { return "a shot named \(name)" }
                case .drop(let path):
                    guard !path.isEmpty else { return "a drop of no file" }
                case .key, .expect, .text, .compose, .commit: break
                }
            }
            return nil
        } catch {
            let lines = input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            guard isOneLine(error.description) else { return "the error is not one line: \(FuzzRun.describe(error.description))" }
            guard error.file == "fuzz.txt", (1...lines).contains(error.line) else {
                return "the error does not name a line of the file: \(error.description)"
            }
            return nil
        }
    }

    @Test func randomAndMutatedReplayScriptsNeverTrap() {
        let seeds = Self.scripts.map { Array($0.utf8) }
        let mutator = Mutator(dictionary: Self.scriptTokens)
        var run = FuzzRun(name: "replay", seed: FuzzSettings.seed(standard: 0x5C_0001), iterations: FuzzSettings.iterations(standard: 3000))
        run.run(makeInput: { rng in mutator.mutate(rng.pick(seeds), others: seeds, rng: &rng) }, check: Self.checkScript)
        for problem in run.problems { Issue.record(Comment(rawValue: problem)) }
    }

    // MARK: - Flags

    static let words = [
        "--size", "--size=390x844", "390x844", "1x1", "16384x16384", "0x0", "1x0", "nanxnan", "infx1", "1e309x1", "-1x5",
        "8192x8192", "390X844", "x", "1x1x1", "0.5x0.5", "--scale", "--scale=2", "8", "0.25", "0.24", "8.0001", "1e-300",
        "inf", "nan", "-0", "--lang", "ja", "en", "JA", "--lang=", "--", "-", "-h", "--help", "--help=1", "--out", "x.png",
        "--all", "--all=", "--no-overlay", "--time", "--step", "0", "1", "10000", "10001", "150", "3600000", "3600001",
        "-5", "9223372036854775808", "--tour", "--font", "DejaVu Sans", "--frames", "=", "--=", "---size", "--size==1x1",
        "", " ", "\u{0}", "\u{1B}[31m", "\n", "é", "😀", "\u{2028}", "\u{85}", String(repeating: "-", count: 300),
        "--" + String(repeating: "a", count: 5000),
    ]

    /// A command line for `render`: known words, some of them mutated.
    static func commandLine(_ rng: inout SeededGenerator) -> [String] {
        let mutator = Mutator(dictionary: [])
        return (0..<rng.below(9)).map { _ in
            let word = rng.pick(words)
            guard rng.chance(0.2) else { return word }
            return String(decoding: mutator.mutate(Array(word.utf8), others: [], rng: &rng), as: UTF8.self)
        }
    }

    /// Problems with how `render` would parse `words` (flags, size, scale, language, step and time), or nil.
    static func checkFlags(_ words: [String]) -> String? {
        let c = "render"
        do {
            let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--tour", "--step", "--time", "--out", "--font"]),
                                     switches: ["--all", "--no-overlay", "--help"])
            let settings = try ScreenSettings(args, app: CLIApp(DemoApp.definition(imagesFolder: nil, toursFolder: nil)))
            guard settings.size.width >= 1, settings.size.height >= 1, settings.size.width.isFinite, settings.size.height.isFinite,
                  settings.scale.isFinite, settings.scale > 0 else { return "accepted \(settings.size) at \(settings.scale)" }
            if let v = args.value("--time") { _ = try parseMilliseconds(v, option: "--time", command: c) }
            if let v = args.value("--step") { _ = try parseInt(v, option: "--step", command: c, range: 1...10_000) }
            return nil
        } catch {
            guard isOneLine(error.message) else { return "the error is not one line: \(FuzzRun.describe(error.message))" }
            guard error.message.hasPrefix("\(c): ") else { return "the error does not name the command: \(error.message)" }
            guard error.exitCode == 2 else { return "exit code \(error.exitCode) for bad flags" }
            // Quoted values are cut to 80 characters (each escape up to 8): messages stay short.
            guard error.message.count < 1000 else { return "an error of \(error.message.count) characters" }
            return nil
        }
    }

    @Test func randomAndMutatedFlagsNeverTrap() {
        var run = FuzzRun(name: "flags", seed: FuzzSettings.seed(standard: 0xF1A6_0001), iterations: FuzzSettings.iterations(standard: 3000))
        run.run(makeInput: Self.commandLine, describe: { "[" + $0.map { FuzzRun.describe($0, limit: 100) }.joined(separator: ", ") + "]" },
                check: Self.checkFlags)
        for problem in run.problems { Issue.record(Comment(rawValue: problem)) }
    }

    // MARK: - Found by fuzzing

    @Test func windowsLineEndsSeparateCommands() throws {
        let script = try ReplayScript(text: "tap 300 800\r\nwait 400\r\n\r\nkey escape", file: "w.txt")
        #expect(script.commands.map(\.line) == [1, 2, 4])
        #expect(script.commands.map(\.command) == [.tap(.point(Point(300, 800))), .wait(milliseconds: 400), .key(.escape)])
        #expect(throws: ReplayScriptError.self) { try ReplayScript(text: "wait 1\r\njump\r\n", file: "w.txt") }
        do { _ = try ReplayScript(text: "wait 1\r\njump\r\n", file: "w.txt") } catch {
            #expect(error.description == "w.txt:2: expected a command: tap, down, move, up, drag, touch, scroll, key, text, compose, commit, wait, shot, drop or expect (got \"jump\")")
        }
    }

    @Test func lineSeparatorsAndC1ControlsAreEscapedInMessages() {
        #expect(Arguments.printable("a\u{2028}b\u{85}c\u{2029}\u{9B}") == "a\\u{2028}b\\u{85}c\\u{2029}\\u{9b}")
        #expect(Arguments.printable("é😀\t") == "é😀\\u{9}")
        do { _ = try ReplayScript(text: "\u{2028}", file: "s.txt") } catch {
            #expect(error.description == "s.txt:1: expected a command: tap, down, move, up, drag, touch, scroll, key, text, compose, commit, wait, shot, drop or expect (got \"\\u{2028}\")")
        }
        #expect(Self.checkFlags(["--time", "\u{85}"]) == nil)
    }
}
