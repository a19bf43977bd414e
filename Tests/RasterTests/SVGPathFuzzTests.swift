import Foundation
import Testing
@testable import Raster
import TestSupport
import Seeded

/// Seeded random and mutated SVG path data: every input gives a finite path or a one-line error at
/// a byte offset, quickly, and the paths that parse rasterize without trouble.
///
/// `LIMELIGHT_FUZZ_ITERATIONS=100000 swift test --filter SVGPathFuzzTests` runs a longer pass;
/// `LIMELIGHT_FUZZ_SEED` replays another seed.
@Suite struct SVGPathFuzzTests {
    /// Well-formed path data covering every command, number form and separator.
    static let samples = [
        "M 10 20 L 30 40 H 50 V 60 C 1 2 3 4 5 6 S 20 30 40 50 Q 11 12 13 14 T 30 30 Z",
        "m 10 20 l 20 20 h 20 v 20 c 1 2 3 4 5 6 s 10 10 20 20 q 5 0 10 10 t 10 0 z",
        "M 320 120 L 370 220 L 270 220 Z",
        "M 288.5 107 L 306.7 153.9 L 357 156.8 L 318 188.6 L 330.8 237.2 L 288.5 210 L 246.2 237.2 L 259 188.6 L 220 156.8 L 270.3 153.9 Z",
        "M 0 0 A 10 10 0 0 1 20 0 a 10 5 30 1 0 20 0",
        "M5,5a10,5,30,1,0,20,0",
        "M0-1.5.5.5L1e2-3E-1,4e+1",
        "M 1 1 10 10 20 20 m 5 5 5 5 Z M 0 0 h10v10h-10z",
        "M 0 0 C 0 0 1e3 1e3 -1e3 1e3 S 0 0 5 5",
        "M 100 100 A 50 25 -45 1 1 150 150 A 0 5 0 0 1 9 9",
        "M\t1\n2\r\u{0C}L 3,4",
        "M 0 0 Q 50 -50 100 0 T 200 0 T 300 0 Z",
        "",
    ]

    static let tokens: [[UInt8]] = [
        "M", "m", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q", "T", "t", "A", "a", "Z", "z",
        ",", " ", "0 1", "1 0", "1e300", "-1e300", "1e308 1e308", "9e307", ".5.5", "00000000000000000000001",
        "1.000000000000000000000000000001", "123456789012345678901234567890e-20",
    ].map { Array($0.utf8) }

    /// A random path from the grammar, with numbers anywhere from tiny to enormous.
    static func generated(_ rng: inout SeededGenerator) -> [UInt8] {
        func number(_ rng: inout SeededGenerator) -> String {
            switch rng.below(8) {
            case 0: return rng.pick(["0", "1", "-1", ".5", "-.5", "1e308", "-1e308", "1e-320", "1.7976931348623157e308"])
            case 1: return String(Double(rng.below(2_000_000)) / 1000 - 1000)
            case 2: return rng.pick(["", "-", "+"]) + String(rng.below(10)) + "e" + rng.pick(["", "-", "+"]) + String(rng.below(400))
            case 3: return String(repeating: "9", count: 1 + rng.below(40))
            case 4: return rng.pick(["0", "1"])
            default: return String(rng.below(1000) - 200)
            }
        }
        // An array, not a dictionary: dictionary order changes from run to run, and runs must repeat.
        let arity: [(Character, Int)] = [("M", 2), ("L", 2), ("H", 1), ("V", 1), ("C", 6), ("S", 4), ("Q", 4), ("T", 2), ("A", 7), ("Z", 0)]
        var out = "M " + number(&rng) + " " + number(&rng)
        for _ in 0..<rng.below(30) {
            let (letter, count) = rng.pick(arity)
            let command = rng.chance(0.5) ? String(letter) : String(letter).lowercased()
            out += rng.pick([" ", "", "\n"]) + command
            for _ in 0..<(rng.chance(0.1) ? 1 + rng.below(3) : 1) { // implicit repeats
                for k in 0..<count {
                    let flag = letter == "A" && (k == 3 || k == 4)
                    out += rng.pick([" ", ",", ", ", ""]) + (flag ? rng.pick(["0", "1", "2"]) : number(&rng))
                }
            }
        }
        return Array(out.utf8)
    }

