import Foundation
import Testing
import Raster
import ImageFiles

/// `limelight test` through the built binary: the shipped tours against their committed goldens, a
/// deliberate change, recording, JUnit XML, the HTML report in Chromium, workers, and the lint.
@Suite struct TestCommandTests {
    static let tours = TourCommandTests.tours
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/test-artifacts/CLITests").path
    /// The shipped home tour's cases: 5 steps settled and at 2 times, and 2 scripts, in English,
    /// Japanese and Arabic.
    static let homeCases = (5 * 3 + 2) * 3

    /// A copy of the shipped home tour and its goldens in a new folder, with `edit` applied to its JSON.
    func homeCopy(_ edit: (String) -> String = { $0 }) throws -> String {
        let dir = try CLI.temporaryFolder()
        let json = try String(contentsOfFile: Self.tours + "/home.json", encoding: .utf8)
        try edit(json).write(toFile: dir + "/home.json", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.tours + "/home.goldens", toPath: dir + "/home.goldens")
        return dir
    }

    /// The counts on the last line.
    func tally(_ output: String) throws -> (passed: Int, failed: Int, skipped: Int) {
        let last = try #require(output.split(separator: "\n").last.map(String.init))
        let numbers = last.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ") }
        var t = (passed: -1, failed: -1, skipped: 0)
        for n in numbers where n.count == 2 {
            switch n[1] { case "passed": t.passed = Int(n[0])!; case "failed": t.failed = Int(n[0])!; case "skipped": t.skipped = Int(n[0])!; default: break }
        }
        #expect(t.passed >= 0 && t.failed >= 0, "last line: \(last)")
        return t
    }

    static let editedText: @Sendable (String) -> String = {
        $0.replacingOccurrences(of: "Each card shows a picture, a title and a short description.",
                                with: "<script>alert(1)</script> Each card & its picture.")
    }

    @Test func theShippedToursPassAgainstTheirCommittedGoldens() throws {
        let report = try CLI.temporaryFolder()
        let r = try CLI.run(["test", Self.tours, "--jobs", "2", "--report", report, "--results", report + "/results"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stderr.contains("one process runs every group"), "--jobs 2 forked its worker: \(r.stderr)")
        // A green run writes no results, and its report holds no image (nothing failed).
        #expect(!FileManager.default.fileExists(atPath: report + "/results"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: report) == ["index.html"])
        #expect(!(try String(contentsOfFile: report + "/index.html", encoding: .utf8)).contains("data:image/png"))
        // Every committed golden is a case, and every case has a golden.
        var goldens = 0
        for folder in ["fab", "home", "screenshot"] {
            goldens += try FileManager.default.contentsOfDirectory(atPath: "\(Self.tours)/\(folder).goldens").filter { $0.hasSuffix(".png") }.count
        }
        let t = try tally(r.stdout)
        #expect(t.passed == goldens && t.failed == 0 && t.skipped == 0)
        #expect(r.stdout.split(separator: "\n").last == "\(goldens) passed, 0 failed")
        // With --report-all, every case's image is a file beside the page, linked from it.
        let all = try CLI.run(["test", Self.tours + "/fab.json", "--report", report + "/all", "--report-all", "--results", report + "/results"])
        let page = try String(contentsOfFile: report + "/all/index.html", encoding: .utf8)
        let passed = try tally(all.stdout).passed
        let sources = page.matches(of: /src="(images\/[^"]*)"/).map { String($0.1) }
        #expect(all.status == 0 && sources.count == passed && !page.contains("data:image/png"))
        for source in sources {
            let file = report + "/all/" + (source.removingPercentEncoding ?? source)
            #expect(GoldenPNG.storedPixelDigest(ofFile: file) != nil, "\(source) is the golden, with its digest")
        }
    }

