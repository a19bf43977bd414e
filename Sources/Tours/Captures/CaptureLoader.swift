import Files
import Raster
import Schema
import Views

/// Reads capture files: JSON syntax, then every key and value by `CaptureSchema`'s rows, each
/// problem with the file, the line and the key path.
public enum CaptureLoader {
    /// The largest capture file read (a screen of 20,000 elements fits).
    public static let maxFileSize = 16 * 1024 * 1024

    /// Whether the file at `path` names itself a capture (a `.capture.json` name).
    public static func isCaptureFile(_ path: String) -> Bool { path.hasSuffix(".capture.json") }

    /// The capture in the file at `path`.
    public static func load(path: String) throws(LoadError) -> Capture {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: maxFileSize, kind: "a capture file, JSON") } catch {
            throw LoadError(diagnostics: [Diagnostic(file: path, line: nil, path: "", message: error.reason)])
        }
        return try load(bytes: bytes, file: path)
    }

    /// The capture in `bytes`, naming `file` in its problems.
    public static func load(bytes: [UInt8], file: String) throws(LoadError) -> Capture {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw LoadError(diagnostics: [Diagnostic(file: file, line: error.line, path: error.path, message: error.message)])
        }
        var r = SchemaReader(file: file)
        var capture = Capture(size: Size(1, 1), scale: 1, image: "")
        r.decode(root, at: .root, keys: CaptureSchema.capture, what: "an object with \"capture\", \"screen\", \"image\" and \"elements\" (a capture)", into: &capture)
        var problems = r.diagnostics
        // Every element is on the screen: one wholly off it is refused, one partly off is clipped.
        let screen = Rect(x: 0, y: 0, width: capture.size.width, height: capture.size.height)
        func clip(_ elements: inout [CapturedElement], _ path: String) {
            for i in elements.indices {
                let at = "\(path)[\(i)]"
                let frame = elements[i].frame
                let shown = frame.intersection(screen)
                if shown.isEmpty {
                    problems.append(Diagnostic(file: file, line: nil, path: at,
                                               message: "the frame [\(frame.minX.compact), \(frame.minY.compact), \(frame.width.compact), \(frame.height.compact)] lies outside the \(screen.width.compact)x\(screen.height.compact)-point screen (expected an element on the screen)"))
                } else {
                    elements[i].frame = shown
                }
                clip(&elements[i].children, at + ".children")
            }
        }
        if !problems.contains(where: { $0.severity == .error }) { clip(&capture.elements, "elements") }
        if problems.contains(where: { $0.severity == .error }) { throw LoadError(diagnostics: problems) }
        return capture
    }
}
