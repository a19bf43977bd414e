import Foundation
import Testing
import TestSupport

extension WindowTests {
    /// Orca itself on the sample app through `scripts/orca-session.sh`: the window in a private
    /// accessible desktop, Orca speaking to a speech-dispatcher of its own with the dummy output
    /// module, whose log says what Orca asked it to say.
    @Suite(.serialized, .enabled("needs Orca and speech-dispatcher besides the accessible desktop (make test installs them)") { try ScreenReaderTools.orcaReady() })
    struct OrcaTests {
        @Test func orcaNamesEachStepItsTitleAndItsButton() throws {
            let spoken = try Self.session(keys: "Return")
            #expect(spoken.contains { $0.hasPrefix("Step 2 of 5") }, "Enter took the tour on: \(spoken)")
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

        /// What Orca said in `scripts/orca-session.sh` (as the README has a user run it) over the home
        /// tour, `keys` pressed in turn, each utterance once; the script's first line names the log.
        static func session(keys: String) throws -> [String] {
            let dir = try CLI.temporaryFolder()
            let script = URL(fileURLWithPath: ScreenReaderTools.session).deletingLastPathComponent().appendingPathComponent("orca-session.sh").path
            _ = FileManager.default.createFile(atPath: dir + "/out.txt", contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/out.txt"))
            let p = try ChildProcess.run("/bin/sh", [script, dir + "/session", CLI.binary, "--size", "390x844", "--tour", TourCommandTests.tours + "/home.json"],
                                         environment: ["KEYS": keys, "LISTEN": "3"], stdout: .handle(output), stderr: .handle(output), timeout: 150)
            let lines = ((try? String(contentsOfFile: dir + "/out.txt", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            #expect(p.status == 0, "\(lines)\(p.timeoutMessage.map { "\n" + $0 } ?? "")")
            #expect(lines.first == "orca-session: what Orca asks speech-dispatcher to say is logged in \(dir)/session/orca/log/speech-dispatcher.log", "\(lines)")
            #expect(FileManager.default.fileExists(atPath: dir + "/session/orca/log/speech-dispatcher.log"), "the log is kept")
            return lines.filter { $0.hasPrefix("Orca: ") }.map { String($0.dropFirst("Orca: ".count)) }
        }
    }
}
