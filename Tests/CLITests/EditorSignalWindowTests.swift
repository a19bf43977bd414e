import Foundation
import Testing
import Raster
import Views
import Editor

// Nested in `WindowTests`, whose `.serialized` then covers them (see EditorWindowTests).
extension WindowTests {
/// The editor in real windows (Xvfb, SDL's x11 driver) when it is ended from outside: SIGTERM,
/// SIGINT and SIGHUP with unsaved changes and the quit question up end it at once, as the signal
/// ends a process, with the unsaved tour kept beside the file (`.t.json.recovered`); the next
/// `edit` of the file offers it back (a line on stderr, a question in the window) and Restore,
/// Discard and Escape do what they say. And fifty drops followed by Ctrl-Q → Don't save, half of
/// them from a source window that is gone before the editor answers it, each end with status 0.
@Suite(.serialized, .enabled("needs Xvfb, xdotool and ImageMagick (make test installs them)") { try WindowTools.ready() })
struct EditorSignalWindowTests {
    /// How the second editor answers the question about the kept changes.
    enum Answer: String, CaseIterable { case restore, discard, later }

    @Test(arguments: [(SIGTERM, Answer.restore), (SIGINT, Answer.discard), (SIGHUP, Answer.later)])
    func aSignalKeepsTheUnsavedTourAndTheNextEditOffersItBack(signal: Int32, answer: Answer) async throws {
        let (xvfb, display) = try WindowTests.startXvfb(screen: "1400x1800")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try CLI.temporaryFolder()
        let file = dir + "/t.json", kept = dir + "/.t.json.recovered"
        let original = EditorLayout.home
        try original.write(toFile: file, atomically: true, encoding: .utf8)
        let (app, appErr, window) = try WindowTests.launch(["edit", file, "--driver", "x11"], on: display, title: "t\\.json$")
        defer { WindowTests.stop(app) }
        func key(_ k: String, _ w: String) throws { try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", w, k], display: display) }
        usleep(2_000_000)
        // A new step (unsaved), then Ctrl-Q: the question is up and nobody answers it.
        try key("ctrl+n", window)
        try key("ctrl+q", window)
        usleep(1_500_000)
        #expect(app.isRunning, "Ctrl-Q with unsaved changes asks")
        kill(app.processIdentifier, signal)
        #expect(WindowTests.waitFor(10) { !app.isRunning }, "the signal ends the editor promptly")
        app.waitUntilExit()
        #expect(app.terminationReason == .uncaughtSignal && app.terminationStatus == signal,
                "it ends as the signal ends a process: \(app.terminationReason == .exit ? "exit" : "signal") \(app.terminationStatus)")
        let err = String(decoding: appErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(err.contains("kept in \(kept)"), "one line says where: \(err)")
        let keptText = try String(contentsOfFile: kept, encoding: .utf8)
        #expect(keptText.components(separatedBy: "\"text\"").count > original.components(separatedBy: "\"text\"").count, "the new step is kept")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == original, "the file itself is as it was")
        // The next edit of the file offers it back.
        let place = try await MainActor.run { () throws -> Rect in
            let editor = try PanelLayout.editor(of: file, size: Size(790, 844))
            return try #require(editor.root.view(withID: "editor.recovery.\(answer == .discard ? "discard" : "restore")")).frame
        }
        let (second, secondErr, window2) = try WindowTests.launch(["edit", file, "--driver", "x11"], on: display, title: "t\\.json$")
        defer { WindowTests.stop(second) }
        usleep(2_000_000)
        let shots = try CLI.temporaryFolder()
        _ = try WindowTests.screenshot(of: window2, on: display, into: shots, name: "question")
        switch answer {
        case .restore, .discard:
            try WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window2, "\(Int(place.midX))", "\(Int(place.midY))", "click", "1"], display: display)
        case .later:
            try key("Escape", window2)
        }
        usleep(1_000_000)
        try key("ctrl+s", window2)
        switch answer {
        case .restore:
            #expect(WindowTests.waitFor(20) { (try? String(contentsOfFile: file, encoding: .utf8)) == keptText }, "restored and saved (\(shots))")
            #expect(WindowTests.waitFor(5) { !FileManager.default.fileExists(atPath: kept) }, "the save removed the recovery file")
        case .discard:
            #expect(WindowTests.waitFor(10) { !FileManager.default.fileExists(atPath: kept) }, "Discard removed the recovery file (\(shots))")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
        case .later:
            usleep(1_000_000)
            #expect(FileManager.default.fileExists(atPath: kept), "Escape keeps it for the next time")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
        }
        try key("ctrl+q", window2)
        #expect(WindowTests.waitFor(20) { !second.isRunning }, "nothing unsaved: Ctrl-Q ends it")
        second.waitUntilExit()
        let err2 = String(decoding: secondErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(err2.contains("unsaved changes kept in .t.json.recovered"), "a line on stderr offers them: \(err2)")
        #expect(second.terminationReason == .exit && second.terminationStatus == 0, "\(second.terminationStatus) \(err2)")
    }

