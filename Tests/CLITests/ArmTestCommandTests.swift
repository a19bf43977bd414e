import Foundation
import Testing
import ImageFiles
import Raster
import Tours
import Demo

/// An experiment's arms under `limelight test`: each arm with steps or texts of its own gets its
/// goldens (`-variant-ARM-`), `render --variant ARM` draws them, and a change to one arm's copy
/// fails that arm's cases alone.
@Suite struct ArmTestCommandTests {
    static let tour = """
    {"id": "trial", "holdout": 0.1,
     "variants": [{"name": "control"},
                  {"name": "short", "steps": [{"target": "fab", "title": "Add a card", "text": "Tap + to add your first card."}]},
                  {"name": "warm", "texts": [{"step": 2, "text": "Your cards live here, all of them."}]}],
     "test": {"sizes": ["390x844"]},
     "steps": [{"target": "fab", "title": "Add a card", "text": "Tap + to add one."},
               {"target": "nav.title", "text": "Your cards."}]}
    """

    @Test func eachArmIsTestedRenderedAndFailsAlone() throws {
        let dir = try CLI.temporaryFolder()
        try Self.tour.write(toFile: dir + "/trial.json", atomically: true, encoding: .utf8)
        let record = try CLI.run(["test", "trial.json", "--update", "--results", "r"], directory: dir)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let goldens = dir + "/trial.goldens/"
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: goldens))
        #expect(names == ["390x844@1x-en-step01.png", "390x844@1x-en-step02.png", "390x844@1x-en-variant-short-step01.png",
                          "390x844@1x-en-variant-warm-step01.png", "390x844@1x-en-variant-warm-step02.png", "inputs.json"], "\(names)")
        // The arm's own copy is in its frame: its step 2 is not the tour's.
        let written = try Pixmap(contentsOfFile: goldens + "390x844@1x-en-step02.png")
        let warm = try Pixmap(contentsOfFile: goldens + "390x844@1x-en-variant-warm-step02.png")
        #expect(PixmapDifference(between: warm, and: written).differingPixels > 100)
        #expect(PixmapDifference(between: try Pixmap(contentsOfFile: goldens + "390x844@1x-en-variant-warm-step01.png"),
                                 and: try Pixmap(contentsOfFile: goldens + "390x844@1x-en-step01.png")).differingPixels == 0)
        // `render --variant` draws what the arm's case keeps.
        let render = try CLI.run(["render", "--tour", "trial.json", "--variant", "short", "--step", "1", "--out", "short.png"], directory: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(PixmapDifference(between: try Pixmap(contentsOfFile: dir + "/short.png"),
                                 and: try Pixmap(contentsOfFile: goldens + "390x844@1x-en-variant-short-step01.png")).differingPixels == 0)
        // One arm's copy changes: its case fails, the others pass.
        try Self.tour.replacingOccurrences(of: "all of them", with: "every one").write(toFile: dir + "/trial.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["test", "trial.json", "--results", "r"], directory: dir)
        #expect(run.status == 1 && run.stdout.contains("trial/390x844@1x-en-variant-warm-step02") && run.stdout.contains("1 failed"), "\(run.stdout)")
    }

    @Test func theLintSpeaksOfAnArmsStepsAtTheirPlace() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "l", "variants": [{"name": "a"}, {"name": "b", "steps": [{"target": "fab", "text": {"en": "Add one."}}]}], "test": {"sizes": ["390x844"]}, "steps": [{"target": "fab", "text": {"en": "Add", "ja": "追加"}}]}"#
            .write(toFile: dir + "/l.json", atomically: true, encoding: .utf8)
        let lint = try CLI.run(["check", "--lint", "l.json"], directory: dir)
        #expect(lint.status == 0 && lint.stderr == "l.json:1: variants[1].steps[0]: warning: no text in ja (the default would show) (at 390x844@1x, ja, variant b)\n", "\(lint.stdout)\(lint.stderr)")
    }

    @Test func anArmsOwnStepsShowTheirOwnScreens() throws {
        let dir = try CLI.temporaryFolder()
        for (name, color) in [("blue", Color(red: 0x20, green: 0x50, blue: 0xA0)), ("green", Color(red: 0x20, green: 0xA0, blue: 0x50))] {
            try Pixmap(width: 390, height: 844, fill: color).writePNG(to: dir + "/\(name).png")
        }
        let tour = #"""
        {"id": "s", "background": "blue.png", "test": {"sizes": ["390x844"]},
         "variants": [{"name": "a"}, {"name": "b", "steps": [{"rect": [60, 200, 100, 100], "text": "Here.", "background": "green.png"}]}],
         "steps": [{"rect": [60, 200, 100, 100], "text": "Here."}]}
        """#
        try tour.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["test", "s.json", "--update", "--results", "r"], directory: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // Dimmed, far from the hole: blue under the tour's step, green under the arm's.
        let own = try Pixmap(contentsOfFile: dir + "/s.goldens/390x844@1x-en-step01.png").color(x: 10, y: 800)
        let arm = try Pixmap(contentsOfFile: dir + "/s.goldens/390x844@1x-en-variant-b-step01.png").color(x: 10, y: 800)
        #expect(own.blue > own.green && arm.green > arm.blue, "\(own) \(arm)")
        let render = try CLI.run(["render", "--tour", "s.json", "--variant", "b", "--out", "b.png"], directory: dir)
        let drawn = try Pixmap(contentsOfFile: dir + "/b.png").color(x: 10, y: 800)
        #expect(render.status == 0 && drawn == arm, "\(render.stderr)")
        // A picture an arm's step names that is not there is that step's one line.
        try tour.replacingOccurrences(of: "green.png", with: "gone.png").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", "s.json"], directory: dir)
        #expect(check.status == 1 && check.stderr.contains("s.json:2: variants[1].steps[0].background: no such file \"gone.png\""), "\(check.stdout)\(check.stderr)")
    }

    /// `limelight --tour FILE --variant ARM` previews an arm in the window, whoever the user.
    @Test @MainActor func theWindowPreviewsAnArmForAnyUser() throws {
        let dir = try CLI.temporaryFolder()
        try Self.tour.write(toFile: dir + "/trial.json", atomically: true, encoding: .utf8)
        // A user the experiment holds out (drawn as every host draws) sees the arm all the same.
        let loaded = try TourLoader.load(bytes: Array(Self.tour.utf8), file: "trial.json", folder: dir, appCatalog: { DemoApp.launchCatalog() })
        let plan = try #require(loaded.tour.experimentPlan)
        let user = try #require((0..<1000).map { "u\($0)" }.first { plan.arm(forUser: $0) == "holdout" })
        let held = try CLI.run(["simulate", "trial.json", "--user", user], directory: dir)
        #expect(held.stdout.contains("\(user) is in holdout"), "\(held.stdout)")
        let r = try CLI.run(["--tour", "trial.json", "--variant", "short", "--user", user, "--frames", "150"],
                            environment: ["XDG_STATE_HOME": dir + "/state"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("trial.json: shown as the users of the arm short see it") && r.stderr.contains("tour \"trial\": step 1 of 1 shown")
                && !r.stderr.contains("held out:"), "\(r.stderr)")
        for (args, message) in [(["--tour", "trial.json", "--variant", "long"], "window: --variant long: the tour \"trial\" has no arm \"long\" (its arms: control, short, warm)"),
                                (["--variant", "short"], "window: --variant needs --tour FILE"),
                                (["--tour", "trial.json", "--variant", "short", "--events", "e.jsonl"], "window: --variant and --events exclude each other (a preview's events are no user's)")] {
            let bad = try CLI.run(args + ["--frames", "5"], environment: ["XDG_STATE_HOME": dir + "/state"], directory: dir)
            #expect(bad.status == 2 && bad.stderr == "limelight: \(message)\n", "\(bad.stderr)")
        }
    }

    @Test func anArmTheTourHasNotIsOneLine() throws {
        let dir = try CLI.temporaryFolder()
        try Self.tour.write(toFile: dir + "/trial.json", atomically: true, encoding: .utf8)
        let none = try CLI.run(["render", "--tour", "trial.json", "--variant", "holdout", "--out", "x.png"], directory: dir)
        #expect(none.status == 2 && none.stderr == "limelight: render: --variant holdout: the tour \"trial\" has no arm \"holdout\" (its arms: control, short, warm; the holdout sees no tour)\n", "\(none.stderr)")
        let alone = try CLI.run(["render", "--variant", "short", "--out", "x.png"], directory: dir)
        #expect(alone.status == 2 && alone.stderr == "limelight: render: --variant needs --tour FILE\n", "\(alone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
