import Foundation
import Testing
import Demo
import Headless
import Raster
import Views
import TestSupport
@testable import LimelightCLI
import Seeded
import Tours

/// Mutated inputs that are numbers from outside, run as the commands run them: replay scripts
/// parsed and played on the sample app (a drag's steps, waits, taps far away), and event logs
/// read and simulated against the shipped tours. Each one works or is refused with one line;
/// none traps. `LIMELIGHT_FUZZ_ITERATIONS` runs more, `LIMELIGHT_FUZZ_SEED` replays a seed.
@Suite(.serialized) @MainActor struct InputFuzzTests {
    static let scripts = [
        "tap fab\nwait 300\ndrag home.scroll 0 -300\ntouch drag 40 300 0 -200\nscroll -120 at home.scroll\n",
        "drag alt 40 120 120 90\ntouch tap fab\ntouch down 2 40 300\ntouch up 2 40 300\nkey tab\nkey enter\nwait 1000\n",
        "tap 99999 -99999\ndrag 10 10 100000 -100000\nscroll 100000\nwait 16\nexpect cards=5 tour=none\n",
    ]

    static let tokens: [[UInt8]] = [
        "drag", "touch drag", "tap", "scroll", "wait", "1e308", "-1e308", "2e20", "100000", "100001", "-100000", "99999.999",
        "1e-320", "nan", "inf", "fab", "home.scroll", "overlay.bubble.next", "0", "600", "36000000", "3600000",
    ].map { Array($0.utf8) }

    /// The sample app with the fixed-metric text engine (fast), on a virtual clock.
    static func session() throws -> HeadlessSession {
        let clock = VirtualClock()
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: [:], clock: clock)
        return HeadlessSession(app: app, clock: clock)
    }

    @Test func mutatedScriptsParseAndPlayWithoutTrapping() throws {
        let seeds = Self.scripts.map { Array($0.utf8) }
        let mutator = Mutator(dictionary: Self.tokens)
        var run = FuzzRun(name: "script run", seed: FuzzSettings.seed(standard: 0xD2A6), iterations: FuzzSettings.iterations(standard: 600))
        run.run(makeInput: { rng in mutator.mutate(rng.pick(seeds), others: seeds, rng: &rng) }) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let script: ReplayScript
            do throws(ReplayScriptError) { script = try ReplayScript(text: text, file: "fuzz.txt") } catch {
                return isOneLine(error.description) ? nil : "not one line: \(error.description)"
            }
            // Played for up to two seconds of virtual time (the parse holds the hour's limit).
            guard script.virtualMilliseconds <= 2000, let session = try? Self.session() else { return nil }
            var runner = ScriptRunner(session: session, engine: nil)
            do throws(ScriptFailure) { try runner.run(script) } catch {
                return isOneLine(error.message) ? nil : "a failure that is not one line: \(error.message)"
            }
            return nil
        }
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))")
    }

    static let logs = [
        "{\"ms\": 0, \"event\": \"launch\"}\n{\"ms\": 5000, \"event\": \"cardAdded\"}\n{\"ms\": 9000, \"event\": \"skipped\", \"tour\": \"fab\"}\n{\"ms\": 604800000, \"event\": \"launch\"}\n",
        "{\"ms\": 1e12, \"event\": \"overlayOpened\"}\n{\"ms\": 3155760000000, \"event\": \"launch\"}\n",
    ]

    @Test func mutatedEventLogsAreReadAndSimulatedWithoutTrapping() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/tours").path
        let app = CLIApp(DemoApp.definition(imagesFolder: nil, toursFolder: nil))
        let (planned, _, _) = TestCommand.load(try TestCommand.tourFiles([folder], command: "simulate"), app: app)
        let tours = planned.compactMap(\.tour)
        #expect(!tours.isEmpty)
        let seeds = Self.logs.map { Array($0.utf8) }
        let mutator = Mutator(dictionary: [
            "\"ms\"", "\"event\"", "\"tour\"", "\"launch\"", "\"cardAdded\"", "\"finished\"", "\"skipped\"", "1e19", "1e308",
            "-1", "true", "null", "{", "}", ":", ",", "3155760000001", "9007199254740993",
        ].map { Array($0.utf8) })
        var run = FuzzRun(name: "event log", seed: FuzzSettings.seed(standard: 0x1065), iterations: FuzzSettings.iterations(standard: 2000))
        run.run(makeInput: { rng in mutator.mutate(rng.pick(seeds), others: seeds, rng: &rng) }) { bytes in
            do throws(CLIError) {
                let events = try SimulateCommand.parseLog(bytes, path: "log.jsonl", events: app.definition.allEvents, command: "simulate")
                _ = SimulateCommand.simulate(tours, events)
                return nil
            } catch {
                return isOneLine(error.message) && error.message.hasPrefix("simulate: log.jsonl:") ? nil : "not one line naming its line: \(error.message)"
            }
        }
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))")
    }
}
