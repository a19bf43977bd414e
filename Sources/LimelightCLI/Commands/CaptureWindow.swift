import Captures
import Tours

extension CaptureCommand {
    /// The capture of the desktop app `app`'s active window over AT-SPI2.
    static func captureWindow(_ app: String, screenshot: String?, language: String, imageName: String, command c: String) throws(CLIError) -> (capture: Capture, png: [UInt8], notes: [String]) {
        throw .failure("\(c): --atspi is not built yet")
    }
}
