import Foundation
import Testing
import TestSupport

extension WindowTests {
    /// Orca itself on the sample app: the window in a private accessible desktop, Orca speaking to a
    /// speech-dispatcher of its own with the dummy output module, whose log says what Orca asked it
    /// to say.
    @Suite(.serialized, .enabled(if: ScreenReaderTools.orcaAvailable, "needs Orca and speech-dispatcher besides the accessible desktop (make test installs them)"))
    struct OrcaTests {
        /// Starts speech-dispatcher and Orca, waits for each utterance the step should bring
        /// (pressing Enter for the next step), and prints every utterance as a JSON line.
        static let client = #"""
        #!/usr/bin/python3
        import html, json, os, re, subprocess, sys, time
        here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "orca")
        os.makedirs(os.path.join(here, "conf")); os.makedirs(os.path.join(here, "log"))
        with open(os.path.join(here, "conf", "speechd.conf"), "w") as f:
            f.write('AddModule "dummy" "sd_dummy" ""\nDefaultModule dummy\nAudioOutputMethod "libao"\nLogLevel 5\n')
        socket = os.path.join(here, "speechd.sock")
        speechd = subprocess.Popen(["speech-dispatcher", "-s", "-C", os.path.join(here, "conf"), "-L", os.path.join(here, "log"),
                                    "-S", socket, "-c", "unix_socket", "-t", "120", "-P", os.path.join(here, "pid"), "-l", "5"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(socket):
                break
            time.sleep(0.1)
        env = dict(os.environ, SPEECHD_ADDRESS="unix_socket:" + socket)
        orca = subprocess.Popen(["orca", "--replace", "--debug-file=" + os.path.join(here, "orca.debug")], env=env,
                                stdout=subprocess.DEVNULL, stderr=open(os.path.join(here, "orca.err"), "w"))

        def spoken():
            try:
                log = open(os.path.join(here, "log", "speech-dispatcher.log"), encoding="utf-8", errors="replace").read()
            except OSError:
                return []
            said = re.findall(r"Queueing message \|(.*?)\| with priority", log, re.S)
            return [html.unescape(re.sub(r"<[^>]*>", "", s)).strip() for s in said]

        def wait_for(prefix, seconds=40):
            deadline = time.time() + seconds
            while time.time() < deadline:
                if any(s.startswith(prefix) for s in spoken()):
                    return True
                time.sleep(0.2)
            return False

        first = wait_for("Step 1 of 5")
        window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Limelight"], capture_output=True, text=True).stdout.split()
        if window:
            subprocess.run(["xdotool", "windowfocus", window[0]], check=False)
        time.sleep(1)
        subprocess.run(["xdotool", "key", "Return"], check=False)
        second = wait_for("Step 2 of 5")
        time.sleep(1)
        orca.terminate(); speechd.terminate()
        for p in (orca, speechd):
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        print(json.dumps({"spoken": spoken(), "first": first, "second": second}))
        """#

        @Test func orcaNamesEachStepItsTitleAndItsButton() throws {
            let (lines, log) = try ScreenReaderTools.run(client: Self.client, app: ["env", "SDL_VIDEODRIVER=x11", CLI.binary, "--size", "390x844",
                                                                                    "--tour", TourCommandTests.tours + "/home.json"])
            let result = try #require(lines.first { $0["spoken"] != nil }, "\(lines) \(log)")
            let spoken = try #require(result["spoken"] as? [String])
            #expect(result["first"] as? Bool == true && result["second"] as? Bool == true, "\(spoken)")
            // What Orca says as each step arrives: the step and its title, the role, the text (the
            // dialog's description), then the button it moved the focus to.
            let steps = [
                "Step 1 of 5: Welcome dialog This is the Home screen. Tours find their targets by view id, so they follow the layout.",
                "Step 2 of 5: Cards dialog Each card shows a picture, a title and a short description.",
            ]
            for step in steps {
                let at = try #require(spoken.firstIndex(of: step), "Orca said \(spoken)")
                #expect(spoken.dropFirst(at + 1).first == "Next push button.", "then the button the focus is on: \(spoken)")
            }
            // Each step is said once: the step's text is not read again as a label of its own, nor its "1 / 5".
            #expect(spoken.filter { $0.contains("This is the Home screen") }.count == 1, "\(spoken)")
            #expect(!spoken.contains { $0.contains("1 / 5") }, "\(spoken)")
        }

        /// `scripts/orca-session.sh`, as the README has a user run it: the log's path first, then
        /// each thing Orca says as a line of its own, Enter taking the tour to its second step.
        @Test func theOrcaSessionScriptPrintsWhatOrcaSays() throws {
            let dir = try CLI.temporaryFolder()
            let script = URL(fileURLWithPath: ScreenReaderTools.session).deletingLastPathComponent().appendingPathComponent("orca-session.sh").path
            _ = FileManager.default.createFile(atPath: dir + "/out.txt", contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/out.txt"))
            let p = try ChildProcess.run("/bin/sh", [script, dir + "/session", CLI.binary, "--size", "390x844", "--tour", TourCommandTests.tours + "/home.json"],
                                         environment: ["KEYS": "Return", "LISTEN": "3"], stdout: .handle(output), stderr: .handle(output), timeout: 150)
            let lines = ((try? String(contentsOfFile: dir + "/out.txt", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            #expect(p.status == 0, "\(lines)\(p.timeoutMessage.map { "\n" + $0 } ?? "")")
            #expect(lines.first == "orca-session: what Orca asks speech-dispatcher to say is logged in \(dir)/session/orca/log/speech-dispatcher.log", "\(lines)")
            #expect(lines.contains("Orca: Step 1 of 5: Welcome dialog This is the Home screen. Tours find their targets by view id, so they follow the layout."), "\(lines)")
            #expect(lines.contains("Orca: Step 2 of 5: Cards dialog Each card shows a picture, a title and a short description."), "\(lines)")
            #expect(FileManager.default.fileExists(atPath: dir + "/session/orca/log/speech-dispatcher.log"), "the log is kept")
        }
    }
}
