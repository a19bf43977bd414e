import Foundation
import Testing
import Raster
import ImageFiles

/// What a CI team does with `limelight test` beyond one run: accepting reviewed changes without
/// rendering again, recording by mode, orphan goldens, exit codes that tell a broken runner from a
/// regression, shards merged into one report, and the report's accept choices in a browser.
@Suite struct TestWorkflowTests {
    /// A copy of the shipped home tour and its goldens, with its second step's English text changed
    /// (in English, three cases fail: step02 settled and at 210 ms, and step03 at 90 ms, as it
    /// morphs from step02's bubble).
    func changedHome() throws -> String {
        let dir = try CLI.temporaryFolder()
        let json = try String(contentsOfFile: TestCommandTests.tours + "/home.json", encoding: .utf8)
        try TestCommandTests.editedText(json).write(toFile: dir + "/home.json", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/home.goldens", toPath: dir + "/home.goldens")
        return dir
    }

    /// The names of the cases a run's output says failed.
    func failures(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("FAIL "), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 5)..<colon])
        }
    }

    @Test func acceptTakesTheLastRunsActualsWithoutRenderingAgain() throws {
        let dir = try changedHome()
        let results = dir + "/results"
        let run = try CLI.run(["test", dir + "/home.json", "--only", "home/*-en-", "--results", results])
        #expect(run.status == 1)
        let failed = failures(run.stdout)
        #expect(failed == ["home/390x844@1x-en-step02", "home/390x844@1x-en-step02-t210", "home/390x844@1x-en-step03-t90"], "\(run.stdout)")
        // Accepted in the checkout that holds the tour (here its folder), which it finds by its path
        // there. A tour file changed since the run is refused, naming it, unless --force.
        let json = try String(contentsOfFile: dir + "/home.json", encoding: .utf8)
        try (json + "\n").write(toFile: dir + "/home.json", atomically: true, encoding: .utf8)
        let stale = try CLI.run(["accept", failed[0], "--results", results], directory: dir)
        #expect(stale.status == 1 && stale.stdout.hasPrefix("not accepted: \(failed[0]): the tour file home.json changed since the run"), "\(stale.stdout)")
        try json.write(toFile: dir + "/home.json", atomically: true, encoding: .utf8)
        let accept = try CLI.run(["accept", failed[0], failed[1], "--results", results], directory: dir)
        #expect(accept.status == 0, "\(accept.stdout)\(accept.stderr)")
        #expect(accept.stdout == "wrote home.goldens/390x844@1x-en-step02.png\nwrote home.goldens/390x844@1x-en-step02-t210.png\naccepted 2 cases\n")
        for name in ["390x844@1x-en-step02", "390x844@1x-en-step02-t210"] {
            let golden = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/home.goldens/\(name).png"))
            #expect(golden == (try Data(contentsOf: URL(fileURLWithPath: "\(results)/home/\(name).actual.png"))), "byte for byte the actual")
            #expect(GoldenPNG.storedPixelDigest(ofFile: "\(dir)/home.goldens/\(name).png") != nil, "an accepted golden carries its digest")
        }
        // Accepted once: a second time says so.
        let twice = try CLI.run(["test", "--accept", failed[0], "--results", results], directory: dir)
        #expect(twice.status == 1 && twice.stdout.contains("not accepted: \(failed[0]): it passed in the last run"), "\(twice.stdout)")
        let again = try CLI.run(["test", dir + "/home.json", "--only", "home/*-en-", "--results", results])
        #expect(again.status == 1 && failures(again.stdout) == [failed[2]], "only the third still fails: \(again.stdout)")
        // No run to accept, or a pattern that selects nothing: one line, exit 2.
        let nothing = try CLI.run(["accept", "--results", dir + "/none"])
        #expect(nothing.status == 2 && nothing.errorLines == ["limelight: accept: \(dir)/none: no results of a run to accept (no manifest.json; a run that passes leaves none)"])
        let typo = try CLI.run(["accept", "hmoe/*", "--results", results])
        #expect(typo.status == 2 && typo.errorLines == ["limelight: accept: hmoe/* selects none of the last run's 51 cases"], "\(typo.stderr)")
        // The third accepted, the next run is green: it leaves no record of itself, not even in the
        // folder the earlier runs made, so nothing is left to accept.
        try (json + "\n").write(toFile: dir + "/home.json", atomically: true, encoding: .utf8)
        let third = try CLI.run(["accept", failed[2], "--results", results, "--force"], directory: dir)
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        let green = try CLI.run(["test", dir + "/home.json", "--only", "home/*-en-", "--results", results])
        #expect(green.status == 0 && !FileManager.default.fileExists(atPath: results + "/manifest.json"), "\(green.stdout)")
        let after = try CLI.run(["accept", "--results", results])
        #expect(after.status == 2 && after.errorLines == ["limelight: accept: \(results): no results of a run to accept (no manifest.json; a run that passes leaves none)"], "\(after.stderr)")
    }

    @Test func anAcceptFileThatIsNoListIsRefusedWithOneLine() throws {
        let dir = try CLI.temporaryFolder()
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: URL(fileURLWithPath: dir + "/binary.txt"))
        let binary = try CLI.run(["accept", "--from", dir + "/binary.txt", "--results", dir])
        #expect(binary.status == 2 && binary.errorLines == ["limelight: accept: --from \(dir)/binary.txt: not UTF-8 text (expected case names, one a line)"])
        try Data(count: 17 << 20).write(to: URL(fileURLWithPath: dir + "/big.txt"))
        let big = try CLI.run(["accept", "--from", dir + "/big.txt", "--results", dir])
        #expect(big.status == 2 && big.errorLines.first?.contains("larger than 16 MiB") == true, "\(big.stderr)")
    }

    @Test func updateRecordsByMode() throws {
        let dir = try CLI.temporaryFolder()
        func write(_ text: String) throws {
            try #"{"id": "t", "steps": [{"target": "fab", "text": "\#(text)"}, {"target": "nav.title", "text": "Two."}]}"#
                .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        }
        try write("One.")
        let args = ["test", dir + "/t.json", "--results", dir + "/r"]
        #expect(try CLI.run(args + ["--update"]).status == 0)
        try write("One, changed.")
        try FileManager.default.removeItem(atPath: dir + "/t.goldens/390x844@1x-en-step02.png")
        let missing = try CLI.run(args + ["--update", "missing"])
        #expect(missing.stdout.contains("wrote \(dir)/t.goldens/390x844@1x-en-step02.png\nrecorded 1 golden\n"), "\(missing.stdout)")
        #expect(missing.status == 1 && failures(missing.stdout) == ["t/390x844@1x-en-step01"], "missing leaves a changed golden failing")
        let changed = try CLI.run(args + ["--update=changed"])
        #expect(changed.status == 0 && changed.stdout.hasPrefix("wrote \(dir)/t.goldens/390x844@1x-en-step01.png\nrecorded 1 golden\n"), "\(changed.stdout)")
        let all = try CLI.run(args + ["--update", "all"])
        #expect(all.status == 0 && all.stdout.contains("recorded 2 goldens"), "all rewrites matching goldens too: \(all.stdout)")
        let bad = try CLI.run(args + ["--update=some"])
        #expect(bad.status == 2 && bad.errorLines == ["limelight: test: --update some: expected one of missing, changed, all"])
    }

    /// A renamed tour file leaves its goldens folder under the old name: one line says so. A
    /// folder another tour file there names as its `test.goldens` is that tour's, not an orphan.
    @Test func aRenamedToursOldGoldensFolderIsSaidToBeOrphaned() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.json", toPath: dir + "/tip.json")
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.goldens", toPath: dir + "/fab.goldens")
        try FileManager.default.createDirectory(atPath: dir + "/shared.goldens", withIntermediateDirectories: true)
        try #"{"id": "other", "test": {"goldens": "shared.goldens"}, "steps": [{"target": "fab", "text": "x"}]}"#
            .write(toFile: dir + "/other.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir + "/tip.json", "--update", "--results", dir + "/r"])
        #expect(r.status == 0, "\(r.stdout)")
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("orphan goldens folder") }
        #expect(lines == ["orphan goldens folder \(dir)/fab.goldens: no tour file fab.json beside it (renamed? move its goldens to the tour's own goldens folder, or remove it)"], "\(r.stdout)")
        // Once the old folder is gone, nothing is said.
        try FileManager.default.removeItem(atPath: dir + "/fab.goldens")
        let quiet = try CLI.run(["test", dir + "/tip.json", "--results", dir + "/r"])
        #expect(quiet.status == 0 && !quiet.stdout.contains("orphan"), "\(quiet.stdout)")
    }

    @Test func orphanGoldensAreListedOnEveryRunAndPrunedOnRequest() throws {
        let dir = try changedHome()
        let orphan = dir + "/home.goldens/390x844@1x-de-step01.png"
        let old = dir + "/home.goldens/390x844@1x-en-step06.png"
        for path in [orphan, old] { try FileManager.default.copyItem(atPath: dir + "/home.goldens/390x844@1x-en-step01.png", toPath: path) }
        let r = try CLI.run(["test", dir + "/home.json", "--only", "en-step01", "--results", dir + "/r"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("orphan golden \(orphan): no case names it (--prune removes it)\norphan golden \(old): no case names it (--prune removes it)\n"), "\(r.stdout)")
        let prune = try CLI.run(["test", dir + "/home.json", "--only", "en-step01", "--prune", "--results", dir + "/r"])
        #expect(prune.stdout.contains("removed \(orphan) (no case names it)\nremoved \(old) (no case names it)\n"), "\(prune.stdout)")
        #expect(!FileManager.default.fileExists(atPath: orphan) && !FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: dir + "/home.goldens/390x844@1x-en-step01.png"))
        let quiet = try CLI.run(["test", dir + "/home.json", "--only", "en-step01", "--results", dir + "/r"])
        #expect(!quiet.stdout.contains("orphan"))
    }

    /// `--update` records no frame of a script whose `expect` failed (nor of one that stopped):
    /// its golden would hold the wrong moment. The case fails, saying why, and its frame is kept.
    @Test func updateRecordsNoFrameOfAScriptWhoseExpectFailed() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "s", "test": {"scripts": [{"name": "go", "lines": ["tap fab", "wait 400"], "expect": "step=1"}]}, "steps": [{"target": "fab", "text": "Add one.", "advanceOn": "tapTarget"}, {"target": "nav.title", "text": "Done."}]}"#
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let golden = dir + "/s.goldens/390x844@1x-en-script-go.png"
        for mode in ["missing", "changed", "all"] {
            let r = try CLI.run(["test", dir + "/s.json", "--update", mode, "--results", dir + "/r"])
            #expect(r.status == 1, "\(mode): \(r.stdout)")
            #expect(r.stdout.contains("FAIL s/390x844@1x-en-script-go: script \"go\": \(dir)/s.json:1: expect step: expected 1, found 2 at the end; not recorded: its script did not end as it should"), "\(mode): \(r.stdout)")
            #expect(!r.stdout.contains("wrote \(golden)"), "\(mode): \(r.stdout)")
            #expect(!FileManager.default.fileExists(atPath: golden), "\(mode): no golden of the failed script")
            #expect(FileManager.default.fileExists(atPath: dir + "/r/s/390x844@1x-en-script-go.actual.png"), "\(mode): its frame is kept to look at")
            // The steps' own cases are recorded as ever.
            #expect(FileManager.default.fileExists(atPath: dir + "/s.goldens/390x844@1x-en-step01.png"), "\(mode)")
        }
    }

    @Test func aScriptThatStopsEarlyLeavesTheFrameOfThatMoment() throws {
        let dir = try CLI.temporaryFolder()
        func write(_ lines: String) throws {
            try #"{"id": "s", "test": {"scripts": [{"name": "go", "lines": [\#(lines)]}]}, "steps": [{"target": "fab", "text": "Add one.", "advanceOn": "tapTarget"}, {"target": "nav.title", "text": "Done."}]}"#
                .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        }
        try write(#""tap fab", "wait 400""#)
        #expect(try CLI.run(["test", dir + "/s.json", "--update", "--results", dir + "/r"]).status == 0)
        // Now the script stops at its first line, before the tap: the frame there matches nothing
        // the golden shows, and it is kept.
        try write(#""tap nowhere", "tap fab", "wait 400""#)
        let r = try CLI.run(["test", dir + "/s.json", "--only", "script-go", "--results", dir + "/r"])
        #expect(r.status == 1 && r.stdout.contains("FAIL s/390x844@1x-en-script-go: script \"go\": \(dir)/s.json:1: "), "\(r.stdout)")
        let actual = dir + "/r/s/390x844@1x-en-script-go.actual.png"
        #expect(r.stdout.contains("actual \(actual)") && FileManager.default.fileExists(atPath: actual), "\(r.stdout)")
    }

    @Test func exitCodesTellARunnerThatCannotWorkFromFailures() throws {
        let dir = try changedHome()
        try "a file".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        // A results folder that cannot be made is refused before any work, green run or not.
        for only in ["en-step01", "en-step02"] {
            let r = try CLI.run(["test", dir + "/home.json", "--only", only, "--results", dir + "/file/r"])
            #expect(r.status == 3 && r.stdout.isEmpty, "\(r.stdout)")
            #expect(r.errorLines == ["limelight: test: --results \(dir)/file/r: \(dir)/file is a file, not a folder"], "\(r.stderr)")
        }
        let report = try CLI.run(["test", dir + "/home.json", "--only", "en-step01", "--results", dir + "/r", "--report", dir + "/file/rep"])
        #expect(report.status == 3 && report.stdout.isEmpty, "\(report.stdout)")
        #expect(report.errorLines == ["limelight: test: --report \(dir)/file/rep: \(dir)/file is a file, not a folder"], "\(report.stderr)")
        // A failure whose images cannot be written once the run is under way: the runner could not do its work.
        try FileManager.default.createDirectory(atPath: dir + "/r2", withIntermediateDirectories: true)
        try "in the way".write(toFile: dir + "/r2/home", atomically: true, encoding: .utf8)
        let broken = try CLI.run(["test", dir + "/home.json", "--only", "en-step02", "--results", dir + "/r2"])
        #expect(broken.status == 3, "\(broken.stdout)")
        #expect(broken.stdout.contains("ERROR home/390x844@1x-en-step02: ") && broken.stdout.contains("cannot write \(dir)/r2/home/390x844@1x-en-step02"), "\(broken.stdout)")
        // The default results folder is in $TMPDIR, made only when a case fails.
        let temporary = try CLI.temporaryFolder()
        let failing = try CLI.run(["test", dir + "/home.json", "--only", "en-step02"], environment: ["TMPDIR": temporary])
        #expect(failing.status == 1)
        let made = try FileManager.default.subpathsOfDirectory(atPath: temporary)
        #expect(made.contains { $0.hasSuffix("/home/390x844@1x-en-step02.actual.png") } && made.contains { $0.hasSuffix("/manifest.json") }, "\(made)")
    }

    /// Blobs of one plan from different runs merge, with one line naming those from another run:
    /// another run identity (LIMELIGHT_RUN_ID, a CI's run), or a tour file changed between them.
    /// Version-2 blobs written before the identity was kept are read as ever.
    @Test func blobsFromDifferentRunsAreNamedWhenMerged() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.json", toPath: dir + "/fab.json")
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.goldens", toPath: dir + "/fab.goldens")
        func shard(_ k: Int, run: String, blob: String) throws {
            let r = try CLI.run(["test", dir + "/fab.json", "--shard", "\(k)/2", "--jobs", "1", "--results", dir + "/s\(k)", "--blob", blob],
                                environment: ["LIMELIGHT_RUN_ID": run])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        }
        func merge(_ blobs: [String]) throws -> CLIResult {
            try CLI.run(["merge-reports"] + blobs + ["--results", dir + "/merged"])
        }
        try shard(1, run: "101", blob: dir + "/1.json")
        try shard(2, run: "101", blob: dir + "/2.json")
        try shard(2, run: "102", blob: dir + "/2-other.json")
        let same = try merge([dir + "/1.json", dir + "/2.json"])
        #expect(same.status == 0 && same.stderr.isEmpty, "\(same.stderr)")
        let blob = try String(contentsOfFile: dir + "/1.json", encoding: .utf8)
        #expect(blob.contains("\"runIdentity\":\"LIMELIGHT_RUN_ID=101\""), "the blob keeps its run")
        let mixed = try merge([dir + "/1.json", dir + "/2-other.json"])
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.errorLines == ["limelight: merge-reports: \(dir)/2-other.json (LIMELIGHT_RUN_ID=102) comes from another run than \(dir)/1.json (LIMELIGHT_RUN_ID=101): the merged report mixes their results"], "\(mixed.stderr)")
        // A blob written before runs were kept (version 2, no identity) is read, and compared by its tours.
        var old = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/2-other.json"))) as? [String: Any])
        old.removeValue(forKey: "runIdentity")
        try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: dir + "/2-old.json"))
        let older = try merge([dir + "/1.json", dir + "/2-old.json"])
        #expect(older.status == 0 && older.stderr.isEmpty, "\(older.stderr)")
        // The same run identity, but the tour file changed between the shards.
        let json = try String(contentsOfFile: dir + "/fab.json", encoding: .utf8)
        try (json + "\n").write(toFile: dir + "/fab.json", atomically: true, encoding: .utf8)
        try shard(2, run: "101", blob: dir + "/2-changed.json")
        let changed = try merge([dir + "/1.json", dir + "/2-changed.json"])
        #expect(changed.errorLines == ["limelight: merge-reports: \(dir)/2-changed.json (a tour file changed: \(dir)/fab.json) comes from another run than \(dir)/1.json (LIMELIGHT_RUN_ID=101): the merged report mixes their results"], "\(changed.stderr)")
    }

    @Test func fourShardsMergeIntoWhatOneRunWrites() throws {
        let dir = try changedHome()
        let tours = [dir + "/home.json", TestCommandTests.tours + "/fab.json"]
        let whole = try CLI.run(["test"] + tours + ["--results", dir + "/res", "--junit", dir + "/u/junit.xml", "--report", dir + "/u"])
        #expect(whole.status == 1)
        let junit = try Data(contentsOf: URL(fileURLWithPath: dir + "/u/junit.xml"))
        let html = try Data(contentsOf: URL(fileURLWithPath: dir + "/u/index.html"))
        let total = try #require(whole.stdout.split(separator: "\n").last.map(String.init))
        try FileManager.default.removeItem(atPath: dir + "/res")
        var counted = 0
        var shardCases: [Set<String>] = []
        for k in 1...4 {
            let r = try CLI.run(["test"] + tours + ["--shard", "\(k)/4", "--results", dir + "/s\(k)", "--blob", dir + "/blobs/\(k).json", "--jobs", "1"])
            #expect(r.status <= 1 && r.stdout.contains("wrote \(dir)/blobs/\(k).json"), "\(r.stdout)")
            let blob = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/blobs/\(k).json"))) as? [String: Any]
            let groups = try #require(blob?["groups"] as? [[String: Any]])
            let names = groups.flatMap { ($0["results"] as? [[String: Any]] ?? []).map { ($0["testCase"] as? [String: Any]).map { "\($0["tour"] ?? "")/\($0["language"] ?? "")/\($0["moment"] ?? "")/\($0["width"] ?? "")" } ?? "" } }
            shardCases.append(Set(names))
            counted += names.count
        }
        #expect(shardCases.allSatisfy { !$0.isEmpty }, "every shard has work")
        for a in 0..<4 { for b in (a + 1)..<4 { #expect(shardCases[a].isDisjoint(with: shardCases[b])) } }
        // The same plan deals the same way.
        let again = try CLI.run(["test"] + tours + ["--shard", "2/4", "--results", dir + "/s2b", "--blob", dir + "/again.json", "--jobs", "2"])
        #expect(again.status <= 1)
        let first = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/blobs/2.json"))) as? [String: Any]
        let second = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/again.json"))) as? [String: Any]
        #expect((first?["groups"] as? [[String: Any]])?.map { $0["group"] as? Int } == (second?["groups"] as? [[String: Any]])?.map { $0["group"] as? Int })
        let merged = try CLI.run(["merge-reports", dir + "/blobs/3.json", dir + "/blobs/1.json", dir + "/blobs/4.json", dir + "/blobs/2.json",
                                  "--results", dir + "/res", "--junit", dir + "/m/junit.xml", "--report", dir + "/m"])
        #expect(merged.status == 1 && merged.stdout.split(separator: "\n").last.map(String.init) == total, "\(merged.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/m/junit.xml")) == junit, "JUnit byte for byte")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/m/index.html")) == html, "the report byte for byte")
        #expect(whole.stdout.replacingOccurrences(of: "wrote \(dir)/u/", with: "wrote \(dir)/m/") == merged.stdout, "the same log")
        // The merged results can be accepted from, as one run's.
        let accept = try CLI.run(["accept", "home/390x844@1x-en-step02", "--results", dir + "/res"], directory: dir)
        #expect(accept.status == 0, "\(accept.stdout)")
        // Shards missing, given twice, or of another plan are refused with one line.
        let missing = try CLI.run(["merge-reports", dir + "/blobs/1.json", dir + "/blobs/2.json", dir + "/blobs/4.json", "--results", dir + "/x"])
        #expect(missing.status == 2 && missing.errorLines == ["limelight: merge-reports: shard 3 of 4 is missing"])
        let twice = try CLI.run(["merge-reports", dir + "/blobs/1.json", dir + "/again.json", dir + "/blobs/2.json", dir + "/blobs/3.json", dir + "/blobs/4.json", "--results", dir + "/x"])
        #expect(twice.status == 2 && twice.errorLines == ["limelight: merge-reports: shard 2 of 4 is given twice"])
        let other = try CLI.run(["test", tours[1], "--shard", "1/4", "--results", dir + "/o", "--blob", dir + "/other.json"])
        #expect(other.status == 0)
        let mixed = try CLI.run(["merge-reports", dir + "/blobs/1.json", dir + "/other.json", "--results", dir + "/x"])
        #expect(mixed.status == 2 && mixed.errorLines.first?.contains("of another plan") == true, "\(mixed.stderr)")
        #expect(counted == Int(total.split(separator: " ")[0])! + Int(total.split(separator: " ")[2])!, "every case in exactly one shard")
    }

    @Test func theReportsChoicesGiveTheExactAcceptCommand() throws {
        guard Chromium.path != nil else {
            withKnownIssue("chromium is not installed (apt-get install chromium)") { throw CancellationError() }
            return
        }
        let dir = try changedHome()
        let results = dir + "/res ults"
        let r = try CLI.run(["test", dir + "/home.json", "--only", "home/*-en-", "--results", results, "--report", dir + "/rep"])
        #expect(r.status == 1)
        // A reviewer accepts two failures and rejects the third: the page is driven as a browser
        // does, by changing its choices, and the command it then shows is read from its DOM.
        var page = try String(contentsOfFile: dir + "/rep/index.html", encoding: .utf8)
        page = page.replacingOccurrences(of: "</body>", with: """
        <script>
        var picks={'home/390x844@1x-en-step02':'accept','home/390x844@1x-en-step02-t210':'accept','home/390x844@1x-en-step03-t90':'reject'};
        document.querySelectorAll('select.decision').forEach(function(d){
          if(picks[d.dataset.case]){d.value=picks[d.dataset.case];d.dispatchEvent(new Event('change'));}
        });
        </script></body>
        """)
        try page.write(toFile: dir + "/rep/driven.html", atomically: true, encoding: .utf8)
        let (status, dom) = try Chromium.browse("file://" + dir + "/rep/driven.html", profile: dir + "/profile", ["--dump-dom"])
        #expect(status == 0)
        let command = try #require(dom.firstMatch(of: /<code id="accept-command">([^<]*)<\/code>/).map { String($0.1) })
        let expected = "limelight accept --results '\(results)' home/390x844@1x-en-step02 home/390x844@1x-en-step02-t210"
        #expect(command == expected, "\(command)")
        #expect(dom.contains("Rejected, to fix: home/390x844@1x-en-step03-t90"), "\(dom.suffix(3000))")
        // Reloaded in the same browser (the page opened again, undriven), the choices and a filter
        // the reviewer set are as they were left: kept in local storage under the run's key.
        page = page.replacingOccurrences(of: "</script></body>", with: "document.querySelector('select[data-filter=language]').value='en';document.querySelector('select[data-filter=language]').dispatchEvent(new Event('change'));</script></body>")
        try page.write(toFile: dir + "/rep/driven.html", atomically: true, encoding: .utf8)
        _ = try Chromium.browse("file://" + dir + "/rep/driven.html", profile: dir + "/profile", ["--dump-dom"])
        let (_, reloaded) = try Chromium.browse("file://" + dir + "/rep/index.html", profile: dir + "/profile", ["--dump-dom"])
        #expect(reloaded.firstMatch(of: /<code id="accept-command">([^<]*)<\/code>/).map { String($0.1) } == expected, "\(reloaded.suffix(3000))")
        #expect(reloaded.contains("Rejected, to fix: home/390x844@1x-en-step03-t90"))
        #expect(reloaded.contains(#"<option value="en" selected="">en</option>"#), "the language filter kept")
        // Another profile (another reviewer's browser) starts afresh.
        let (_, fresh) = try Chromium.browse("file://" + dir + "/rep/index.html", profile: dir + "/profile2", ["--dump-dom"])
        #expect(fresh.contains("<code id=\"accept-command\">(nothing accepted yet)</code>"))
        // The command runs as given.
        let shell = try CLI.runProcess("/bin/sh", ["-c", command.replacingOccurrences(of: "limelight ", with: "'\(CLI.binary)' ", options: .anchored)],
                                       environment: ["SDL_VIDEODRIVER": "dummy"], directory: dir)
        #expect(shell.status == 0 && shell.stdout.hasSuffix("accepted 2 cases\n"), "\(shell.stdout)\(shell.stderr)")
        let after = try CLI.run(["test", dir + "/home.json", "--only", "home/*-en-", "--results", results])
        #expect(failures(after.stdout) == ["home/390x844@1x-en-step03-t90"])
    }
}