    @Test func aDeliberateChangeFailsNamingTheCaseWithItsDiff() throws {
        let dir = try homeCopy(Self.editedText)
        let report = dir + "/report"
        let r = try CLI.run(["test", dir + "/home.json", "--only", "en-step02", "--report", report, "--jobs", "1", "--results", dir + "/results"])
        #expect(r.status == 1)
        let fail = try #require(r.stdout.split(separator: "\n").map(String.init).first { $0.hasPrefix("FAIL home/390x844@1x-en-step02:") })
        let stem = "\(dir)/results/home/390x844@1x-en-step02"
        let actual = stem + ".actual.png", diff = stem + ".diff.png"
        #expect(fail.hasSuffix("; expected \(stem).expected.png, actual \(actual), diff \(diff)"), "\(fail)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: stem + ".expected.png")) == Data(contentsOf: URL(fileURLWithPath: dir + "/home.goldens/390x844@1x-en-step02.png")))
        let counts = try #require(fail.firstMatch(of: /: (\d+) pixels differ \(largest channel delta (\d+), first at (\d+),(\d+)\)/))
        #expect(Int(counts.1)! > 100 && Int(counts.2)! > 100)
        // The diff marks the bubble's text in red and nothing far from it.
        let image = try Pixmap(contentsOfFile: diff)
        var red = 0, outside = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] == 0xFFFF_0000 {
            red += 1
            if y < 330 || y > 500 { outside += 1 }
        } }
        #expect(red == Int(counts.1)! && outside == 0)
        #expect(try Pixmap(contentsOfFile: actual).width == 390)
        let t = try tally(r.stdout)
        #expect(t.failed >= 1 && t.passed + t.failed == 3, "step02 and its two times: \(r.stdout)")
        #expect(t.skipped == Self.homeCases - 3)
    }

    @Test func jobsOneAndTwoGiveTheSameResultsAndFiles() throws {
        let dir = try homeCopy(Self.editedText)
        var outputs: [String] = []
        var trees: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let report = "\(dir)/r\(jobs)"
            let r = try CLI.run(["test", dir + "/home.json", "--jobs", jobs, "--report", report, "--junit", report + "/junit.xml", "--results", report + "/results"])
            #expect(r.status == 1)
            outputs.append(r.stdout.replacingOccurrences(of: report, with: "REPORT"))
            var files: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: report) {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: report + "/" + name, isDirectory: &isFolder)
                if !isFolder.boolValue { files[name] = try Data(contentsOf: URL(fileURLWithPath: report + "/" + name)) }
            }
            files["index.html"] = Data(String(decoding: files["index.html"] ?? Data(), as: UTF8.self).replacingOccurrences(of: report, with: "REPORT").utf8)
            files["junit.xml"] = Data(String(decoding: files["junit.xml"] ?? Data(), as: UTF8.self).replacingOccurrences(of: report, with: "REPORT").utf8)
            trees.append(files)
        }
        #expect(outputs[0] == outputs[1])
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        #expect(trees[0].keys.contains { $0.hasSuffix(".diff.png") } && trees[0].keys.contains("results/manifest.json"))
        for name in trees[0].keys where name.hasSuffix("manifest.json") { trees[0][name] = nil; trees[1][name] = nil }
        for (name, bytes) in trees[0] { #expect(trees[1][name] == bytes, "\(name) differs between --jobs 1 and --jobs 2") }
    }

    /// A worker killed mid-run: the groups it held are errors of the runner's (exit 3, the line says
    /// why), every other case is still run and counted, and the run ends (no wait on a lost pipe).
    @Test func aLostWorkerMakesItsGroupsErrorsOfTheRunner() throws {
        let dir = try homeCopy()
        let run = Process()
        run.executableURL = URL(fileURLWithPath: CLI.binary)
        run.arguments = ["test", dir + "/home.json", "--jobs", "2", "--results", dir + "/results"]
        run.environment = ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy", "DISPLAY": ""]) { $1 }
        let out = Pipe()
        run.standardOutput = out
        run.standardError = FileHandle.nullDevice
        try run.run()
        // The worker is the run's one child; it is killed as soon as it is there.
        var worker: Int32?
        for _ in 0..<2000 where worker == nil {
            let children = (try? String(contentsOfFile: "/proc/\(run.processIdentifier)/task/\(run.processIdentifier)/children", encoding: .utf8)) ?? ""
            worker = children.split(separator: " ").first.flatMap { Int32($0) }
            if worker == nil { usleep(1000) }
        }
        let killed = try #require(worker, "no worker appeared")
        kill(killed, SIGKILL)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(run.terminationStatus == 3, "\(output)")
        // Killed while it ran a group, or before it read the next one.
        #expect(output.contains("the worker exited before it finished the group") || output.contains("the worker stopped taking work"), "\(output)")
        let last = try #require(output.split(separator: "\n").last.map(String.init))
        let numbers = last.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
        #expect(numbers.reduce(0, +) == Self.homeCases, "every case counted: \(last)")
        #expect(last.contains("errors"), "\(last)")
    }

    @Test func junitXMLParsesWithTheRightCounts() throws {
        let dir = try homeCopy(Self.editedText)
        try #"{"id": "broken", "steps": [{"target": "nowhere", "text": "x"}]}"#.write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let junit = dir + "/junit.xml"
        let r = try CLI.run(["test", dir + "/home.json", dir + "/broken.json", "--only", "home/390x844@1x-en-", "--junit", junit, "--report", dir + "/rep", "--results", dir + "/r"])
        #expect(r.status == 2, "a tour file with errors is bad input: \(r.stdout)")
        let t = try tally(r.stdout)
        // Parsed by Python's XML parser (expat), strict about well-formedness, and read back as JSON.
        let parsed = try CLI.runProcess("/usr/bin/python3", ["-c", """
        import json, sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        def case(c):
            f = c.find('failure')
            if f is None: f = c.find('error')
            return {'name': c.get('name'), 'failure': None if f is None else {'message': f.get('message'), 'text': f.text, 'kind': f.tag},
                    'skipped': c.find('skipped') is not None}
        print(json.dumps({'tag': root.tag, 'attrs': root.attrib,
                          'suites': [{'attrs': s.attrib, 'cases': [case(c) for c in s.findall('testcase')]} for s in root.findall('testsuite')]}))
        """, junit])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        struct Case: Decodable { struct Failure: Decodable { var message: String?; var text: String?; var kind: String }; var name: String?; var failure: Failure?; var skipped: Bool }
        struct Suite: Decodable { var attrs: [String: String]; var cases: [Case] }
        struct Document: Decodable { var tag: String; var attrs: [String: String]; var suites: [Suite] }
        let document = try JSONDecoder().decode(Document.self, from: Data(parsed.stdout.utf8))
        #expect(document.tag == "testsuites")
        #expect(document.attrs["tests"] == "\(t.passed + t.failed + t.skipped + 1)", "the broken tour's case is an error")
        #expect(document.attrs["failures"] == "\(t.failed)" && document.attrs["skipped"] == "\(t.skipped)" && document.attrs["errors"] == "1")
        #expect(document.suites.map { $0.attrs["name"] } == ["home", "broken"])
        let cases = document.suites[0].cases
        #expect(cases.count == Self.homeCases)
        #expect(document.suites[0].attrs["tests"] == "\(Self.homeCases)")
        #expect(cases.filter { $0.failure != nil }.count == t.failed)
        #expect(cases.filter(\.skipped).count == t.skipped)
        let failure = try #require(cases.first { $0.name == "390x844@1x-en-step02" }?.failure)
        #expect(failure.message?.contains("pixels differ") == true)
        // Every path is relative to the JUnit file's folder, and resolves there.
        #expect(failure.text?.contains("diff: r/home/390x844@1x-en-step02.diff.png") == true, "\(failure.text ?? "")")
        for line in (failure.text ?? "").split(separator: "\n") where line.contains(": ") && line.hasSuffix(".png") {
            let path = String(line.split(separator: ": ", maxSplits: 1)[1])
            #expect(!path.hasPrefix("/") && FileManager.default.fileExists(atPath: dir + "/" + path), "\(line)")
        }
        let broken = try #require(document.suites[1].cases.first?.failure)
        #expect(broken.kind == "error" && document.suites[1].cases.first?.name == "load")
        #expect(broken.text?.contains("broken.json:1: steps[0].target: no view with id \"nowhere\"") == true)
    }

    /// No silent passes: an `--only` that selects nothing is a typo, exit 2 with one line naming a
    /// real case; the internal `--worker` option is not listed among the known ones.
    @Test func aPatternThatSelectsNothingFailsWithOneLine() throws {
        let dir = try homeCopy()
        let r = try CLI.run(["test", dir + "/home.json", "--only", "hmoe/*", "--results", dir + "/r"])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.errorLines == ["limelight: test: --only hmoe/* selects none of the 51 cases (case names look like home/390x844@1x-en-step01)"], "\(r.stderr)")
        let some = try CLI.run(["test", dir + "/home.json", "--only", "home/*-en-step01", "--results", dir + "/r"])
        #expect(some.status == 0 && some.stdout.hasSuffix("3 passed, 0 failed, 48 skipped\n"), "\(some.stdout)")
        let unknown = try CLI.run(["test", dir + "/home.json", "--wrk"])
        #expect(unknown.status == 2 && !unknown.stderr.contains("--worker"), "\(unknown.stderr)")
    }

    /// A tours folder holds tours: a JSON file there that is not one is passed over with a note, a
    /// broken tour still fails, and a folder with no tour at all is bad input.
    @Test func aFoldersOtherJSONFilesAreNotTours() throws {
        let dir = try homeCopy()
        try #"{"name": "my-app", "version": "1.0.0"}"#.write(toFile: dir + "/package.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir, "--results", dir + "/r"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.errorLines.contains("limelight: test: \(dir)/package.json: skipped, not a tour (no \"steps\" list at its top)"), "\(r.stderr)")
        try "{ not json".write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let broken = try CLI.run(["test", dir, "--results", dir + "/r"])
        #expect(broken.status == 2 && broken.stdout.contains("ERROR broken: the tour file \(dir)/broken.json has 1 problem; its 1 case counts as an error"), "\(broken.stdout)")
        let empty = try CLI.temporaryFolder()
        try #"{"name": "x"}"#.write(toFile: empty + "/package.json", atomically: true, encoding: .utf8)
        let none = try CLI.run(["test", empty])
        #expect(none.status == 2 && none.errorLines.last == "limelight: test: \(empty): the folder has no tour files (.json with a \"steps\" list)", "\(none.stderr)")
    }

    /// Results hold copies, never links: writing into the results or the report (CI artifacts)
    /// leaves the committed goldens as they are, and the report links to no file at all.
    @Test func theResultsAndTheReportNeverLinkToACommittedGolden() throws {
        let dir = try homeCopy(Self.editedText)
        let r = try CLI.run(["test", dir + "/home.json", "--only", "home/*-en-step02", "--report", dir + "/rep", "--results", dir + "/r"])
        #expect(r.status == 1, "\(r.stdout)")
        let copy = dir + "/r/home/390x844@1x-en-step02.expected.png"
        let golden = dir + "/home.goldens/390x844@1x-en-step02.png"
        let before = try Data(contentsOf: URL(fileURLWithPath: golden))
        let links = try FileManager.default.attributesOfItem(atPath: copy)[.referenceCount] as? Int
        #expect(links == 1, "one name for the copy: \(String(describing: links))")
        let handle = try #require(FileHandle(forWritingAtPath: copy))
        try handle.write(contentsOf: Data("not a png".utf8))
        try handle.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden)) == before, "the committed golden is untouched")
        // The report is a page and its images beside it, in a folder of its own: nothing it names
        // is outside the report's folder, and the page itself holds no image.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/rep").sorted() == ["images", "index.html"])
        let page = try String(contentsOfFile: dir + "/rep/index.html", encoding: .utf8)
        let sources = page.matches(of: /src="([^"]*)"/).map { String($0.1) }
        #expect(!sources.isEmpty && sources.allSatisfy { $0.hasPrefix("images/") && !$0.contains("..") }, "\(sources.prefix(3))")
        for source in sources { #expect(FileManager.default.fileExists(atPath: dir + "/rep/" + (source.removingPercentEncoding ?? source)), "\(source)") }
        #expect(!page.contains("data:image/png"))
    }

    @Test func theReportWorksInAHeadlessChromium() throws {
        guard Chromium.path != nil else {
            withKnownIssue("chromium is not installed (apt-get install chromium): the report was not opened in a browser") { throw CancellationError() }
            return
        }
        // A tour file whose name is markup: it shows as text in the page.
        let dir = try homeCopy(Self.editedText)
        let hostile = "home<img src=x onerror=alert(1)>"
        try FileManager.default.moveItem(atPath: dir + "/home.json", toPath: "\(dir)/\(hostile).json")
        try FileManager.default.moveItem(atPath: dir + "/home.goldens", toPath: "\(dir)/\(hostile).goldens")
        let report = dir + "/report"
        let r = try CLI.run(["test", "\(dir)/\(hostile).json", "--report", report, "--results", dir + "/results"])
        #expect(r.status == 1 && r.stdout.contains("wrote \(report)/index.html"), "\(r.stdout)")
        let page = "file://" + report + "/index.html"
        func browse(_ extra: [String]) throws -> (Int32, String) { try Chromium.browse(page, profile: dir + "/profile", extra) }
        // The DOM after the page's script ran: the tour's markup is text, the report's own script the only one.
        let (status, dom) = try browse(["--dump-dom"])
        #expect(status == 0)
        #expect(dom.contains("home&lt;img src=x onerror=alert(1)&gt;.json") && dom.contains("home/390x844@1x-en-step02"), "cases are named by the tour's id")
        #expect(!dom.contains("<img src=\"x\"") && dom.components(separatedBy: "<script").count == 2)
        #expect(dom.contains("class=\"case failed\"") && dom.contains("golden against actual"))
        try FileManager.default.createDirectory(atPath: Self.artifacts, withIntermediateDirectories: true)
        let shot = Self.artifacts + "/test-report.png"
        try? FileManager.default.removeItem(atPath: shot)
        _ = try browse(["--window-size=1400,1000", "--screenshot=\(shot)"])
        let image = try Pixmap(contentsOfFile: shot)
        #expect(image.width == 1400 && image.height == 1000)
        // The failure's red edge and the golden's dim are on screen: the images loaded from file://.
        var edge = 0, dim = 0
        for y in stride(from: 0, to: image.height, by: 2) { for x in stride(from: 0, to: image.width, by: 2) {
            let c = image.color(x: x, y: y)
            if c.red > 180 && c.green < 70 && c.blue < 70 { edge += 1 }
            if c.red < 110 && c.red > 80 && c.green < 110 && c.blue < 110 && abs(Int(c.red) - Int(c.blue)) < 12 { dim += 1 }
        } }
        #expect(edge > 200 && dim > 20_000, "see \(shot)")
    }

    @Test func aMissingGoldenSaysHowToRecordItAndUpdateDoes() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "t", "test": {"languages": ["en", "ja"]}, "steps": [{"target": "fab", "text": {"en": "Add one.", "ja": "追加"}}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let first = try CLI.run(["test", dir + "/t.json", "--report", dir + "/rep", "--results", dir + "/r"])
        #expect(first.status == 1)
        #expect(first.stdout.contains("FAIL t/390x844@1x-en-step01: no golden \(dir)/t.goldens/390x844@1x-en-step01.png yet (record it with `limelight test --update \(dir)/t.json`); actual \(dir)/r/t/390x844@1x-en-step01.actual.png"), "\(first.stdout)")
        let update = try CLI.run(["test", dir + "/t.json", "--update", "--report", dir + "/rep", "--results", dir + "/r"])
        #expect(update.status == 0, "\(update.stdout)")
        #expect(update.stdout == """
        wrote \(dir)/t.goldens/390x844@1x-en-step01.png
        wrote \(dir)/t.goldens/390x844@1x-ja-step01.png
        recorded 2 goldens
        wrote \(dir)/rep/index.html
        2 passed, 0 failed

        """)
        #expect(GoldenPNG.storedPixelDigest(ofFile: "\(dir)/t.goldens/390x844@1x-en-step01.png") != nil, "goldens carry their digest")
        let again = try CLI.run(["test", dir + "/t.json", "--update", "--results", dir + "/r"], environment: [:])
        #expect(again.stdout.hasPrefix("recorded 0 goldens\n"), "nothing changed, nothing written: \(again.stdout)")
    }

    @Test func updateNeverRecordsForATourWithErrorsOrLintErrors() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "broken", "steps": [{"target": "fab", "txt": "typo"}]}"#.write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        try #"{"id": "small", "steps": [{"rect": [100, 300, 20, 20], "padding": 0, "text": "Tap the dot.", "advanceOn": "tapTarget"}]}"#
            .write(toFile: dir + "/small.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir, "--update", "--report", dir + "/rep", "--results", dir + "/r"])
        #expect(r.status == 2, "a tour file with errors is bad input")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ERROR broken: the tour file \(dir)/broken.json has 1 problem; its 1 case counts as an error"), "\(r.stdout)")
        #expect(lines.contains("  \(dir)/broken.json:1: steps[0].txt: unknown key (did you mean \"text\"?)"), "\(r.stdout)")
        // The lint errors that block the recording, once each with its line, then the case.
        let lint = "\(dir)/small.json:1: steps[0]: the hole of rect [100, 300, 20, 20] is 20×20 pt, smaller than the 44×44 pt a finger needs to tap (advanceOn \"tapTarget\") (at 390x844@1x, en)"
        let block = try #require(lines.firstIndex(of: "not recorded: small has 1 lint error, so none of its goldens is written:"), "\(r.stdout)")
        #expect(lines[block + 1] == "  " + lint)
        #expect(lines.contains("FAIL small/390x844@1x-en-step01: \(lint); not recorded: the tour has lint errors (listed above); actual \(dir)/r/small/390x844@1x-en-step01.actual.png"), "\(r.stdout)")
        #expect(lines.suffix(4) == ["recorded 0 goldens", "results in \(dir)/r (`limelight accept [PATTERN…] --results \(dir)/r` takes their actuals as goldens)",
                                    "wrote \(dir)/rep/index.html", "0 passed, 1 failed, 1 error"], "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/broken.goldens"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/small.goldens"))
    }

    @Test(arguments: [
        (["test"], "limelight: test: expected tour files or folders (see limelight test --help)"),
        (["test", "nowhere.json"], "limelight: test: nowhere.json: no such file or folder"),
        (["test", "x.json", "--jobs", "0"], "limelight: test: --jobs expects a whole number from 1 to 256 (got \"0\")"),
        (["test", "x.json", "--frobnicate"], "limelight: test: unknown option --frobnicate (known: --accept, --blob, --help, --jobs, --junit, --only, --prune, --report, --report-all, --results, --shard, --strict, --update)"),
    ])
    func badUsageExitsTwoWithOneLine(args: [String], message: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 2)
        #expect(r.errorLines == [message])
    }

    @Test func timedAndSettledCasesAreWhatRenderDraws() throws {
        let dir = try CLI.temporaryFolder()
        for (step, time, golden) in [("2", "90", "390x844@1x-en-step02-t90"), ("3", nil, "390x844@1x-en-step03"), ("5", "210", "390x844@1x-ja-step05-t210")] {
            var args = ["render", "--tour", Self.tours + "/home.json", "--step", step, "--out", dir + "/f.png"]
            if let time { args += ["--time", time] }
            if golden.contains("-ja-") { args += ["--lang", "ja"] }
            #expect(try CLI.run(args).status == 0)
            let rendered = try Pixmap(contentsOfFile: dir + "/f.png")
            let expected = try Pixmap(contentsOfFile: "\(Self.tours)/home.goldens/\(golden).png")
            #expect(PixmapDifference(between: rendered, and: expected).isEmpty, "\(golden) differs from render --step \(step) --time \(time ?? "-")")
        }
    }
}

/// What `make install` lays out (the binary in PREFIX/bin, the assets in PREFIX/share/limelight)
/// runs from any folder: the installed binary finds its card images and the shipped tours.
@Suite struct InstalledLayoutTests {
    @Test func anInstalledBinaryFindsItsAssetsFromAnyFolder() throws {
        let prefix = try CLI.temporaryFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: prefix + "/share/limelight", withIntermediateDirectories: true)
        try fm.copyItem(atPath: CLI.binary, toPath: prefix + "/bin/limelight")
        let assets = URL(fileURLWithPath: TestCommandTests.tours).deletingLastPathComponent().path
        try fm.copyItem(atPath: assets + "/images", toPath: prefix + "/share/limelight/images")
        try fm.copyItem(atPath: assets + "/tours", toPath: prefix + "/share/limelight/tours")
        let elsewhere = try CLI.temporaryFolder()
        let temporary = try CLI.temporaryFolder()
        let r = try CLI.runProcess(prefix + "/bin/limelight", ["test", prefix + "/share/limelight/tours/home.json", "--only", "en-step0", "--jobs", "2"],
                                   environment: ["SDL_VIDEODRIVER": "dummy", "LIMELIGHT_ASSETS": "", "TMPDIR": temporary], directory: elsewhere)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.isEmpty, "no warning about missing card images: \(r.stderr)")
        #expect(r.stdout.hasSuffix(" passed, 0 failed, \(TestCommandTests.homeCases - 15) skipped\n"), "\(r.stdout)")
        // A green run writes nothing: not in the current folder, not in the temporary one.
        #expect(try fm.contentsOfDirectory(atPath: elsewhere).isEmpty && fm.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    @Test func makeInstallAndUninstallUseThePrefix() throws {
        let root = URL(fileURLWithPath: TestCommandTests.tours).deletingLastPathComponent().deletingLastPathComponent().path
        let plan = try CLI.runProcess("/usr/bin/make", ["-n", "-C", root, "install", "uninstall", "PREFIX=/opt/x", "DESTDIR=/stage"]).stdout
        #expect(plan.contains("/stage/opt/x/bin/limelight"))
        #expect(plan.contains("cp -R assets/images assets/tours assets/strings /stage/opt/x/share/limelight/"))
        #expect(plan.contains("rm -rf /stage/opt/x/share/limelight"))
    }
}
