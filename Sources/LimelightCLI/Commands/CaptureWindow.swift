import Captures
import Tours

extension CaptureCommand {
    /// The capture of the desktop app `app`'s active window over AT-SPI2, its extents `pixelsPerPoint`
    /// device pixels to the point.
    static func captureWindow(_ app: String, screenshot: String?, pixelsPerPoint: Double, language: String, imageName: String,
                              command c: String) throws(CLIError) -> (capture: Capture, png: [UInt8], notes: [String]) {
        var window = WindowCapture(app: app)
        window.screenshot = screenshot
        window.pixelsPerPoint = pixelsPerPoint
        window.language = language
        do { return try window.run(imageName: imageName) } catch { throw .failure("\(c): \(error.message)") }
    }
}
