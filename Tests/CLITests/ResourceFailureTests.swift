import Foundation
import Testing
import ImageFiles
import Raster
import TestSupport

/// Everything the CLI reads or writes comes from people and their machines: a font that is not
/// there, a broken image, tour or screenshot, a folder that cannot be written, a full disk. Each
/// ends in one clear line on stderr (`limelight: COMMAND: …`) and never in a crash; what was saved
/// before stays as it was.
@Suite struct ResourceFailureTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    // MARK: - Fonts

    @Test(arguments: ["render", "replay", "inspect"])
    func aMissingFontFamilyIsOneLine(command: String) throws {
        let dir = try CLI.temporaryFolder()
        try write("wait 10\n", to: dir + "/s.txt")
        let args: [String]
        switch command {
        case "render": args = ["render", "--font", "No Such Family Sans", "--out", dir + "/x.png"]
        case "replay": args = ["replay", "--font", "No Such Family Sans", "--script", dir + "/s.txt", "--out", dir]
        default: args = ["inspect", "--font", "No Such Family Sans"]
        }
        let r = try CLI.run(args)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.errorLines.count == 1, "\(r.errorLines)")
        #expect(r.errorLines.first?.hasPrefix("limelight: \(command): --font: font family \"No Such Family Sans\" not found") == true,
                "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    // MARK: - Card images

    /// A folder of card images with one good, one garbage, one cut-off and one missing PNG: the app
    /// renders with placeholders and says so once per image, naming the file.
    @Test func brokenCardImagesBecomePlaceholdersWithOneLineEach() throws {
        let assets = try CLI.temporaryFolder()
        let images = assets + "/images"
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        let shipped = Self.repository.appendingPathComponent("assets/images")
        try FileManager.default.copyItem(atPath: shipped.appendingPathComponent("mountains.png").path, toPath: images + "/mountains.png")
        try Data("not a picture at all".utf8).write(to: URL(fileURLWithPath: images + "/city.png"))
        let forest = try Data(contentsOf: shipped.appendingPathComponent("forest.png"))
        try forest.prefix(forest.count / 3).write(to: URL(fileURLWithPath: images + "/forest.png"))
        let out = try CLI.temporaryFolder() + "/app.png"
        let r = try CLI.run(["render", "--no-overlay", "--out", out], environment: ["LIMELIGHT_ASSETS": assets])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.errorLines.filter { !$0.contains(": wrote ") }
        #expect(lines.count == 3, "one line per broken image: \(lines)")
        for name in ["city", "forest", "ocean"] {
            #expect(lines.contains { $0.hasPrefix("limelight: render: \(images)/\(name).png: ") && $0.hasSuffix(" (showing a placeholder)") },
                    "\(name): \(lines)")
        }
        #expect(lines.contains("limelight: render: \(images)/ocean.png: no such file (showing a placeholder)"))
        #expect(lines.contains { $0.hasPrefix("limelight: render: \(images)/forest.png: a cut-off PNG (") }, "\(lines)")
        #expect(try Pixmap(contentsOfFile: out).width == 390)
    }

    // MARK: - Tour files and screenshots

    @Test func aMissingTourFileNamesIt() throws {
        let dir = try CLI.temporaryFolder()
        let missing = dir + "/nope.json"
        let check = try CLI.run(["check", missing])
        #expect(check.status == 1)
        #expect(check.errorLines == ["\(missing): no such file", "limelight: check: 1 problem found"])
        let render = try CLI.run(["render", "--tour", missing, "--out", dir + "/x.png"])
        #expect(render.status == 1)
        #expect(render.errorLines == ["limelight: render: \(missing): no such file"])
    }

    @Test(arguments: [
        ("binary", [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE, 0x01])),
        ("cut off", Array("{\"id\": \"home\", \"steps\": [{\"target\": \"fab\", \"te".utf8)),
        ("empty", []),
        ("not UTF-8", Array("{\"id\": \"h\u{e9}\"}".utf8.map { $0 == 0xC3 ? 0xFF : $0 })),
    ] as [(String, [UInt8])])
    func aCorruptTourFileIsOneLineNamingIt(kind: String, bytes: [UInt8]) throws {
        let dir = try CLI.temporaryFolder()
        let file = dir + "/tour.json"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let check = try CLI.run(["check", file])
        #expect(check.status == 1, "\(kind)")
        #expect(check.errorLines.count == 2, "\(kind): \(check.errorLines)")
        #expect(check.errorLines.first?.hasPrefix("\(file):") == true, "\(kind): \(check.errorLines)")
        let render = try CLI.run(["render", "--tour", file, "--out", dir + "/x.png"])
        #expect(render.status == 1, "\(kind)")
        #expect(render.errorLines.count == 1, "\(kind): \(render.errorLines)")
        #expect(render.errorLines.first?.hasPrefix("limelight: render: \(file):") == true, "\(kind): \(render.errorLines)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test(arguments: ["missing", "garbage", "cut off"])
    func aBrokenBackgroundNamesTheTourAndTheImage(kind: String) throws {
        let dir = try CLI.temporaryFolder()
        let tour = dir + "/shot.json"
        try write("""
        {
          "id": "shot",
          "background": "screens/home.png",
          "steps": [ { "rect": [10, 10, 50, 50], "text": "Here." } ]
        }
        """, to: tour)
        let image = dir + "/screens/home.png"
        if kind != "missing" {
            try FileManager.default.createDirectory(atPath: dir + "/screens", withIntermediateDirectories: true)
            let shipped = try Data(contentsOf: Self.repository.appendingPathComponent("assets/tours/screenshots/home-ja@2x.png"))
            let bytes = kind == "garbage" ? Data("GIF89a?".utf8) : shipped.prefix(shipped.count / 2)
            try bytes.write(to: URL(fileURLWithPath: image))
        }
        let check = try CLI.run(["check", tour])
        #expect(check.status == 1)
        let line = try #require(check.errorLines.first)
        #expect(check.errorLines.count == 2, "one problem and the summary: \(check.errorLines)")
        switch kind {
        case "missing": #expect(line == "\(tour):3: background: no such file \"screens/home.png\" (looked for \(image))")
        case "garbage": #expect(line == "\(tour):3: background: \"screens/home.png\": a cut-off GIF file (7 bytes, too short for its header)", "\(line)")
        default: #expect(line.hasPrefix("\(tour):3: background: \"screens/home.png\": a cut-off PNG ("), "\(line)")
        }
        let render = try CLI.run(["render", "--tour", tour, "--out", dir + "/x.png"])
        #expect(render.status == 1)
        #expect(render.errorLines.count == 1 && render.errorLines.first?.hasPrefix("limelight: render: \(tour):3: background: ") == true,
                "\(render.errorLines)")
    }

    // MARK: - Output that cannot be written

    /// Tests run as root, so permission bits stop nothing: a file where a folder is expected does.
    @Test func aFileWhereAFolderIsExpectedIsRefused() throws {
        let dir = try CLI.temporaryFolder()
        let file = dir + "/plain"
        try write("x", to: file)
        try write("wait 10\nshot a.png\n", to: dir + "/s.txt")
        let cases: [([String], String, Int32)] = [
            (["render", "--out", file + "/x.png"], "limelight: render: --out \(file)/x.png: \(file) is a file, not a folder", 1),
            (["render", "--tour", Self.repository.appendingPathComponent("assets/tours/fab.json").path, "--all", "--out", file + "/board"],
             "limelight: render: --out \(file)/board: \(file) is a file, not a folder", 1),
            (["replay", "--script", dir + "/s.txt", "--out", file + "/shots"],
             "limelight: replay: --out \(file)/shots: \(file) is a file, not a folder", 1),
        ]
        for (args, message, status) in cases {
            let r = try CLI.run(args)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.errorLines == [message], "\(args)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    @Test(.enabled(if: TinyDisk.canMount, "needs a tmpfs mount (root)"))
    func aReadOnlyFolder() throws {
        let disk = try #require(TinyDisk(kibibytes: 64))
        defer { disk.remove() }
        #expect(mount(nil, disk.path, nil, UInt(MS_REMOUNT | MS_RDONLY), nil) == 0)
        let r = try CLI.run(["render", "--out", disk.path + "/x.png"])
        #expect(r.status == 1)
        #expect(r.errorLines == ["limelight: render: --out \(disk.path)/x.png: folder \(disk.path) is not writable (the file system is read-only)"])
    }

    /// A full disk: one line with the cause, and the PNG written before is unchanged.
    @Test(.enabled(if: TinyDisk.canMount, "needs a tmpfs mount (root)"))
    func aFullDiskWhileWritingPNGs() throws {
        let disk = try #require(TinyDisk(kibibytes: 96))
        defer { disk.remove() }
        let out = disk.path + "/app.png"
        let first = try CLI.run(["render", "--size", "100x100", "--no-overlay", "--out", out])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        disk.fill()
        let r = try CLI.run(["render", "--out", out])
        #expect(r.status == 1)
        #expect(r.errorLines == ["limelight: render: \(out): cannot write (the disk is full)"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
        // A replay's shot names the script line.
        let script = try CLI.temporaryFolder() + "/s.txt"
        try write("wait 10\nshot app.png\n", to: script)
        let replay = try CLI.run(["replay", "--script", script, "--out", disk.path])
        #expect(replay.status == 1)
        #expect(replay.errorLines == ["limelight: replay: \(script):2: \(out): cannot write (the disk is full)"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
    }

    /// A full disk while the window saves tour progress (`--reset-tours` saves at launch): a warning
    /// line, the app carries on, and state.json is byte for byte what it was.
    @Test(.enabled(if: TinyDisk.canMount, "needs a tmpfs mount (root)"))
    func aFullDiskWhileSavingProgress() throws {
        let disk = try #require(TinyDisk(kibibytes: 64))
        defer { disk.remove() }
        let folder = disk.path + "/limelight/sample"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let saved = Data("""
        {
          "tours" : {
            "fab" : {
              "date" : "2026-01-02T03:04:05Z",
              "outcome" : "finished"
            }
          },
          "version" : 1
        }
        """.utf8)
        try saved.write(to: URL(fileURLWithPath: folder + "/state.json"))
        disk.fill()
        let r = try CLI.run(["demo", "--reset-tours", "--frames", "2"], environment: ["XDG_STATE_HOME": disk.path])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.errorLines.first { $0.contains("state.json") }, "\(r.errorLines)")
        #expect(line.hasPrefix("limelight: window: \(folder)/state.json: cannot save tour progress (write "), "\(line)")
        #expect(line.hasSuffix("the disk is full); the previous file is unchanged"), "\(line)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json")) == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
    }
}