    /// Fifty rounds in one display: an editor on a new tour, an image dropped on it (in every other
    /// round from a source window that is gone before the editor answers it: SDL's XdndStatus and
    /// XdndFinished then meet `BadWindow`), then Ctrl-Q → Don't save. Each ends with status 0 and
    /// no X error; each round waits on events, not on fixed times.
    @Test func fiftyDropsThenQuitsEachEndCleanly() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/xdnd-drop.py").path
        guard (try? CLI.runProcess("/usr/bin/python3", ["-c", "import Xlib"]))?.status == 0 else {
            withKnownIssue("python3-xlib is not installed (make test installs it): no drop was made") { throw CancellationError() }
            return
        }
        let (xvfb, display) = try WindowTests.startXvfb(screen: "1400x1800")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try CLI.temporaryFolder()
        let image = dir + "/home@3x.png"
        try Pixmap(width: 390 * 3, height: 844 * 3, fill: Color(red: 0x20, green: 0x50, blue: 0xA0)).writePNG(to: image)
        let file = dir + "/new.json"
        let discard = try await MainActor.run { () throws -> Rect in
            let editor = try PanelLayout.editor(of: file, size: Size(790, 844))
            _ = editor.shouldQuit()
            editor.root.frame(into: nil)
            return try #require(editor.root.view(withID: "editor.quit.discard")).frame
        }
        // Rounds are short: everything is polled every 20 ms.
        func poll(_ seconds: Double, _ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                if condition() { return true }
                usleep(20_000)
            } while Date() < deadline
            return condition()
        }
        /// The editor and its window. Xvfb resets about one connection in three hundred while
        /// clients come and go this fast (measured with python-xlib: 10 of 3000 opens), which SDL
        /// reports as "x11 not available": such a launch is tried again, as it is not what a
        /// round tests.
        func launch() throws -> (Process, Pipe, String)? {
            for _ in 1...3 {
                let app = Process()
                app.executableURL = URL(fileURLWithPath: CLI.binary)
                app.arguments = ["edit", file, "--driver", "x11"]
                var environment = ProcessInfo.processInfo.environment
                environment["DISPLAY"] = ":\(display)"
                environment["SDL_VIDEODRIVER"] = nil
                environment["WAYLAND_DISPLAY"] = nil
                app.environment = environment
                let appErr = Pipe()
                app.standardError = appErr
                try app.run()
                var window = ""
                _ = poll(90) {
                    window = (try? WindowTests.tool("/usr/bin/xdotool", ["search", "--name", "new\\.json$"], display: display))?
                        .split(separator: "\n").first.map(String.init) ?? ""
                    return !window.isEmpty || !app.isRunning
                }
                if !window.isEmpty { return (app, appErr, window) }
                WindowTests.stop(app)
                let err = String(decoding: appErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                guard err.contains("x11 not available") else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: err]) }
            }
            return nil
        }
        var failures: [String] = []
        for round in 1...50 {
            guard let (app, appErr, window) = try launch() else {
                failures.append("round \(round): Xvfb refused three launches")
                continue
            }
            let gone = round % 2 == 0
            let drop = try CLI.runProcess("/usr/bin/python3", [script] + (gone ? ["--source-gone"] : []) + [window, image, "200", "400"],
                                          environment: ["DISPLAY": ":\(display)"], timeout: 30)
            if drop.status != 0 { failures.append("round \(round): the drop script: \(drop.stderr)") }
            try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window, "ctrl+q"], display: display)
            // Don't save, clicked until the editor is gone (the question shows on its next frame).
            _ = poll(20) {
                _ = try? WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int(discard.midX))", "\(Int(discard.midY))", "click", "1"], display: display)
                return poll(0.25) { !app.isRunning }
            }
            if app.isRunning { failures.append("round \(round): still running after Don't save") }
            WindowTests.stop(app)
            let err = String(decoding: appErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if app.terminationReason != .exit || app.terminationStatus != 0 || err.contains("X Error") {
                failures.append("round \(round) (\(gone ? "source gone" : "whole drop")): status \(app.terminationStatus): \(err)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 50 rounds failed:\n\(failures.joined(separator: "\n"))")
    }
}
}