    /// Problems with how one input was handled, or nil.
    static func check(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        let path: Path
        do {
            path = try Path(svgPathData: text)
        } catch {
            let d = error.description
            let utf8 = Array(text.utf8)
            if !isOneLine(d) { return "the error is not one line: \(FuzzRun.describe(d))" }
            guard d.hasPrefix("offset \(error.offset): ") else { return "the error does not start with its offset: \(d)" }
            guard error.offset >= 0, error.offset <= utf8.count else { return "offset \(error.offset) is outside the data (\(utf8.count) bytes)" }
            if error.offset < utf8.count, utf8[error.offset] & 0xC0 == 0x80 { return "offset \(error.offset) is inside a character" }
            return nil
        }
        guard path.isFinite else { return "parsed into a path with coordinates that are not finite" }
        // What a tour does with a path hole: rasterize it, crisp, at 1× and 3×.
        for (rule, scale) in [(FillRule.nonZero, 1.0), (.evenOdd, 3.0)] {
            let mask = Rasterizer.mask(for: path, fillRule: rule, transform: .scale(scale), clip: IntRect(x: 0, y: 0, width: 96, height: 96))
            guard IntRect(x: 0, y: 0, width: 96, height: 96).contains(mask.bounds) else { return "the mask \(mask.bounds) leaves the clip" }
        }
        return nil
    }

    /// The libFuzzer harness's seeds and the crashes it found (fuzz/corpus/svg, fuzz/regressions/svg).
    @Test func theLibFuzzerSeedsAndFindsPass() throws {
        let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz").path
        var count = 0
        for folder in ["corpus/svg", "regressions/svg"] {
            let dir = fuzz + "/" + folder
            for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
                let bytes = try #require(FileManager.default.contents(atPath: dir + "/" + name))
                #expect(Self.check([UInt8](bytes)) == nil, "\(folder)/\(name)")
                count += 1
            }
        }
        #expect(count > 10)
    }

    @Test func randomAndMutatedPathDataNeverTraps() {
        let seeds = Self.samples.map { Array($0.utf8) }
        let mutator = Mutator(dictionary: Self.tokens)
        var run = FuzzRun(name: "svg", seed: FuzzSettings.seed(standard: 0x5F6_0001), iterations: FuzzSettings.iterations(standard: 3000))
        run.run(makeInput: { rng in
            if rng.chance(0.3) { return Self.generated(&rng) }
            let base = rng.chance(0.3) ? Self.generated(&rng) : rng.pick(seeds)
            return mutator.mutate(base, others: seeds, rng: &rng)
        }, check: Self.check)
        for problem in run.problems { Issue.record(Comment(rawValue: problem)) }
    }

    // MARK: - Found by fuzzing

    @Test func lineSeparatorsInErrorsAreEscaped() {
        for (data, shown) in [("M 1 1 \u{2028}", "\\u{2028}"), ("M\u{85}", "\\u{85}"), ("M 1 \u{2029}", "\\u{2029}"), ("M\n\u{1}", "\\u{01}")] {
            do { _ = try Path(svgPathData: data); Issue.record("\(data.debugDescription) parsed") } catch {
                #expect(error.description.hasSuffix("found \"\(shown)\""), "\(error.description)")
                #expect(isOneLine(error.description))
            }
        }
    }

    @Test func finitePointsFarApartAreFinite() throws {
        // The control bounds of these points overflow (1e308 - -1e308), but every point is finite.
        let path = try Path(svgPathData: "M 99999999 0 c 99999999 1e308 0 -1e308 289 -1")
        #expect(path.isFinite)
        #expect(!path.controlBounds.isFinite, "the box itself cannot be represented")
        var broken = Path()
        broken.move(to: Point(0, 0)); broken.line(to: Point(.nan, 1))
        #expect(!broken.isFinite)
    }

    @Test func manyHugeCurvesShareABoundedNumberOfSegments() throws {
        // Each curve reaches 1e8 away, so each asks for the most chords a curve may have.
        let data = "M 0 0" + String(repeating: " Q 50 -50 100000000 50 T -50 1", count: 200)
        let path = try Path(svgPathData: data)
        let wanted = Rasterizer.segmentCounts(path, transform: .scale(3)).reduce(0, +)
        #expect(wanted > Rasterizer.maxSegmentsPerPath, "the path asks for \(wanted) segments")
        let edges = Rasterizer.flatten(path, transform: .scale(3))
        #expect(edges.count <= Rasterizer.maxSegmentsPerPath + path.elements.count, "\(edges.count) edges")
        // The work is bounded by the edges (above) times the clip's rows; the mask stays inside the clip.
        let clip = IntRect(x: 0, y: 0, width: 96, height: 96)
        let mask = Rasterizer.mask(for: path, fillRule: .evenOdd, transform: .scale(3), clip: clip)
        #expect(mask.bounds.intersection(clip) == mask.bounds)
    }

    @Test func ordinaryPathsKeepEverySegmentTheyNeed() {
        // A full-screen circle at 3x: well under the budget, flattened as finely as ever.
        let circle = Path.circle(center: Point(195, 422), radius: 400)
        let counts = Rasterizer.segmentCounts(circle, transform: .scale(3))
        #expect(counts.reduce(0, +) < Rasterizer.maxSegmentsPerPath / 100, "\(counts)")
    }
}
