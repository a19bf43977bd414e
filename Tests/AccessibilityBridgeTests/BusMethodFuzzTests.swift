import AccessibilityBridge
import Foundation
import Seeded
import TestSupport
import Testing

/// Any AT-SPI client may call any of the bridge's methods with any arguments: seeded calls of
/// every method, on every object of a screen whose elements lie far beyond 32-bit pixels, with
/// extreme arguments (the ends of each integer's range, -1, NaN, infinities, wrong types), each
/// answered as the bus's thread answers it. Every answer is a reply that can be sent, with AT-SPI2's
/// signature, or an InvalidArgs or UnknownObject error; extents fit 32 bits to their far edges, and
/// what reaches the main actor names an element with a finite value or a selection in its text.
///
/// `LIMELIGHT_FUZZ_ITERATIONS=100000 swift test --filter BusMethodFuzzTests` runs a longer pass;
/// `LIMELIGHT_FUZZ_SEED` replays another seed.
@Suite struct BusMethodFuzzTests {
    /// Seeded numbers as a source of calls.
    struct SeededDraws: BusCalls.Draws {
        var rng: SeededGenerator
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: rng.next()) }
        var isExhausted: Bool { false }
    }

    @Test func everyMethodOnEveryObjectWithExtremeArguments() {
        let tree = BusCalls.screen
        let paths = ["/org/a11y/atspi/accessible/root", "/org/a11y/atspi/cache", "/org/a11y/atspi/accessible/-1",
                     "/org/a11y/atspi/accessible/2147483648"] + tree.elements.map { "/org/a11y/atspi/accessible/\($0.number)" }
        var draws = SeededDraws(rng: SeededGenerator(seed: FuzzSettings.seed(standard: 0xA75_0001)))
        let rounds = FuzzSettings.iterations(standard: 12)
        var problems: [String] = []
        for round in 0..<rounds {
            // The first round at scale 2 in the window's corner; then any scale and origin.
            let context = round == 0 ? AccessibleObject.Context(tree: tree, pixelsPerPoint: 2) : BusCalls.context(tree, &draws)
            for method in BusCalls.methods {
                for path in paths {
                    let call = BusCalls.call(method, on: path, &draws)
                    if let problem = BusCalls.check(call, context: context), problems.count < 10 { problems.append(problem) }
                }
            }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func randomAndMutatedCallBytesNeverTrap() {
        let seeds = Self.corpus().map(\.bytes)
        let mutator = Mutator(dictionary: [[0xFF, 0xFF, 0xFF, 0x7F], [0, 0, 0, 0x80], [0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0xF8, 0x7F]])
        var run = FuzzRun(name: "bus", seed: FuzzSettings.seed(standard: 0xA75_0002), iterations: FuzzSettings.iterations(standard: 2000))
        run.run(makeInput: { rng in
            if seeds.isEmpty || rng.chance(0.4) { return (0..<rng.below(200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
            return mutator.mutate(rng.pick(seeds), others: seeds, rng: &rng)
        }, check: BusCalls.check(bytes:))
        for problem in run.problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// The libFuzzer harness's seeds and the inputs it found (fuzz/corpus/bus, fuzz/regressions/bus).
    @Test func theLibFuzzerSeedsAndFindsPass() throws {
        let inputs = Self.corpus()
        #expect(inputs.count >= 8, "the seeds were read")
        for (name, bytes) in inputs { #expect(BusCalls.check(bytes: bytes) == nil, "\(name)") }
    }

    static func corpus() -> [(name: String, bytes: [UInt8])] {
        let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz").path
        var out: [(String, [UInt8])] = []
        for folder in ["corpus/bus", "regressions/bus"] {
            let dir = fuzz + "/" + folder
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
                if let data = FileManager.default.contents(atPath: dir + "/" + name) { out.append((folder + "/" + name, [UInt8](data))) }
            }
        }
        return out
    }
}
