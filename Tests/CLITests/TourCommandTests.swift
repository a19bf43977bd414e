import Foundation
import Testing
import ImageFiles
import Raster

/// The tour commands through the built binary: `check`, `render --tour`, `replay --tour`.
@Suite struct TourCommandTests {
    /// The repository's assets/tours folder.
    static var tours: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/tours").path
    }

    func write(_ json: String, name: String = "tour.json") throws -> String {
        let path = try CLI.temporaryFolder() + "/" + name
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func shippedToursPassCheck() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.tours).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.contains("fab.json") && files.contains("home.json"))
        let r = try CLI.run(["check"] + files.map { Self.tours + "/" + $0 })
        #expect(r.status == 0, "\(r.stderr)")
        for f in files { #expect(r.stdout.contains("\(Self.tours)/\(f): ok")) }
    }

    @Test func checkReportsEveryProblemWithFileLineAndPath() throws {
        let path = try write("""
        {
          "id": "broken",
          "steps": [
            {"target": "fab2", "text": "hi"},
            {"rect": [0, 0, -5, 10], "text": "x"},
            {"target": "fab", "shape": {"svgPath": "M 0 0 L 10", "fillRule": "evenOdd"}}
          ],
          "colour": "red"
        }
        """)
        let r = try CLI.run(["check", path])
        #expect(r.status == 1)
        let lines = r.errorLines
        #expect(lines.contains { $0.hasPrefix("\(path):4: steps[0].target: no view with id \"fab2\" can exist (known: ") }, "\(r.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(path):5: steps[1].rect") }, "\(r.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(path):6: steps[2].shape.svgPath") && $0.contains("offset") }, "\(r.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(path):8: colour: unknown key") }, "\(r.stderr)")
        #expect(lines.last?.hasPrefix("limelight: check: ") == true)
    }

    @Test func checkRefusesAMissingFileAndBadJSON() throws {
        let missing = try CLI.run(["check", "/no/such/tour.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/no/such/tour.json"))
        let bad = try write("{\"id\": \"x\", \"steps\": [ }")
        let r = try CLI.run(["check", bad])
        #expect(r.status == 1)
        #expect(r.errorLines.first?.hasPrefix("\(bad):1:") == true, "\(r.stderr)")
    }

    @Test func renderAllWritesEveryStepAndAStoryboard() throws {
        let out = try CLI.temporaryFolder() + "/board"
        let r = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--all", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["step-01.png", "step-02.png", "step-03.png", "step-04.png", "step-05.png", "storyboard.png"])
        let board = try Pixmap(contentsOfFile: out + "/storyboard.png")
        #expect(board.width > board.height, "steps side by side")
    }

    @Test func renderWritesOneStepAndAMidMorphFrame() throws {
        let dir = try CLI.temporaryFolder()
        let step = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--step", "3", "--out", dir + "/s3.png"])
        #expect(step.status == 0, "\(step.stderr)")
        let mid = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--step", "3", "--time", "150", "--out", dir + "/s3-mid.png"])
        #expect(mid.status == 0, "\(mid.stderr)")
        let a = try Pixmap(contentsOfFile: dir + "/s3.png"), b = try Pixmap(contentsOfFile: dir + "/s3-mid.png")
        #expect(!a.hasSamePixels(as: b), "half way through the morph differs from the settled step")
        let tooFar = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--step", "9", "--out", dir + "/x.png"])
        #expect(tooFar.status != 0)
        #expect(tooFar.errorLines.count == 1, "\(tooFar.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func fabTourRendersLikeTheBuiltInTip() throws {
        let dir = try CLI.temporaryFolder()
        let tour = try CLI.run(["render", "--tour", Self.tours + "/fab.json", "--out", dir + "/tour.png"])
        let tip = try CLI.run(["render", "--out", dir + "/tip.png"])
        #expect(tour.status == 0 && tip.status == 0, "\(tour.stderr) \(tip.stderr)")
        #expect(try Pixmap(contentsOfFile: dir + "/tour.png").hasSamePixels(as: Pixmap(contentsOfFile: dir + "/tip.png")))
    }

    @Test func replayWithATourReportsItsStep() throws {
        let out = try CLI.temporaryFolder()
        let script = try write("wait 500\nkey enter\nwait 400\nkey enter\nwait 400\n", name: "script.txt")
        let r = try CLI.run(["replay", "--tour", Self.tours + "/home.json", "--script", script, "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let tour = try #require(obj["tour"] as? [String: Any], "\(r.stdout)")
        #expect(tour["id"] as? String == "home")
        #expect(tour["step"] as? Int == 3)
        #expect(tour["of"] as? Int == 5)
        #expect(obj["overlay"] as? String == "spotlight")
        // Escape skips: the tour is over.
        let skip = try write("wait 500\nkey escape\nwait 400\n", name: "skip.txt")
        let r2 = try CLI.run(["replay", "--tour", Self.tours + "/home.json", "--script", skip, "--out", out])
        let obj2 = try #require(try JSONSerialization.jsonObject(with: Data(r2.stdout.utf8)) as? [String: Any])
        let ended = try #require(obj2["tour"] as? [String: Any], "\(r2.stdout)")
        #expect(ended["state"] as? String == "skipped" && ended["step"] as? Int == 1, "skipped at step 1: \(ended)")
        #expect(obj2["overlay"] is NSNull)
        #expect(r2.errorLines.contains("limelight: replay: tour \"home\": skipped"), "the tour's events are logged: \(r2.errorLines)")
    }

    @Test func headlessCommandsNeverWriteSavedProgress() throws {
        let state = try CLI.temporaryFolder()
        let out = try CLI.temporaryFolder()
        let script = try write("wait 500\nkey escape\nwait 400\n", name: "s.txt")
        _ = try CLI.run(["replay", "--tour", Self.tours + "/fab.json", "--script", script, "--out", out], environment: ["XDG_STATE_HOME": state])
        _ = try CLI.run(["render", "--tour", Self.tours + "/fab.json", "--out", out + "/x.png"], environment: ["XDG_STATE_HOME": state])
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }
}
