import Foundation
import Testing

// Nested in `WindowTests`, whose `.serialized` then covers them (see EditorWindowTests).
extension WindowTests {
/// The editor's window is titled by the app it edits over: its `windowTitle` and the tour's file
/// ("Player — p.json" over the Player, declared in a screens file), not Limelight's name.
@Suite(.serialized, .enabled("needs Xvfb, xdotool and ImageMagick (make test installs them)") { try WindowTools.ready() })
struct EditorTitleWindowTests {
    static let player = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/Player/player.json").path

    @Test func theEditorIsTitledByTheAppsWindowTitle() throws {
        let (xvfb, display) = try WindowTests.startXvfb(screen: "1400x1000")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try CLI.temporaryFolder()
        let (app, _, window) = try WindowTests.launch(["--app", Self.player, "edit", dir + "/p.json", "--driver", "x11"], on: display,
                                                      title: "p\\.json$")
        defer { WindowTests.stop(app) }
        let name = try WindowTests.tool("/usr/bin/xdotool", ["getwindowname", window], display: display)
        #expect(name.trimmingCharacters(in: .whitespacesAndNewlines) == "Player — p.json")
    }
}
}
