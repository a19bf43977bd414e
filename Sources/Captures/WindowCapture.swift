import AccessibilityBridge
import Files
import ImageFiles
import Raster
import Tours
import Views

/// A capture of a running desktop app over AT-SPI2: its active window's element tree (roles,
/// names, descriptions, states, extents, ids) read from the accessibility bus, and the window's
/// pixels from the X display (or a screenshot given).
public struct WindowCapture {
    /// The application's name on the accessibility bus.
    public var app: String
    /// A PNG of the window to use instead of the display's pixels.
    public var screenshot: String?
    /// Device pixels per point of the app's extents (Limelight's own window and GTK 4 give device
    /// pixels; GTK 3 gives points at any scale).
    public var pixelsPerPoint = 1.0
    /// The language the app's names are in.
    public var language = "en"
    /// The deepest the app's tree is walked.
    static let maxDepth = 512

    /// A capture of the app called `app`.
    public init(app: String) { self.app = app }

    /// Reads the app's window and its pixels: the capture (its `image` named `imageName`), the PNG's
    /// bytes, and what was clipped, one line each.
    public func run(imageName: String) throws(CaptureError) -> (capture: Capture, png: [UInt8], notes: [String]) {
        let client: AccessibleClient
        do { client = try AccessibleClient.connect() } catch { throw CaptureError(error.description) }
        do {
            let apps = try client.applications()
            guard let found = apps.first(where: { $0.name == app }) ?? apps.first(where: { $0.name.lowercased() == app.lowercased() }) else {
                let names = apps.map { "\"\($0.name)\"" }.filter { $0 != "\"\"" }
                throw CaptureError("no application named \"\(app)\" on the accessibility bus (\(names.isEmpty ? "none is" : "there are " + names.joined(separator: ", ")))")
            }
            let roots = try client.children(of: found.root)
            let windows = zip(roots, try client.read(roots)).map { ($0, $1.object) }
            guard let (window, frame) = windows.first(where: { $0.1.isActive && $0.1.extents != nil }) ?? windows.first(where: { $0.1.isShowing && ($0.1.extents?.width ?? 0) > 0 }),
                  let box = frame.extents, box.width > 0, box.height > 0 else {
                throw CaptureError("\"\(found.name)\" shows no window")
            }
            // The pixels first: what is shown of the window is the screen the elements are clipped to.
            let image = try picture(x: box.x, y: box.y, width: box.width, height: box.height)
            let shown = image.shown
            var walker = Walker(client: client, origin: (Double(shown.x), Double(shown.y)), pixelsPerPoint: pixelsPerPoint,
                                screen: Rect(x: 0, y: 0, width: Double(shown.width) / pixelsPerPoint, height: Double(shown.height) / pixelsPerPoint))
            let elements = try walker.elements(inside: window)
            let size = Size(Double(shown.width) / pixelsPerPoint, Double(shown.height) / pixelsPerPoint)
            if shown.width != box.width || shown.height != box.height {
                walker.note("the window is \(box.width)x\(box.height) pixels, of which the display shows \(shown.width)x\(shown.height): that part is captured")
            }
            var capture = Capture(size: size, scale: Double(image.pixmap.width) / size.width, image: imageName, elements: elements)
            capture.language = language
            capture.source = found.name
            return (capture, image.png, walker.notes)
        } catch let failure as AccessibleClient.Failure {
            throw CaptureError("the accessibility bus: \(failure.description)")
        } catch let error as CaptureError {
            throw error
        } catch {
            throw CaptureError("\(error)")
        }
    }

