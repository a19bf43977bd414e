import Foundation
import Testing
import ImageFiles
import Raster

/// `limelight render` as a designer or CI runs it: PNGs out, one-line errors, exit codes.
@Suite struct RenderCommandTests {
    @Test func rendersTheFABTipAndTheAppAlone() throws {
        let dir = try CLI.temporaryFolder()
        let tip = try CLI.run(["render", "--out", dir + "/tip.png"])
        #expect(tip.status == 0, "\(tip.stderr)")
        let plain = try CLI.run(["render", "--no-overlay", "--out", dir + "/plain.png"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let a = try Pixmap(contentsOfFile: dir + "/tip.png"), b = try Pixmap(contentsOfFile: dir + "/plain.png")
        #expect(a.width == 390 && a.height == 844)
        // The navigation bar is dimmed by half with the tip up.
        let lit = b.color(x: 200, y: 70), dim = a.color(x: 200, y: 70)
        #expect(abs(Int(dim.red) - Int(lit.red) / 2) <= 2, "nav bar \(lit) → \(dim)")
    }

    @Test func scaleMultipliesThePixels() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--scale", "2", "--size", "320x568", "--out", dir + "/x.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try Pixmap(contentsOfFile: dir + "/x.png")
        #expect(p.width == 640 && p.height == 1136)
    }

    @Test func timeGivesAMidAnimationFrame() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--time", "125", "--out", dir + "/mid.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let plain = try CLI.run(["render", "--no-overlay", "--out", dir + "/plain.png"])
        #expect(plain.status == 0)
        let mid = try Pixmap(contentsOfFile: dir + "/mid.png").color(x: 200, y: 70)
        let lit = try Pixmap(contentsOfFile: dir + "/plain.png").color(x: 200, y: 70)
        // Half way through the 250 ms fade the dim is half of 0.5.
        #expect(abs(Int(mid.red) - Int((Double(lit.red) * 0.75).rounded())) <= 3, "\(lit) → \(mid)")
    }

    @Test func japaneseRendersToo() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--lang", "ja", "--out", dir + "/ja.png"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test(arguments: [
        (["render"], "render: --out PATH is required (see limelight render --help)", Int32(2)),
        (["render", "--size", "abc", "--out", "x.png"], "render: --size expects WxH in points, e.g. 390x844 (got \"abc\")", 2),
        (["render", "--size", "0x100", "--out", "x.png"], "render: --size 0x100: width and height must be at least 1 point", 2),
        (["render", "--scale", "-1", "--out", "x.png"], "render: --scale expects a number above 0 and at most 8 (got \"-1\")", 2),
        (["render", "--lang", "fr", "--out", "x.png"], "render: --lang expects en, ja, ar, he or de, or a pseudo-locale en-XA or ar-XB (got \"fr\")", 2),
        (["render", "--time", "soon", "--out", "x.png"], "render: --time expects milliseconds from 0 to 3600000 (got \"soon\")", 2),
        (["render", "--out", "/dev/null/x.png"], "render: --out /dev/null/x.png: /dev/null is a device, not a folder", 1),
        (["render", "--size"], "render: --size expects a value (WxH in points, e.g. 390x844)", 2),
        (["render", "--size", "1x1", "--size", "2x2", "--out", "x.png"], "render: --size given twice", 2),
        (["render", "--step", "2", "--out", "x.png"], "render: --step needs --tour FILE", 2),
        (["render", "--font", "No Such Family Sans", "--out", "/tmp/x.png"], nil, 1),
        (["frobnicate"], "unknown command \"frobnicate\" (commands: window, edit, render, replay, inspect, check, test, accept, merge-reports, simulate, analyze, l10n, capture, schema, help)", 2),
    ] as [([String], String?, Int32)])
    func badInputGetsOneLineAndAnExitCode(args: [String], message: String?, status: Int32) throws {
        let r = try CLI.run(args)
        #expect(r.status == status, "\(args): exit \(r.status), stderr: \(r.stderr)")
        #expect(r.errorLines.count == 1, "\(args): one line, got \(r.errorLines)")
        if let message { #expect(r.errorLines.first == "limelight: " + message) }
        #expect(r.stdout.isEmpty)
    }

    @Test func sixteenKSquareIsRefusedBeforeAnyWork() throws {
        let r = try CLI.run(["render", "--size", "16384x16384", "--out", "/tmp/never.png"])
        #expect(r.status == 2)
        #expect(r.errorLines == ["limelight: render: --size 16384x16384 at --scale 1: invalid size 16384x16384: the buffer would exceed 512 MiB"]
                || r.errorLines.first?.hasPrefix("limelight: render: --size 16384x16384") == true, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.png"))
    }

    @Test(arguments: ["render", "replay", "inspect", "demo"])
    func everyCommandHasHelp(command: String) throws {
        let r = try CLI.run([command, "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("usage: limelight"))
        #expect(r.stderr.isEmpty)
    }

    @Test func topLevelHelpListsTheCommands() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0)
        for c in ["window", "render", "replay", "inspect", "check", "test", "simulate", "edit"] { #expect(r.stdout.contains("  \(c) ")) }
    }
}
