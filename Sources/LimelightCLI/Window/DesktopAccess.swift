import Foundation
import Speech
import Views

/// What the desktop and the command line say about motion and speech, for the window commands.
@MainActor
enum DesktopAccess {
    /// Whether the desktop asks for reduced motion: `LIMELIGHT_REDUCE_MOTION` (1, true or yes; 0,
    /// false or no) when set, else GNOME's `org.gnome.desktop.interface enable-animations` read
    /// through `gsettings` when it is installed, else no.
    static func desktopReducesMotion(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let value = environment["LIMELIGHT_REDUCE_MOTION"]?.lowercased(), !value.isEmpty {
            return ["1", "true", "yes", "on"].contains(value)
        }
        let gsettings = "/usr/bin/gsettings"
        guard FileManager.default.isExecutableFile(atPath: gsettings) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: gsettings)
        p.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 && String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    }

    /// The announcer for `--speech on|off` (nil: the default, on when a speech-dispatcher service
    /// answers): one line on stderr says which. `on` without a service is an error.
    static func announcer(_ setting: String?, command: String) throws(CLIError) -> (any Announcer)? {
        switch setting?.lowercased() {
        case "off"?:
            warn("\(command): speech: off (--speech off)")
            return nil
        case "on"?:
            guard let speech = SpeechDispatcher() else {
                throw .failure("\(command): --speech on: no speech-dispatcher service answers (start speech-dispatcher, or use --speech off)")
            }
            warn("\(command): speech: on (speech-dispatcher)")
            return speech
        case nil:
            if let speech = SpeechDispatcher() {
                warn("\(command): speech: on (speech-dispatcher answers; --speech off to silence it)")
                return speech
            }
            warn("\(command): speech: off (no speech-dispatcher service answers)")
            return nil
        case let other?:
            throw .usage("\(command): --speech expects on or off (got \"\(Arguments.printable(other))\")")
        }
    }
}
