import Foundation
import Testing
import Raster
import ImageFiles

/// What a pull request (or another user of the machine) can put in front of `limelight test`,
/// `accept` and `merge-reports` in CI: goldens that are links, pipes, devices or huge; a tampered
/// results manifest; a results folder someone else made; a shard's blob with names and numbers
/// of its own. Each is refused with one line, and nothing is read, written or removed outside the
/// folder a command owns.
@Suite struct HostileCITests {
    /// A checkout holding the shipped FAB tour and its goldens.
    func checkout() throws -> String {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.json", toPath: dir + "/fab.json")
        try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.goldens", toPath: dir + "/fab.goldens")
        return dir
    }

    /// The bytes of every `data:` URL in `page`, decoded.
    func embedded(_ page: String) -> [Data] {
        page.matches(of: /data:[a-z\/]+;base64,([A-Za-z0-9+\/=]+)/).compactMap { Data(base64Encoded: String($0.1)) }
    }

    /// The results JSON at `path`, as an object to tamper with.
    func record(_ path: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    func save(_ object: [String: Any], to path: String) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    // MARK: - Goldens

    /// A golden committed as a link to a secret (or to the job's environment) is refused, never
    /// copied or embedded: the report and the results hold none of its bytes.
    @Test func aGoldenThatIsALinkLeaksNothing() throws {
        let dir = try checkout()
        let token = "TOKEN-" + UUID().uuidString
        try Data("password=\(token)\n".utf8).write(to: URL(fileURLWithPath: dir + "/secret.txt"))
        let goldens = dir + "/fab.goldens/"
        for (name, target) in [("390x844@1x-en-step01.png", dir + "/secret.txt"), ("390x844@1x-ja-step01.png", "/proc/self/environ")] {
            try FileManager.default.removeItem(atPath: goldens + name)
            try FileManager.default.createSymbolicLink(atPath: goldens + name, withDestinationPath: target)
        }
        let r = try CLI.run(["test", dir + "/fab.json", "--results", dir + "/res", "--report", dir + "/rep", "--report-all",
                             "--junit", dir + "/junit.xml", "--jobs", "1"], environment: ["LIMELIGHT_CI_TOKEN": token])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        for name in ["390x844@1x-en-step01", "390x844@1x-ja-step01"] {
            #expect(r.stdout.contains("FAIL fab/\(name): cannot read the golden \(goldens)\(name).png: a symbolic link (not followed"), "\(r.stdout)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/res/fab/\(name).expected.png"), "no copy of what a link points at")
        }
        let page = try String(contentsOfFile: dir + "/rep/index.html", encoding: .utf8)
        #expect(!page.contains(token))
        #expect(!embedded(page).contains { String(decoding: $0, as: UTF8.self).contains(token) }, "no embedded file holds the secret")
        for folder in ["/res", "/rep"] {
            for path in try FileManager.default.subpathsOfDirectory(atPath: dir + folder) {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: dir + folder + "/" + path))) ?? Data()
                #expect(!String(decoding: bytes, as: UTF8.self).contains(token), "\(folder)/\(path) holds the secret")
            }
        }
        // A shard's blob made from the same run carries none of it either.
        let shard = try CLI.run(["test", dir + "/fab.json", "--results", dir + "/res2", "--shard", "1/1", "--blob", dir + "/blob.json",
                                 "--report-all", "--jobs", "1"], environment: ["LIMELIGHT_CI_TOKEN": token])
        #expect(shard.status == 1)
        let blob = try String(contentsOfFile: dir + "/blob.json", encoding: .utf8)
        #expect(!blob.contains(token) && !embedded(blob).contains { String(decoding: $0, as: UTF8.self).contains(token) })
        #expect(!(try record(dir + "/blob.json")["files"] as? [String: String] ?? [:]).values.contains { v in
            String(decoding: Data(base64Encoded: v) ?? Data(), as: UTF8.self).contains(token)
        })
    }

    /// A golden that is a pipe (a run once waited on it forever), a device, or a sparse file of
    /// 2 GiB is one line naming what it is, quickly.
    @Test func aGoldenThatIsNoFileIsOneLineAndNoWait() throws {
        let dir = try checkout()
        let goldens = dir + "/fab.goldens/"
        try FileManager.default.removeItem(atPath: goldens + "390x844@1x-en-step01.png")
        #expect(mkfifo(goldens + "390x844@1x-en-step01.png", 0o644) == 0)
        try FileManager.default.removeItem(atPath: goldens + "390x844@1x-ja-step01.png")
        let sparse = open(goldens + "390x844@1x-ja-step01.png", O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(sparse, 2 << 30) == 0)
        close(sparse)
        var device = false
        if getuid() == 0 {
            try FileManager.default.removeItem(atPath: goldens + "390x844@1x-he-step01.png")
            device = mknod(goldens + "390x844@1x-he-step01.png", S_IFCHR | 0o666, dev_t(1 << 8 | 5)) == 0
        }
        let r = try CLI.run(["test", dir + "/fab.json", "--results", dir + "/res", "--jobs", "1"], timeout: 120)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("FAIL fab/390x844@1x-en-step01: cannot read the golden \(goldens)390x844@1x-en-step01.png: not a regular file (a pipe; expected a PNG golden)"), "\(r.stdout)")
        #expect(r.stdout.contains("FAIL fab/390x844@1x-ja-step01: cannot read the golden \(goldens)390x844@1x-ja-step01.png: larger than 245.1 MiB (2147483648 bytes; expected a PNG golden)"), "\(r.stdout)")
        if device {
            #expect(r.stdout.contains("FAIL fab/390x844@1x-he-step01: cannot read the golden \(goldens)390x844@1x-he-step01.png: not a regular file (a device; expected a PNG golden)"), "\(r.stdout)")
        }
        let copies = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/res/fab")) ?? []
        #expect(!copies.contains { $0.hasSuffix(".expected.png") }, "\(copies)")
    }

    // MARK: - accept

    /// A failing run of the FAB tour in `dir` (its English golden gone), with results in `results`.
    func failingRun(in dir: String, results: String) throws {
        try FileManager.default.removeItem(atPath: dir + "/fab.goldens/390x844@1x-en-step01.png")
        let r = try CLI.run(["test", "fab.json", "--results", results, "--jobs", "1"], directory: dir)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    }

    /// A manifest whose paths lead elsewhere (`..` after a missing folder, absolute paths, a tour
    /// file of another project) makes accept write nowhere but the checkout's own goldens, from
    /// the results folder's own files.
    @Test func aTamperedManifestWritesAndReadsNothingOutside() throws {
        let dir = try checkout()
        let victim = try CLI.temporaryFolder()
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim + "/x.png"))
        try failingRun(in: dir, results: dir + "/res")
        var manifest = try record(dir + "/res/manifest.json")
        var tours = try #require(manifest["tours"] as? [[String: Any]])
        tours[0]["goldensFolder"] = victim
        tours[0]["file"] = victim + "/fab.json"
        manifest["tours"] = tours
        var groups = try #require(manifest["groups"] as? [[String: Any]])
        for g in groups.indices {
            var results = try #require(groups[g]["results"] as? [[String: Any]])
            for i in results.indices {
                results[i]["golden"] = "fab.goldens/nonexistent/../../../\((victim as NSString).lastPathComponent)/x.png"
                if results[i]["actual"] != nil { results[i]["actual"] = "/etc/passwd" }
            }
            groups[g]["results"] = results
        }
        manifest["groups"] = groups
        try save(manifest, to: dir + "/res/manifest.json")
        let accept = try CLI.run(["accept", "--results", dir + "/res"], directory: dir)
        #expect(accept.status == 0, "\(accept.stdout)\(accept.stderr)")
        #expect(accept.stdout == "wrote fab.goldens/390x844@1x-en-step01.png\naccepted 1 case\n", "\(accept.stdout)")
        #expect(try String(contentsOfFile: victim + "/x.png", encoding: .utf8) == "keep")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/fab.goldens/390x844@1x-en-step01.png"))
                == Data(contentsOf: URL(fileURLWithPath: dir + "/res/fab/390x844@1x-en-step01.actual.png")), "the results' own actual, not /etc/passwd")
        // A tour path that leaves the project, or names the tour by `..`, is refused with its line.
        try failingRun(in: dir, results: dir + "/res")
        for path in ["../" + (victim as NSString).lastPathComponent + "/fab.json", victim + "/fab.json", "fab.goldens/../../etc/fab.json"] {
            var m = try record(dir + "/res/manifest.json")
            var t = try #require(m["tours"] as? [[String: Any]])
            t[0]["projectPath"] = path
            m["tours"] = t
            try save(m, to: dir + "/res/manifest.json")
            let r = try CLI.run(["accept", "--results", dir + "/res"], directory: dir)
            #expect(r.status == 1, "\(path): \(r.stdout)")
            #expect(r.stdout.hasPrefix("not accepted: fab/390x844@1x-en-step01: ") && r.stdout.split(separator: "\n").count == 2, "\(path): \(r.stdout)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["x.png"])
    }

    /// Results made in one checkout, uploaded and downloaded elsewhere, are accepted into a third:
    /// each tour is found by its path in the project, and only that checkout's goldens change.
    @Test func anArtifactIsAcceptedIntoTheCheckoutItRunsIn() throws {
        let first = try checkout(), third = try checkout()
        try failingRun(in: first, results: first + "/res")
        let artifact = try CLI.temporaryFolder() + "/downloaded"
        try FileManager.default.copyItem(atPath: first + "/res", toPath: artifact)
        try FileManager.default.removeItem(atPath: first + "/res")
        try FileManager.default.removeItem(atPath: third + "/fab.goldens/390x844@1x-en-step01.png")
        let accept = try CLI.run(["accept", "--results", artifact], directory: third)
        #expect(accept.status == 0, "\(accept.stdout)\(accept.stderr)")
        #expect(accept.stdout == "wrote fab.goldens/390x844@1x-en-step01.png\naccepted 1 case\n")
        #expect(FileManager.default.fileExists(atPath: third + "/fab.goldens/390x844@1x-en-step01.png"))
        #expect(!FileManager.default.fileExists(atPath: first + "/fab.goldens/390x844@1x-en-step01.png"), "the first checkout is not touched")
        #expect(try CLI.run(["test", "fab.json", "--jobs", "1", "--results", third + "/res"], directory: third).status == 0)
    }

    // MARK: - The default results folder

    /// In a shared temporary folder, `limelight-<uid>` made by someone else, open to others, or a
    /// link is refused with one line (exit 3); one of the user's own that others may only read is
    /// closed and used.
    @Test func aResultsFolderSomeoneElseMadeIsRefused() throws {
        let dir = try checkout()
        try FileManager.default.removeItem(atPath: dir + "/fab.goldens/390x844@1x-en-step01.png")
        let temporary = try CLI.temporaryFolder()
        let base = temporary + "/limelight-\(getuid())"
        func run() throws -> CLIResult { try CLI.run(["test", "fab.json", "--jobs", "1"], environment: ["TMPDIR": temporary], directory: dir) }
        if getuid() == 0 {
            #expect(mkdir(base, 0o700) == 0 && chown(base, 65534, 65534) == 0)
            let r = try run()
            #expect(r.status == 3 && r.errorLines == ["limelight: test: \(base) belongs to user 65534, not to you (user 0): refusing to keep results there (another user could read or swap them); remove it or give --results DIR"], "\(r.stderr)")
            #expect(rmdir(base) == 0)
        }
        #expect(mkdir(base, 0o777) == 0 && chmod(base, 0o777) == 0)
        let open = try run()
        #expect(open.status == 3 && open.errorLines.first?.contains("may be written by other users (mode 777)") == true, "\(open.stderr)")
        #expect(rmdir(base) == 0)
        let elsewhere = try CLI.temporaryFolder()
        #expect(symlink(elsewhere, base) == 0)
        let linked = try run()
        #expect(linked.status == 3 && linked.errorLines.first?.contains("is a symbolic link, not a folder") == true, "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(unlink(base) == 0)
        // The results folder inside it a link: refused too.
        #expect(mkdir(base, 0o700) == 0)
        let name = try #require(run().stdout.firstMatch(of: /results in \S+\/(test-results-[0-9a-f]+)/).map { String($0.1) })
        try FileManager.default.removeItem(atPath: base + "/" + name)
        #expect(symlink(elsewhere, base + "/" + name) == 0)
        let inner = try run()
        #expect(inner.status == 3 && inner.errorLines.first?.contains("\(name) is a symbolic link, not a folder") == true, "\(inner.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(unlink(base + "/" + name) == 0)
        // The user's own, readable by others (as an older limelight made it): closed, then used.
        #expect(chmod(base, 0o755) == 0)
        let own = try run()
        #expect(own.status == 1, "\(own.stderr)")
        var info = stat()
        #expect(lstat(base, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    // MARK: - merge-reports

    /// Two shards' blobs of a run of the FAB tour whose English golden is gone.
    func blobs(in dir: String) throws -> [String] {
        try FileManager.default.removeItem(atPath: dir + "/fab.goldens/390x844@1x-en-step01.png")
        return try (1...2).map { k in
            let r = try CLI.run(["test", "fab.json", "--shard", "\(k)/2", "--results", "res\(k)", "--blob", "blob\(k).json", "--jobs", "1"], directory: dir)
            #expect(r.status <= 1, "\(r.stdout)\(r.stderr)")
            return dir + "/blob\(k).json"
        }
    }

    /// A blob whose tour is named `../victim`, or that carries a file none of its cases names,
    /// is refused before anything is removed or written, and the victim's files stay.
    @Test func aBlobsNamesLeadNowhere() throws {
        let dir = try checkout()
        let paths = try blobs(in: dir)
        let victim = try CLI.temporaryFolder()
        for name in ["a.semantics.json", "b.spoken.txt", "c.actual.png"] { try Data("keep".utf8).write(to: URL(fileURLWithPath: victim + "/" + name)) }
        let relative = "../../../../../../../.." + victim
        for (what, tamper) in [("tours[0].name", { (b: inout [String: Any]) in
                                    var t = b["tours"] as! [[String: Any]]; t[0]["name"] = relative; b["tours"] = t }),
                               ("testCase.tour", { (b: inout [String: Any]) in
                                    var g = b["groups"] as! [[String: Any]]; var r = g[0]["results"] as! [[String: Any]]
                                    var c = r[0]["testCase"] as! [String: Any]; c["tour"] = relative; r[0]["testCase"] = c
                                    g[0]["results"] = r; b["groups"] = g }),
                               ("a file", { (b: inout [String: Any]) in
                                    var f = b["files"] as? [String: Any] ?? [:]; f["../../x.png"] = Data("x".utf8).base64EncodedString(); b["files"] = f })] {
            var blob = try record(paths[0])
            tamper(&blob)
            try save(blob, to: dir + "/bad.json")
            let r = try CLI.run(["merge-reports", dir + "/bad.json", paths[1], "--results", dir + "/merged"])
            #expect(r.status == 2 && r.errorLines.count == 1, "\(what): \(r.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: victim).sorted() == ["a.semantics.json", "b.spoken.txt", "c.actual.png"], "\(what)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/merged"), "\(what): nothing written")
        }
        // A text golden that names a file elsewhere is never read: the report holds none of it.
        let token = "TOKEN-" + UUID().uuidString
        try Data(token.utf8).write(to: URL(fileURLWithPath: victim + "/secret.spoken.txt"))
        var blob = try record(paths[0])
        var groups = try #require(blob["groups"] as? [[String: Any]])
        for g in groups.indices {
            var results = try #require(groups[g]["results"] as? [[String: Any]])
            for i in results.indices {
                results[i]["texts"] = [["golden": victim + "/secret.spoken.txt", "actual": victim + "/secret.spoken.txt"]]
                results[i]["golden"] = victim + "/secret.spoken.txt"
            }
            groups[g]["results"] = results
        }
        blob["groups"] = groups
        try save(blob, to: dir + "/texts.json")
        let merged = try CLI.run(["merge-reports", dir + "/texts.json", paths[1], "--results", dir + "/merged", "--report", dir + "/rep", "--report-all"])
        #expect(merged.status == 1, "\(merged.stderr)")
        for path in try FileManager.default.subpathsOfDirectory(atPath: dir + "/rep") {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: dir + "/rep/" + path))) ?? Data()
            #expect(!String(decoding: bytes, as: UTF8.self).contains(token), "rep/\(path) holds the secret")
        }
    }

    /// Numbers a blob or manifest could not have come with (a shard count of 0, a step of
    /// Int.max, 2e9 digits, a case repeated 2,000 times) and a cut-off or over-nested file are one
    /// line naming the key or the byte, never a trap or gigabytes.
    @Test func aBlobsNumbersAreChecked() throws {
        let dir = try checkout()
        let paths = try blobs(in: dir)
        func tampered(_ change: (inout [String: Any]) -> Void) throws -> CLIResult {
            var blob = try record(paths[0])
            change(&blob)
            try save(blob, to: dir + "/bad.json")
            return try CLI.run(["merge-reports", dir + "/bad.json", paths[1], "--results", dir + "/merged"], timeout: 60)
        }
        func testCase(_ b: inout [String: Any], _ key: String, _ value: Any) {
            var g = b["groups"] as! [[String: Any]]; var r = g[0]["results"] as! [[String: Any]]
            var c = r[0]["testCase"] as! [String: Any]
            if key == "index" { c["moment"] = ["step": ["index": value]] } else { c[key] = value }
            r[0]["testCase"] = c; g[0]["results"] = r; b["groups"] = g
        }
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            ("shard.count: expected a number of shards from 1 to 1000, found 0", { $0["shard"] = ["index": 1, "count": 0] }),
            ("shard.index: the index 3 is out of range (expected 1 to 2)", { $0["shard"] = ["index": 3, "count": 2] }),
            ("groups[0].results[0].testCase.moment.step.index: expected a step from 0 to 99999, found 9223372036854775807", { testCase(&$0, "index", Int.max) }),
            ("groups[0].results[0].testCase.stepDigits: expected 2 to 6, found 2000000000", { testCase(&$0, "stepDigits", 2_000_000_000) }),
            ("groups[0].results[0].testCase.width: expected a size in points from 1 to 16384", { testCase(&$0, "width", 1e300) }),
            ("shard.count: expected a number", { $0["shard"] = ["index": 1, "count": "many"] }),
            ("appears twice", { b in
                var g = b["groups"] as! [[String: Any]]; var r = g[0]["results"] as! [[String: Any]]
                r = Array(repeating: r[0], count: 2_000); g[0]["results"] = r; b["groups"] = g }),
        ]
        for (message, change) in cases {
            let r = try tampered(change)
            #expect(r.status == 2 && r.errorLines.count == 1 && r.errorLines[0].contains(message), "\(message): \(r.stderr)")
        }
        // Cut off, and nested 100,000 deep.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.json"))
        let cut = try CLI.run(["merge-reports", dir + "/cut.json", paths[1], "--results", dir + "/merged"])
        #expect(cut.status == 2 && cut.errorLines.count == 1 && cut.errorLines[0].contains("\(dir)/cut.json: byte "), "\(cut.stderr)")
        try Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8).write(to: URL(fileURLWithPath: dir + "/deep.json"))
        let deep = try CLI.run(["merge-reports", dir + "/deep.json", "--results", dir + "/merged"])
        #expect(deep.status == 2 && deep.errorLines == ["limelight: merge-reports: \(dir)/deep.json: byte 64: objects and lists nest deeper than 64 levels (expected a result blob written by limelight test)"], "\(deep.stderr)")
        // A step of Int.max in a manifest is refused by accept too.
        try failingManifest(in: dir)
        var manifest = try record(dir + "/res/manifest.json")
        testCase(&manifest, "index", Int.max)
        try save(manifest, to: dir + "/res/manifest.json")
        let accept = try CLI.run(["accept", "--results", dir + "/res"], directory: dir)
        #expect(accept.status == 2 && accept.errorLines.count == 1 && accept.errorLines[0].contains("moment.step.index"), "\(accept.stderr)")
        // And `--shard` says which part is out of range.
        for (value, message) in [("0/2", "the index 0 is out of range (expected 1 to 2)"), ("3/2", "the index 3 is out of range (expected 1 to 2)"),
                                 ("1/0", "expected from 1 to 1000 shards, found 0")] {
            let r = try CLI.run(["test", dir + "/fab.json", "--shard", value])
            #expect(r.status == 2 && r.errorLines == ["limelight: test: --shard \(value): \(message)"], "\(r.stderr)")
        }
    }

    /// A failing run's manifest in `dir/res`.
    func failingManifest(in dir: String) throws {
        let r = try CLI.run(["test", "fab.json", "--results", "res", "--jobs", "1"], directory: dir)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    }
}