    /// The window's picture: the screenshot given (checked to be an image), else the display's,
    /// with the part of the window's box it shows.
    private func picture(x: Int32, y: Int32, width: Int32, height: Int32) throws(CaptureError)
        -> (pixmap: Pixmap, png: [UInt8], shown: (x: Int32, y: Int32, width: Int32, height: Int32)) {
        if let screenshot {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(screenshot, limit: Pixmap.maxBytes, kind: "a PNG screenshot") } catch { throw CaptureError("--screenshot: \(error.reason)") }
            do { return (try Pixmap(imageData: bytes, name: screenshot), bytes, (x, y, width, height)) } catch { throw CaptureError("--screenshot: \(error)") }
        }
        let (pixmap, shown) = try WindowPixels.read(x: x, y: y, width: width, height: height)
        do { return (pixmap, try pixmap.pngBytes(), shown) } catch { throw CaptureError("cannot encode the window's pixels: \(error)") }
    }

    /// Walks an app's objects into captured elements: each of a role Limelight knows, showing, with
    /// a box inside the window, is an element; the rest are structure, their elements lifted. The
    /// tree is read a level at a time (every object of a level asked at once).
    struct Walker {
        let client: AccessibleClient
        let origin: (x: Double, y: Double)
        let pixelsPerPoint: Double
        let screen: Rect
        private(set) var notes: [String] = []
        private var read: [AccessibleClient.Reference: (object: AccessibleClient.Object, children: [AccessibleClient.Reference])] = [:]
        private var count = 0
        /// The most objects read of one app, showing or not.
        static let maxObjects = 200_000

        init(client: AccessibleClient, origin: (Double, Double), pixelsPerPoint: Double, screen: Rect) {
            self.client = client; self.origin = origin; self.pixelsPerPoint = pixelsPerPoint; self.screen = screen
        }

        /// The elements of the objects inside `window`.
        mutating func elements(inside window: AccessibleClient.Reference) throws(AccessibleClient.Failure) -> [CapturedElement] {
            var level = try client.children(of: window), depth = 0
            let top = level
            while !level.isEmpty {
                guard depth < WindowCapture.maxDepth else {
                    note("the app's tree is deeper than \(WindowCapture.maxDepth) levels: what lies deeper is left out")
                    break
                }
                guard read.count + level.count <= Self.maxObjects else {
                    note("the app has more than \(Self.maxObjects) objects: the rest are left out")
                    break
                }
                let fresh = level.filter { read[$0] == nil }
                var next: [AccessibleClient.Reference] = []
                for (reference, answer) in zip(fresh, try client.read(fresh)) {
                    read[reference] = answer
                    // What is not showing is left out, and so is everything inside it.
                    if answer.object.isShowing { next += answer.children }
                }
                level = next
                depth += 1
            }
            return top.flatMap { build($0, level: 0, depth: 0) }
        }

        private mutating func build(_ reference: AccessibleClient.Reference, level: Int, depth: Int) -> [CapturedElement] {
            guard depth < WindowCapture.maxDepth, let (object, children) = read[reference], object.isShowing else { return [] }
            var made: CapturedElement?
            if let role = object.semanticRole, let e = object.extents, e.width > 0, e.height > 0 {
                let p = pixelsPerPoint
                let frame = Rect(x: (Double(e.x) - origin.x) / p, y: (Double(e.y) - origin.y) / p,
                                 width: Double(e.width) / p, height: Double(e.height) / p).intersection(screen)
                if !frame.isEmpty, !(role == .text && object.name.isEmpty) {
                    if count >= Capture.maxElements {
                        note("the window has more than \(Capture.maxElements) elements: the rest are left out")
                        return []
                    } else if level < Capture.maxDepth {
                        var element = CapturedElement(role: role, name: object.name, frame: frame, id: object.id)
                        element.description = object.description
                        element.state = object.semanticState
                        made = element
                        count += 1
                    } else {
                        note("the app's elements nest deeper than \(Capture.maxDepth): deeper ones are lifted into the one \(Capture.maxDepth) deep")
                    }
                }
            }
            var inner: [CapturedElement] = []
            for child in children { inner += build(child, level: level + (made == nil ? 0 : 1), depth: depth + 1) }
            guard var element = made else { return inner }
            element.children = inner
            return [element]
        }

        /// Says `line` once.
        mutating func note(_ line: String) { if !notes.contains(line) { notes.append(line) } }
    }
}
