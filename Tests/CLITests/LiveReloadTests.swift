import Foundation
import Testing

/// `limelight --tour FILE` with a FILE that does not load yet: the window opens with the banner and
/// the tour starts at the first good save (SDL's dummy driver: a window without a display).
@Suite struct LiveReloadTests {
    /// Waits up to `seconds` for `file` to contain `text`; false if it never does.
    func waitFor(_ text: String, in file: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            // Read through a handle, as TourLoader does: String(contentsOfFile:) on a file another
            // process is still writing leaks its read buffer in this Foundation.
            if let handle = FileHandle(forReadingAtPath: file) {
                defer { try? handle.close() }
                if let data = try? handle.readToEnd(), String(decoding: data, as: UTF8.self).contains(text) { return true }
            }
            usleep(20_000)
        }
        return false
    }

    @Test func aBrokenTourOpensTheWindowAndStartsAtTheFirstGoodSave() throws {
        let dir = try CLI.temporaryFolder()
        let tour = dir + "/live.json"
        try #"{"id": "live", "steps": [{"target": "fab", "txt": "typo"}]}"#.write(toFile: tour, atomically: true, encoding: .utf8)
        let log = dir + "/stderr.txt"
        let p = try CLI.startWindow(["--tour", tour, "--driver", "dummy"], state: dir + "/state", stderr: log)
        defer { if p.isRunning { p.terminate(); p.waitUntilExit() } }
        #expect(waitFor("has problems; the window waits for a good save", in: log, seconds: 20))
        #expect(p.isRunning, "the window stays open")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("limelight: window: \(tour):1: steps[0].txt: unknown key (did you mean \"text\"?)"))
        // A good save by rename, as editors do.
        try #"{"id": "live", "steps": [{"target": "fab", "text": "Fixed."}]}"#.write(toFile: dir + "/.live.tmp", atomically: false, encoding: .utf8)
        #expect(rename(dir + "/.live.tmp", tour) == 0)
        #expect(waitFor("limelight: window: loaded \(tour) (1 steps)", in: log, seconds: 20))
        #expect(waitFor("tour \"live\": step 1 of 1 shown", in: log, seconds: 20))
    }
}
