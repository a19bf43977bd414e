import FontText
import Foundation
import LimelightC
import Raster
import Tours
import Views

/// liblimelight's compose against the Swift host's composite of the same step, alternated in one
/// run: `c.compose` (limelight_session_compose over a 1920x1080 frame the app drew anew, in place),
/// `swift.composite` (the presentation stack composited from the tree's pixels into the frame, as
/// a Swift app's frame does after its tree was painted), `c.compose.unchanged` (a compose with
/// damage tracking where nothing changed) and `c.compose.rgba` (`c.compose` over RGBA bytes).
@MainActor
enum EmbeddedBenchmarks {
    /// One step with a bubble, its hole on a rectangle: the same tour for C and Swift.
    static let tour = """
    {"id": "bench", "allowSkip": false, "steps": [{"rect": [860, 500, 200, 80], "shape": "roundedRect",
      "title": "Save", "text": "Save keeps your drawing. Try it now.", "advanceOn": "nextButton"}]}
    """

    /// A frame as an app draws it: opaque, a gradient so no two rows are alike.
    static func appFrame(width: Int, height: Int) throws -> Pixmap {
        let frame = try Pixmap(width: width, height: height)
        for y in 0..<height {
            let row = frame.row(y)
            for x in 0..<width { row[x] = 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF) << 8 | 0x80 }
        }
        return frame
    }

    static func run(_ h: Harness, rounds: Int = 15) throws {
        let (w, ht) = (1920, 1080)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-\(getpid()).json").path
        try tour.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let drawn = try appFrame(width: w, height: ht)

        // C: a session over the app's frame, settled.
        guard let session = limelight_session_new(path, Int32(w), Int32(ht), 1, "en") else {
            throw BenchFailure(String(cString: limelight_last_error()))
        }
        defer { limelight_session_free(session) }
        var now: Int64 = 0
        while now < 2000 { now += 16; _ = limelight_session_advance(session, now) }
        let cFrame = drawn.copy()
        let cPixels = UnsafeMutableRawPointer(cFrame.pixels).assumingMemoryBound(to: UInt8.self)
        func compose() { _ = limelight_session_compose(session, cPixels, Int32(w), Int32(ht), Int32(w * 4), 0) }
        let rgbaFrame = drawn.copy()
        let rgbaPixels = UnsafeMutableRawPointer(rgbaFrame.pixels).assumingMemoryBound(to: UInt8.self)
        func composeRGBA() { _ = limelight_session_compose(session, rgbaPixels, Int32(w), Int32(ht), Int32(w * 4), 1) }

        // Swift: the same tour over the same pixels in a Swift app (a screenshot stage), settled.
        let clock = VirtualClock()
        let stage = try ScreenshotStage(image: drawn, size: Size(Double(w), Double(ht)), textEngine: try SystemTextEngine(), clock: clock)
        let loaded = try TourLoader.load(path: path, appCatalog: { .screenshot })
        let engine = TourEngine(tour: loaded.tour, host: stage)
        engine.start(at: 0, animated: false)
        defer { withExtendedLifetime(engine) {} }
        let swiftFrame = try Pixmap(width: w, height: ht)
        clock.advance(by: 2, inStepsOf: 1.0 / 60) { stage.root.frame(into: swiftFrame) }
        func composite() { stage.overlays.composite(from: drawn, into: swiftFrame, region: swiftFrame.bounds, root: stage.root) }

        // What is measured is the same work: one of each over the app's frame gives the same bytes, dimmed.
        let check = drawn.copy()
        _ = limelight_session_compose(session, UnsafeMutableRawPointer(check.pixels).assumingMemoryBound(to: UInt8.self),
                                      Int32(w), Int32(ht), Int32(w * 4), 0)
        composite()
        guard check.hasSamePixels(as: swiftFrame), check[100, 100] != drawn[100, 100] else {
            throw BenchFailure("the C session and the Swift app did not compose the same dimmed frame")
        }

        // C with damage tracking, composited once: then nothing changes.
        guard let tracked = limelight_session_new(path, Int32(w), Int32(ht), 1, "en") else {
            throw BenchFailure(String(cString: limelight_last_error()))
        }
        defer { limelight_session_free(tracked) }
        now = 0
        while now < 2000 { now += 16; _ = limelight_session_advance(tracked, now) }
        _ = limelight_session_damage(tracked, 0, 0, Int32(w), Int32(ht))
        let trackedFrame = drawn.copy()
        let trackedPixels = UnsafeMutableRawPointer(trackedFrame.pixels).assumingMemoryBound(to: UInt8.self)
        _ = limelight_session_compose(tracked, trackedPixels, Int32(w), Int32(ht), Int32(w * 4), 0)
        func unchanged() { _ = limelight_session_compose(tracked, trackedPixels, Int32(w), Int32(ht), Int32(w * 4), 0) }

        // Alternated, round after round: each round's medians, then their spread.
        var c: [Double] = [], swift: [Double] = [], still: [Double] = [], ratios: [Double] = [], rgba: [Double] = []
        for _ in 0..<rounds {
            let a = h.median { compose() }
            let b = h.median { composite() }
            still.append(h.median { unchanged() })
            rgba.append(h.median { composeRGBA() })
            c.append(a); swift.append(b); ratios.append(a / b)
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        func range(_ v: [Double], _ digits: Int = 3) -> String {
            String(format: "%.\(digits)f–%.\(digits)f", v.min() ?? 0, v.max() ?? 0)
        }
        let size = "\(w)x\(ht)"
        // The frame copy the other figures are told against, unless the raster group measured it.
        if !h.figures.contains(where: { $0.name == "copy" && $0.size == size }) {
            let target = try Pixmap(width: w, height: ht)
            h.record("copy", size: size) { target.copyPixels(from: drawn, in: drawn.bounds) }
        }
        h.add("c.compose", size: size, milliseconds: median(c))
        h.add("swift.composite", size: size, milliseconds: median(swift))
        h.add("c.compose.unchanged", size: size, milliseconds: median(still))
        h.add("c.compose.rgba", size: size, milliseconds: median(rgba))
        h.note("c.compose@\(size): \(range(c)) ms over \(rounds) alternated rounds; swift.composite \(range(swift)) ms; "
               + "ratio c/swift \(range(ratios, 2)) (median \(String(format: "%.2f", median(ratios)))); c.compose.unchanged \(range(still, 4)) ms; "
               + "c.compose.rgba \(range(rgba)) ms")
    }
}

/// A benchmark that could not be set up.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
