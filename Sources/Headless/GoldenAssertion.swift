import Files
import Foundation
import ImageFiles
import Raster
import Tours

/// A frame held to a golden PNG, for a Swift Testing or XCTest suite:
///
///     let goldens = GoldenAssertion(folder: "Tests/MyAppTests/Goldens")
///     let outcome = goldens.check(try session.render(), named: "wifi-step1")
///     #expect(outcome.passed, "\(outcome)")          // XCTAssert(outcome.passed, "\(outcome)")
///
/// The golden is `<folder>/<name>.png`, compared exactly unless a tolerance is given (through its
/// stored digest when it has one, so a match decodes nothing). A mismatch writes
/// `<name>.actual.png` and `<name>.diff.png` (the differing pixels in red over a faded golden)
/// into `artifacts` and reads, in one line, how many pixels differ, by how much, where first, and
/// where the images went. A missing golden fails unless recording is asked for: `.missing` writes
/// it (with its digest) and passes, `.all` writes every frame; `fromEnvironment` reads
/// `LIMELIGHT_RECORD_GOLDENS` (`missing`; `1` or `all`), so a suite records with one variable.
public struct GoldenAssertion: Sendable {
    /// When goldens are written instead of compared.
    public enum Recording: String, Sendable {
        /// Never: a missing golden fails.
        case never
        /// Goldens that do not exist yet are written; the others are compared.
        case missing
        /// Every frame is written as its golden.
        case all

        /// `LIMELIGHT_RECORD_GOLDENS`: `missing` records missing ones, `1` or `all` every one,
        /// anything else (or nothing) none.
        public static var fromEnvironment: Recording {
            switch ProcessInfo.processInfo.environment["LIMELIGHT_RECORD_GOLDENS"] {
            case "missing": return .missing
            case "1", "all": return .all
            default: return .never
            }
        }
    }

    /// The folder of the golden PNGs.
    public var folder: String
    /// Where `.actual.png` and `.diff.png` of a mismatch go.
    public var artifacts: String
    /// When goldens are written.
    public var recording: Recording
    /// How close a frame must be.
    public var tolerance: TourTest.Tolerance

    /// Goldens in `folder`; mismatches' images in `artifacts` (by default a `limelight-golden-artifacts`
    /// folder in the temporary directory).
    public init(folder: String, artifacts: String? = nil, recording: Recording = .fromEnvironment,
                tolerance: TourTest.Tolerance = .exact) {
        self.folder = folder
        self.artifacts = artifacts ?? (FileManager.default.temporaryDirectory.path as NSString).appendingPathComponent("limelight-golden-artifacts")
        self.recording = recording
        self.tolerance = tolerance
    }

    /// What a check found.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// Whether the test should pass: the frame matched, or was recorded.
        public var passed: Bool
        /// Whether the golden was written.
        public var recorded: Bool
        /// The mismatch's images, when it wrote them.
        public var actualPath: String?
        /// The difference image, when it wrote one.
        public var diffPath: String?
        /// One line: what happened, what differed and where the images are.
        public var description: String
    }

    /// Compares `frame` with the golden `name` (or records it, as `recording` says).
    public func check(_ frame: Pixmap, named name: String) -> Outcome {
        let golden = (folder as NSString).appendingPathComponent(name + ".png")
        let exists = FileManager.default.fileExists(atPath: golden)
        if recording == .all || (recording == .missing && !exists) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try frame.writePNG(to: golden, digest: true)
                return Outcome(passed: true, recorded: true, description: "\(name): recorded \(golden)")
            } catch {
                return Outcome(passed: false, recorded: false, description: "\(name): could not record \(golden): \(error)")
            }
        }
        let (verdict, decoded) = GoldenVerdict.of(frame, againstGoldenAt: golden, tolerance: tolerance)
        let actual = (artifacts as NSString).appendingPathComponent(name + ".actual.png")
        let diffPath = (artifacts as NSString).appendingPathComponent(name + ".diff.png")
        func writeActual() -> String? {
            try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            return (try? frame.writePNG(to: actual)) != nil ? actual : nil
        }
        switch verdict {
        case .matches:
            return Outcome(passed: true, recorded: false, description: "\(name): matches \(golden)")
        case .missing:
            let written = writeActual()
            return Outcome(passed: false, recorded: false, actualPath: written,
                           description: "\(name): no golden \(golden)\(written.map { "; actual: \($0)" } ?? ""); record it with LIMELIGHT_RECORD_GOLDENS=missing")
        case .unreadable(let why):
            let written = writeActual()
            return Outcome(passed: false, recorded: false, actualPath: written, description: "\(name): the golden \(golden) cannot be read (\(why))")
        case let .sizeDiffers(w, h):
            let written = writeActual()
            return Outcome(passed: false, recorded: false, actualPath: written,
                           description: "\(name): the frame is \(frame.width)x\(frame.height), the golden \(w)x\(h) (\(golden))\(written.map { "; actual: \($0)" } ?? "")")
        case .differs(let difference):
            let written = writeActual()
            var diff: String?
            if let decoded, let image = try? PixmapDifference.image(between: frame, and: decoded, maxChannelDelta: tolerance.maxChannelDelta),
               (try? image.writePNG(to: diffPath)) != nil { diff = diffPath }
            let first = difference.firstDifference.map { " first at \($0.x),\($0.y)," } ?? ""
            return Outcome(passed: false, recorded: false, actualPath: written, diffPath: diff,
                           description: "\(name): \(difference.differingPixels) pixels differ from \(golden) (largest channel difference \(difference.largestChannelDelta),\(first) allowed \(tolerance.maxDifferentPixels)); actual: \(written ?? "not written"), diff: \(diff ?? "not written")")
        }
    }
}
