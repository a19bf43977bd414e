import Foundation
import Testing
import ImageFiles
import Raster
import Tours

/// Recording in an app declared in a screens file writes the navigation it saw: a screen a button
/// showed over another (`go`) is written as such, not as a tab of its own, so every way of
/// reaching a step (playing through the taps, playing from the step, the storyboard, `render`)
/// shows the same screens.
@Suite struct EditorNavigationRecordingTests {
    let recorder = EditorRecordingTests()

    /// A banking app of two tabs whose Home has a button that shows Pay over it (`go`), as well as
    /// Pay's own tab.
    static let bank = """
    {
      "id": "bank",
      "tabs": [{"screen": "home", "title": "Home", "icon": "house"}, {"screen": "pay", "title": "Pay", "icon": "note"}],
      "screens": {
        "home": {"title": "Accounts", "content": {"type": "vstack", "spacing": 12, "children": [
          {"type": "text", "text": "Checking 1,204.50"},
          {"type": "button", "id": "home.pay", "title": "Pay someone", "action": {"go": "pay"}}]}},
        "pay": {"title": "Pay", "content": {"type": "vstack", "spacing": 12, "children": [
          {"type": "text", "text": "To whom?"},
          {"type": "button", "id": "pay.send", "title": "Send"}]}}
      }
    }
    """

    /// The editor's screen area (the app at 100%, from the corner) against a frame of the tour.
    static func differing(_ shot: String, _ frame: String) throws -> Int {
        let a = try Pixmap(contentsOfFile: shot), b = try Pixmap(contentsOfFile: frame)
        var n = 0
        for y in 0..<min(844, b.height) { for x in 0..<min(390, b.width) where a.color(x: x, y: y) != b.color(x: x, y: y) { n += 1 } }
        return n
    }

    /// Pay shown over Home by its button is recorded as `go`, on Home's tab: played through the
    /// taps, the step is what `render` and the storyboard show (Pay over Home, with a back button).
    @Test func aScreenShownOverAnotherIsRecordedAsGo() throws {
        let dir = try CLI.temporaryFolder()
        try Self.bank.write(toFile: dir + "/bank.json", atomically: true, encoding: .utf8)
        let record = "key ctrl+r\nwait 800\ntap home.pay\nwait 600\ntap pay.send\nkey escape\nkey ctrl+s\ntext \"pay\"\nkey enter\n"
        let r = try recorder.edit("pay.json", record, in: dir, before: ["--app", "bank.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let steps = try EditorRecordingTests.json(dir + "/pay.json")["steps"]?.arrayValue ?? []
        #expect(steps.count == 2 && steps[1]["go"]?.stringValue == "pay" && steps[1]["tab"] == nil, "\(steps.map { $0.text() })")
        // Played as a user plays it: the tap on the button shows Pay over Home, and step 2 on it.
        // The app named on each command line, as the tour names it: what is compared is the navigation.
        let app = ["--app", "bank.json"]
        let play = try recorder.edit("pay.json", "tap editor.step.1\nkey ctrl+p\nwait 2000\ntap home.pay\nwait 3000\nshot play.png\n", in: dir, before: app)
        #expect(play.status == 0, "\(play.stderr)")
        let render = try recorder.run(app + ["render", "--tour", "pay.json", "--step", "2", "--time", "3000", "--out", "render.png"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let storyboard = try recorder.run(app + ["render", "--tour", "pay.json", "--all", "--time", "3000", "--out", "board"], in: dir)
        #expect(storyboard.status == 0, "\(storyboard.stderr)")
        #expect(try Self.differing(dir + "/out/play.png", dir + "/render.png") == 0, "played through the taps, step 2 is what render shows")
        #expect(try Self.differing(dir + "/board/step-02.png", dir + "/render.png") == 0, "and what the storyboard shows")
    }

    /// A screen shown over another tab's (Search, then Now Playing over it) is written as the tab
    /// and `go`: played from that step, the app shows Search's tab as the taps left it, as the
    /// storyboard does.
    @Test func playingFromARecordedStepShowsWhatTheStoryboardShows() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: EditorRecordingTests.root + "/examples/Player", toPath: dir + "/app")
        let record = "key ctrl+r\nwait 800\ntap tab.search\nwait 600\ntap genre.pop\nwait 600\ntap player.play\nwait 600\nkey escape\nkey ctrl+s\ntext \"songs\"\nkey enter\n"
        let r = try recorder.edit("songs.json", record, in: dir, before: ["--app", "app/player.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let steps = try EditorRecordingTests.json(dir + "/songs.json")["steps"]?.arrayValue ?? []
        #expect(steps.map { $0["tab"]?.stringValue } == [nil, "search", nil] && steps.map { $0["go"]?.stringValue } == [nil, nil, "nowPlaying"],
                "\(steps.map { $0.text() })")
        let app = ["--app", "app/player.json"]
        let play = try recorder.edit("songs.json", "tap editor.step.3\nkey ctrl+p\nwait 3000\nshot play.png\n", in: dir, before: app)
        #expect(play.status == 0, "\(play.stderr)")
        #expect(try recorder.run(app + ["render", "--tour", "songs.json", "--all", "--time", "3000", "--out", "board"], in: dir).status == 0)
        #expect(try Self.differing(dir + "/out/play.png", dir + "/board/step-03.png") == 0, "Play from step 3 is the storyboard's step 3")
        #expect(try recorder.run(app + ["test", "songs.json", "--update"], in: dir).status == 0)
        let test = try recorder.run(app + ["test", "songs.json"], in: dir)
        #expect(test.status == 0 && test.stdout.contains("4 passed, 0 failed"), "\(test.stdout)\(test.stderr)")
    }
}
