import Foundation
import Glibc
import Raster
import Tours
import Views

/// A capture of a web page: headless Chromium loads it at a size and scale, in a language, and
/// over its DevTools protocol Limelight reads the accessibility tree (roles, names, descriptions,
/// states), each node's box from a DOM snapshot (with its `data-testid` or `id` as the element's
/// id), and the screenshot, all of one frame.
public struct PageCapture {
    /// The page's address (`https:`, `http:`, `file:`).
    public var url: String
    /// The viewport, in CSS pixels (the capture's points).
    public var size = Size(1280, 800)
    /// Device pixels per CSS pixel.
    public var scale = 1.0
    /// The language the browser asks pages for and reports (`navigator.language`).
    public var language = "en"
    /// Seconds the page has to load.
    public var timeout = 30.0
    /// The browser to run; nil: the one `browser(in:)` finds.
    public var browser: String?

    /// A capture of `url`.
    public init(url: String) { self.url = url }

    /// The Chromium to drive: `LIMELIGHT_CHROMIUM`, else Debian's (its binary, not the wrapper
    /// script), else `chromium` or `chromium-browser` on the system's folders.
    public static func browser(in environment: [String: String]) -> String? {
        if let given = environment["LIMELIGHT_CHROMIUM"], !given.isEmpty { return given }
        return ["/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser"].first { access($0, X_OK) == 0 }
    }

    /// Loads the page and captures it: the capture (its `image` named `imageName`), its PNG's
    /// bytes as the browser encoded them, and what was clipped, one line each.
    public func run(imageName: String) throws(CaptureError) -> (capture: Capture, png: [UInt8], notes: [String]) {
        let environment = ProcessInfo.processInfo.environment
        guard let executable = browser ?? Self.browser(in: environment) else {
            throw CaptureError("Chromium is not installed (looked for /usr/lib/chromium/chromium, /usr/bin/chromium, /usr/bin/chromium-browser): apt-get install chromium, or set LIMELIGHT_CHROMIUM")
        }
        guard access(executable, X_OK) == 0 else { throw CaptureError("no browser at \(executable) (LIMELIGHT_CHROMIUM names a program that is not there)") }
        let profile = try Self.profileFolder()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        var arguments = ["--headless", "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--no-first-run", "--remote-debugging-pipe",
                         "--user-data-dir=\(profile)", "--lang=\(language)", "--accept-lang=\(language)"]
        if geteuid() == 0 { arguments.append("--no-sandbox") }  // Chromium refuses root with its sandbox on
        var childEnvironment = environment
        childEnvironment["LANGUAGE"] = language
        let process = try ChildProcess(executable, arguments + ["about:blank"], environment: childEnvironment,
                                       pipes: [(3, .toChild), (4, .fromChild)])
        defer { process.end() }
        let pipe = DevToolsPipe(input: process.ends[0], output: process.ends[1])
        let deadline = DevToolsPipe.now + timeout
        let target = try pipe.call("Target.createTarget", ["url": "about:blank"], until: deadline)["targetId"] as? String ?? ""
        let session = try pipe.call("Target.attachToTarget", ["targetId": target, "flatten": true], until: deadline)["sessionId"] as? String
        try pipe.call("Emulation.setDeviceMetricsOverride", ["width": Int(size.width), "height": Int(size.height),
                                                             "deviceScaleFactor": scale, "mobile": false], session: session, until: deadline)
        _ = try? pipe.call("Emulation.setLocaleOverride", ["locale": language], session: session, until: deadline)
        try pipe.call("Page.enable", session: session, until: deadline)
        // Page.navigate answers once the page's response comes; its load event once it loaded.
        let slow = CaptureError("the page \(url) did not load in \(timeout.compact) s")
        let navigation: [String: Any]
        do { navigation = try pipe.call("Page.navigate", ["url": url], session: session, until: deadline) } catch {
            throw DevToolsPipe.now >= deadline ? slow : error
        }
        if let problem = navigation["errorText"] as? String, !problem.isEmpty { throw CaptureError("the page \(url) did not load: \(problem)") }
        do { _ = try pipe.event("Page.loadEventFired", session: session, until: deadline) } catch {
            throw DevToolsPipe.now >= deadline ? slow : error
        }
        // Web fonts in, and one frame drawn with them.
        _ = try? pipe.call("Runtime.evaluate", ["expression": "document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => r(1))))",
                                                "awaitPromise": true], session: session, until: deadline)
        let tree = try pipe.call("Accessibility.getFullAXTree", session: session, until: deadline)
        let snapshot = try pipe.call("DOMSnapshot.captureSnapshot", ["computedStyles": [String](), "includeDOMRects": true],
                                     session: session, until: deadline)
        let shot = try pipe.call("Page.captureScreenshot", ["format": "png"], session: session, until: deadline)
        guard let base64 = shot["data"] as? String, let png = Data(base64Encoded: base64) else {
            throw CaptureError("the browser sent no screenshot of \(url)")
        }
        var reader = WebTreeReader(boxes: DOMBoxes(snapshot), screen: Rect(x: 0, y: 0, width: size.width, height: size.height))
        let elements = reader.elements(of: tree["nodes"] as? [[String: Any]] ?? [])
        var capture = Capture(size: size, scale: scale, image: imageName, elements: elements)
        capture.language = language
        capture.source = url
        return (capture, [UInt8](png), reader.notes)
    }

    /// A new folder of our own for the browser's profile.
    static func profileFolder() throws(CaptureError) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/limelight-browser-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CaptureError("cannot make a profile folder in \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
