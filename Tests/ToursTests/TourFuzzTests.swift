import Foundation
import Schema
import Testing
import ImageFiles
import Raster
import Views
import Demo
import TestSupport
@testable import Tours
import Seeded

/// Seeded random and mutated tour files, given to the loader as bytes: each one loads or is refused
/// with one-line diagnostics that name the file and a line in it, quickly, and never traps. Tours
/// that load are then run step by step on the sample app and rendered.
///
/// `LIMELIGHT_FUZZ_ITERATIONS=100000 swift test --filter TourFuzzTests` runs a longer pass;
/// `LIMELIGHT_FUZZ_SEED` replays another seed.
@Suite(.serialized) @MainActor struct TourFuzzTests {
    /// The shipped example tours.
    static let shipped: [[UInt8]] = {
        let folder = repositoryFolder.appendingPathComponent("assets/tours").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".checklist.json") }.sorted().compactMap {
            FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) }
        }
    }()

    /// Small tours that reach the corners of the schema: the libFuzzer harness's seeds (fuzz/corpus/tour).
    static let extra: [[UInt8]] = {
        let folder = repositoryFolder.appendingPathComponent("fuzz/corpus/tour").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap {
            FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) }
        }
    }()

    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", ":", ",", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\u0000", "true", "false", "null",
        "\"id\"", "\"steps\"", "\"target\"", "\"targets\"", "\"rect\"", "\"shape\"", "\"svgPath\"", "\"fillRule\"",
        "\"padding\"", "\"cornerRadius\"", "\"feather\"", "\"title\"", "\"text\"", "\"placement\"", "\"advanceOn\"",
        "\"tab\"", "\"scrollIntoView\"", "\"dim\"", "\"color\"", "\"opacity\"", "\"background\"", "\"showProgress\"",
        "\"allowSkip\"", "\"fab\"", "\"card.0\"", "\"menu\"", "\"circle\"", "\"evenOdd\"", "\"tapTarget\"",
        "[0, 0, 1e5, 1e5]", "[1e300, 1, 1, 1]", "-1e5", "100000", "10000", "200", "1.0000000001",
        "\"M 0 0 L 1e300 1e300 Z\"", "[[[[[[[[[[[[[[[[", "{\"a\":{\"a\":{\"a\":{\"a\":",
    ].map { Array($0.utf8) }

    /// A random JSON document shaped roughly like a tour.
    static func generated(_ rng: inout SeededGenerator) -> [UInt8] {
        func value(_ rng: inout SeededGenerator, depth: Int) -> String {
            switch rng.below(depth > 3 ? 4 : 7) {
            case 0: return rng.pick(["0", "-1", "0.5", "1e5", "-1e5", "1e308", "1e-320", "12345678901234567890", "10000", "200"])
            case 1: return rng.pick(["true", "false", "null"])
            case 2: return "\"" + rng.pick(["fab", "card.0", "card.99", "nav.title", "tab.menu", "menu", "home", "circle", "roundedRect",
                                             "#00FF00", "#GGGGGG", "auto", "below", "tapTarget", "nextButton", "M 0 0 L 10 10", "",
                                             String(repeating: "x", count: 1 + rng.below(500))]) + "\""
            case 3: return "[" + (0..<rng.below(5)).map { _ in value(&rng, depth: depth + 1) }.joined(separator: ", ") + "]"
            default:
                let keys = ["target", "targets", "rect", "shape", "padding", "cornerRadius", "feather", "title", "text",
                            "placement", "advanceOn", "tab", "scrollIntoView", "svgPath", "fillRule", "color", "opacity", "x"]
                return "{" + (0..<rng.below(6)).map { _ in "\"\(rng.pick(keys))\": " + value(&rng, depth: depth + 1) }
                    .joined(separator: ",\n") + "}"
            }
        }
        let steps = (0..<rng.below(5)).map { _ in value(&rng, depth: 1) }
        var members = ["\"id\": \"g\"", "\"steps\": [" + steps.joined(separator: ",\n") + "]"]
        if rng.chance(0.3) { members.append("\"dim\": " + value(&rng, depth: 1)) }
        if rng.chance(0.2) { members.append("\"showProgress\": " + value(&rng, depth: 2)) }
        return Array(("{" + members.joined(separator: ",\n") + "}").utf8)
    }

    /// `node` written back as JSON text.
    static func serialized(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let v): return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        case .string(let s):
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        case .array(let items): return "[" + items.map(serialized).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { serialized(JSONNode(.string($0.key), line: 0)) + ": " + serialized($0.value) }
            .joined(separator: ",\n") + "}"
        }
    }

    /// Values a designer might type by mistake, or on purpose at the edges of what is allowed.
    static func edgeValue(like node: JSONNode, _ rng: inout SeededGenerator) -> JSONNode {
        switch node.value {
        case .number:
            return JSONNode(.number(rng.pick([0, -0.0, 1e-300, 0.5, 1, 10, 200, 844, 390, -390, 10_000, 99_999.999, 100_000, -100_000,
                                              1e300, Double(rng.below(3000)) - 1000])), line: node.line)
        case .string:
            return JSONNode(.string(rng.pick([
                "fab", "card.0", "card.3", "nav.title", "grid", "home.scroll", "tab.menu", "menu.alert", "menu.popup.modal", "menu", "home",
                "circle", "ellipse", "rect", "roundedRect", "above", "below", "left", "right", "auto", "tapTarget", "tapAnywhere", "nextButton",
                "M 1e5 1e5 L 1e5 2e5 L 2e5 1e5 Z", "M -1e5 -1e5 H 1e5 V 1e5 H -1e5 Z", "M 0 0 L 0.001 0 L 0 0.001 Z",
                "M 10 10 A 1e5 1e5 0 1 1 20 20 Z", "M 10 10 A 30000 30000 0 1 1 20 20 Z", "M 0 0", "",
                String(repeating: "long words ", count: 200),
                "タップしてカードを追加します。", "#FF00FF", "#000",
            ])), line: node.line)
        case .bool(let b): return JSONNode(.bool(!b), line: node.line)
        default: return node
        }
    }

    /// `node` with some of its values swapped for edge values, members dropped or steps repeated.
    static func mutatedValues(_ node: JSONNode, _ rng: inout SeededGenerator) -> JSONNode {
        switch node.value {
        case .object(let members):
            var out: [JSONMember] = []
            for m in members where !rng.chance(0.05) {
                out.append(JSONMember(key: m.key, keyLine: m.keyLine, value: mutatedValues(m.value, &rng)))
            }
            return JSONNode(.object(out), line: node.line)
        case .array(var items):
            items = items.map { mutatedValues($0, &rng) }
            if !items.isEmpty, rng.chance(0.1) { items += Array(repeating: items[rng.below(items.count)], count: 1 + rng.below(20)) }
            return JSONNode(.array(items), line: node.line)
        default:
            return rng.chance(0.15) ? edgeValue(like: node, &rng) : node
        }
    }

    /// A folder with a tiny screenshot where `screenshot.json` looks for its own.
    static let folder: String = {
        let dir = temporaryFolder("tourfuzz")
        try? FileManager.default.createDirectory(atPath: dir + "/screenshots", withIntermediateDirectories: true)
        try? Pixmap(width: 39, height: 84, fill: .white).writePNG(to: dir + "/screenshots/home-ja@2x.png")
        return dir
    }()

    /// Problems with how the loader handled `input`, or nil. Tours that load are passed to `loaded`.
    static func check(_ input: [UInt8], catalog: TargetCatalog, loaded: (LoadedTour) -> String? = { _ in nil }) -> String? {
        let tour: LoadedTour
        do {
            tour = try TourLoader.load(bytes: input, file: "fuzz.json", folder: folder, appCatalog: { catalog })
        } catch {
            let lines = input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            guard !error.diagnostics.isEmpty else { return "refused without a diagnostic" }
            for d in error.diagnostics {
                let text = d.description
                guard isOneLine(text) else { return "a diagnostic is not one line: \(FuzzRun.describe(text))" }
                guard let line = d.line else { return "a diagnostic without a line: \(text)" }
                guard (1...lines).contains(line) else { return "line \(line) is not in the file (\(lines) lines): \(text)" }
                guard text.hasPrefix("fuzz.json:\(line): ") else { return "a diagnostic that does not start with file:line: \(text)" }
            }
            return nil
        }
        guard !tour.tour.steps.isEmpty else { return "loaded a tour without steps" }
        for step in tour.tour.steps {
            for case .rect(let r) in step.targets where !r.isFinite || r.width < 0 || r.height < 0 {
                return "loaded a step with the rect \(r)"
            }
            let radius: Double = { if case .roundedRect(let r) = step.shape { return r } else { return 0 } }()
            guard step.padding.isFinite, step.feather.isFinite, radius.isFinite else { return "loaded a step with a size that is not finite" }
        }
        return loaded(tour)
    }

    static func makeInput(_ rng: inout SeededGenerator) -> [UInt8] {
        let seeds = shipped + extra
        let mutator = Mutator(dictionary: tokens)
        if rng.chance(0.2) { return generated(&rng) }
        let base = rng.chance(0.2) ? generated(&rng) : rng.pick(seeds)
        return mutator.mutate(base, others: seeds, rng: &rng)
    }

    /// Mostly well-formed tours with values at and beyond the edges: what the engine run gets.
    static func makeTourToRun(_ rng: inout SeededGenerator) -> [UInt8] {
        guard rng.chance(0.7), let root = try? JSONParser.parse(rng.pick(shipped + extra)) else { return makeInput(&rng) }
        return Array(serialized(mutatedValues(root, &rng)).utf8)
    }

    @Test func theShippedToursAreSeeds() {
        #expect(Self.shipped.count >= 3, "assets/tours holds the example tours")
        #expect(Self.extra.count >= 4, "fuzz/corpus/tour holds more")
        let catalog = DemoApp.launchCatalog()
        for seed in Self.shipped + Self.extra {
            #expect(Self.check(seed, catalog: catalog) == nil)
            #expect((try? TourLoader.load(bytes: seed, file: "fuzz.json", folder: Self.folder, appCatalog: { catalog })) != nil,
                    "\(FuzzRun.describe(seed, limit: 80)) loads")
        }
    }

    /// The libFuzzer harness's seeds and whatever it found (fuzz/corpus/tour, fuzz/regressions/tour).
    @Test func theLibFuzzerSeedsAndFindsPass() throws {
        let catalog = DemoApp.launchCatalog()
        let fuzz = repositoryFolder.appendingPathComponent("fuzz").path
        var count = 0
        for folder in ["corpus/tour", "regressions/tour"] {
            let dir = fuzz + "/" + folder
            for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where !name.hasPrefix(".") {
                let bytes = try #require(FileManager.default.contents(atPath: dir + "/" + name))
                #expect(Self.check([UInt8](bytes), catalog: catalog) == nil, "\(folder)/\(name)")
                count += 1
            }
        }
        #expect(count >= 4)
    }

    @Test func randomAndMutatedToursNeverTrap() {
        let catalog = DemoApp.launchCatalog()
        var run = FuzzRun(name: "tour", seed: FuzzSettings.seed(standard: 0x70_0001), iterations: FuzzSettings.iterations(standard: 3000))
        run.run(makeInput: Self.makeInput, check: { Self.check($0, catalog: catalog) })
        for problem in run.problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// Tours that load are shown step by step on the sample app (or their screenshot) and rendered:
    /// huge holes, holes off screen, zero-size targets and svg paths far away included.
    @Test func toursThatLoadRunAndRender() throws {
        let catalog = DemoApp.launchCatalog()
        let f = try AppFixture(size: Size(120, 260))
        let frame = try f.root.makePixmap()
        var ran = 0
        var run = FuzzRun(name: "tour-run", seed: FuzzSettings.seed(standard: 0x70_0002),
                          iterations: FuzzSettings.iterations(standard: 3000) / 10)
        // Each input here is a whole tour shown and rendered frame by frame (debug builds, other
        // suites running alongside): the limit only catches hangs, not slow frames.
        run.timeLimit = 10
        run.run(makeInput: Self.makeTourToRun, check: { input in
            Self.check(input, catalog: catalog) { loaded in
                ran += 1
                let host: any TourHost
                if let background = loaded.background {
                    guard let stage = try? ScreenshotStage(image: background, size: Size(120, 260), textEngine: FixedMetricTextEngine(),
                                                           clock: f.clock) else { return "a screenshot stage could not be made" }
                    host = stage
                } else {
                    host = f.app
                }
                let engine = TourEngine(tour: loaded.tour, host: host)
                /// Lets the morphs finish in 60 Hz steps, as a host would, and paints what changed.
                @MainActor func settle() {
                    for _ in 0..<21 {
                        f.clock.advance(by: 1.0 / 60)
                        host.root.frame(into: nil)
                    }
                    _ = host.root.frame(into: frame).drawn
                }
                engine.start(animated: true)
                for _ in 0..<min(loaded.tour.steps.count, 6) {
                    settle()
                    guard engine.isRunning else { break }
                    engine.next()
                }
                engine.skip()
                settle()
                return nil
            }
        })
        for problem in run.problems { Issue.record(Comment(rawValue: problem)) }
        #expect(ran > run.iterations / 5, "enough mutated tours load to exercise the engine (\(ran))")
    }

    // MARK: - Found by fuzzing

    @Test func lineSeparatorsInDiagnosticsAreEscaped() {
        let lines = problemLines("{\"id\": \"a\",\u{2028} \"steps\": []}") + problemLines("{\"id\": \"a\u{2029}\", \"steps\": [{\"rect\": [0, 0, 1, 1]}]}")
        #expect(lines == [
            #"t.json:1: expected a key in double quotes, found "\u{2028}""#,
            #"t.json:1: id: expected a name of letters, digits, ".", "_" and "-" (at most 100), found "a\u{2029}""#,
        ])
    }

    @Test func anUnknownEscapeBeforeALineBreakStaysOnOneLine() {
        #expect(problemLines("{\"id\": \"a\\\n\"}") == [
            #"t.json:1: id: unknown escape \ followed by "\n" (expected one of \" \\ \/ \b \f \n \r \t \uXXXX)"#,
        ])
        #expect(problemLines("{\"id\": \"a\\é\"}").first?.contains(#"unknown escape \ followed by "é""#) == true)
    }

    @Test func svgPathsBeyondTheCoordinateRangeAreRefused() {
        let tour = #"{"id": "t", "steps": [{"rect": [0, 0, 1, 1], "shape": {"svgPath": "M 0 0 L 1e308 0 L 0 1 Z"}}]}"#
        #expect(problemLines(tour) == [
            "t.json:1: steps[0].shape.svgPath: expected coordinates from -100000 to 100000 (screen points), found the point (1e+308, 0) (arcs count their control points)",
        ])
        let arc = #"{"id": "t", "steps": [{"rect": [0, 0, 1, 1], "shape": {"svgPath": "M 10 10 A 99000 99000 0 1 1 20 20 Z"}}]}"#
        #expect(problemLines(arc).first?.contains("expected coordinates from -100000 to 100000") == true, "the arc's far side")
        let edge = #"{"id": "t", "steps": [{"rect": [0, 0, 1, 1], "shape": {"svgPath": "M -100000 -100000 H 100000 V 100000 Z"}}]}"#
        #expect(problemLines(edge).isEmpty)
    }

    @Test func aBackgroundPathStaysOnOneLine() {
        let lines = problemLines(#"{"id": "t", "background": "a\u2028b.png", "steps": [{"rect": [0, 0, 1, 1]}]}"#, folder: "/no/such")
        #expect(lines == [#"t.json:1: background: no such file "a\u{2028}b.png" (looked for /no/such/a\u{2028}b.png)"#])
    }

    @Test func aBackgroundThatIsAPipeIsRefusedAtOnce() throws {
        let folder = temporaryFolder()
        #expect(mkfifo(folder + "/shot.png", 0o600) == 0)
        let lines = problemLines(#"{"id": "t", "background": "shot.png", "steps": [{"rect": [0, 0, 1, 1]}]}"#, folder: folder)
        #expect(lines == [#"t.json:1: background: "shot.png": not a regular file (a pipe; expected an image file)"#])
    }

    @Test func svgPathsWithTooManySegmentsAreRefused() {
        let d = "M 0 0" + String(repeating: " L 1 1", count: 10_000)
        let lines = problemLines(#"{"id": "t", "steps": [{"rect": [0, 0, 1, 1], "shape": {"svgPath": "\#(d)"}}]}"#)
        #expect(lines == ["t.json:1: steps[0].shape.svgPath: expected SVG path data of at most 10000 segments, found 10001"])
    }
}
