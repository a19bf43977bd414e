import Foundation
import Testing
import TestSupport

/// The window's announcements through a real speech-dispatcher service: started in the suite with
/// its dummy output module on a socket of its own, its log read back for what it was asked to say.
@Suite(.serialized) struct SpeechTests {
    static let daemon = "/usr/bin/speech-dispatcher"

    /// Waits up to `seconds` for `condition`.
    func wait(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// Stops `p`: SIGTERM, then SIGKILL when it is still there after two seconds.
    func stop(_ p: Process) {
        guard p.isRunning else { return }
        p.terminate()
        if !wait(2, { !p.isRunning }) { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
    }

    func read(_ path: String) -> String {
        guard let h = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? h.close() }
        return String(decoding: (try? h.readToEnd()) ?? Data(), as: UTF8.self)
    }

    @Test(.enabled("speech-dispatcher is not installed (Debian package speech-dispatcher); the window's speech is not tested") {
        try RequiredTools.check(programs: [SpeechTests.daemon])
    })
    func theWindowSpeaksEachStepThroughSpeechDispatcher() throws {
        let dir = try CLI.temporaryFolder()
        let conf = dir + "/conf", logs = dir + "/log", socket = dir + "/speechd.sock"
        for d in [conf, logs] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        try """
            AddModule "dummy" "sd_dummy" ""
            DefaultModule dummy
            AudioOutputMethod "libao"
            LogLevel 5
            """.write(toFile: conf + "/speechd.conf", atomically: true, encoding: .utf8)
        let service = Process()
        service.executableURL = URL(fileURLWithPath: Self.daemon)
        service.arguments = ["-s", "-C", conf, "-L", logs, "-S", socket, "-c", "unix_socket", "-t", "60", "-P", dir + "/pid", "-l", "5"]
        service.standardOutput = FileHandle.nullDevice
        service.standardError = FileHandle.nullDevice
        try service.run()
        defer { stop(service) }
        try #require(wait(10) { FileManager.default.fileExists(atPath: socket) }, "speech-dispatcher did not open its socket")

        let stderr = dir + "/stderr.txt"
        let window = try CLI.startWindow(["--tour", TourCommandTests.tours + "/home.json", "--driver", "dummy"], state: dir + "/state",
                                         stderr: stderr, environment: ["SPEECHD_ADDRESS": "unix_socket:" + socket])
        defer { stop(window) }

        let log = logs + "/speech-dispatcher.log"
        let said = "Step 1 of 5: Welcome. This is the Home screen. Tours find their targets by view id, so they follow the layout. Next, button"
        #expect(wait(20) { read(log).contains("Queueing message |\(said)|") }, "speech-dispatcher was not asked to say the first step")
        #expect(read(log).contains("SET self LANGUAGE en") || read(log).lowercased().contains("set self language en"), "in the app's language")
        #expect(read(stderr).contains("limelight: window: speech: on (speech-dispatcher answers; --speech off to silence it)"), "\(read(stderr))")
    }

    @Test func withoutAServiceSpeechIsOffAndOneLineSaysSo() throws {
        let dir = try CLI.temporaryFolder()
        let stderr = dir + "/stderr.txt"
        let window = try CLI.startWindow(["--driver", "dummy"], state: dir + "/state", stderr: stderr,
                                         environment: ["SPEECHD_ADDRESS": "unix_socket:" + dir + "/nobody.sock"])
        defer { stop(window) }
        #expect(wait(10) { read(stderr).contains("speech:") })
        let lines = read(stderr).split(separator: "\n").filter { $0.contains("speech") }
        #expect(lines == ["limelight: window: speech: off (no speech-dispatcher service answers)"])
    }
}
