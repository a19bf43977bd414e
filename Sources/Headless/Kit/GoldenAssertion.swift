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
/// where the images went; every check first removes what an earlier one left for `name` there, so
/// what is in `artifacts` is what failed last. By default the artifacts go in the package's own
/// `.build/test-artifacts/<goldens folder from the package>` (`defaultArtifacts(forGoldens:)`), so
/// two packages, or two suites, with goldens of one name never share them. A missing golden fails
/// unless recording is asked for: `.missing` writes it (with its digest) and passes, `.all` writes
/// every frame; `fromEnvironment` reads `LIMELIGHT_RECORD_GOLDENS` (`missing`; `1` or `all`), so a
/// suite records with one variable.
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

    /// Goldens in `folder`; mismatches' images in `artifacts` (by default the package's own, see
    /// `defaultArtifacts(forGoldens:)`).
    public init(folder: String, artifacts: String? = nil, recording: Recording = .fromEnvironment,
                tolerance: TourTest.Tolerance = .exact) {
        self.folder = folder
        self.artifacts = artifacts ?? GoldenAssertion.defaultArtifacts(forGoldens: folder)
        self.recording = recording
        self.tolerance = tolerance
    }

    /// Where the mismatches of the goldens in `folder` go by default: in the package that holds
    /// them (the nearest folder above with a `Package.swift`), `.build/test-artifacts/` and the
    /// goldens folder's path from the package (`Tests/MyAppTests/Goldens`); for goldens in no
    /// package, a folder named by their path's digest in the user's own `limelight-<uid>` folder of
    /// the temporary folder (mode 0700, as `limelight test`'s default results).
    public static func defaultArtifacts(forGoldens folder: String) -> String {
        let parts = OwnedFolder.components(of: folder.isEmpty ? "." : folder, from: FileManager.default.currentDirectoryPath)
        for count in stride(from: parts.count, through: 0, by: -1) {
            let root = "/" + parts.prefix(count).joined(separator: "/")
            guard FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent("Package.swift")) else { continue }
            let inside = parts.dropFirst(count).joined(separator: "/")
            return (root as NSString).appendingPathComponent(".build/test-artifacts" + (inside.isEmpty ? "" : "/" + inside))
        }
        let base = AtomicFile.split(TestResultsFolder.defaultPath()).folder
        return (base as NSString).appendingPathComponent("golden-artifacts-" + TestRun.fingerprint("/" + parts.joined(separator: "/")))
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
        let actual = (artifacts as NSString).appendingPathComponent(name + ".actual.png")
        let diffPath = (artifacts as NSString).appendingPathComponent(name + ".diff.png")
        // What an earlier check left for this name is stale whatever this one finds.
        let stale = try? OwnedFolder(artifacts)
        for suffix in [".actual.png", ".diff.png"] { stale?.remove(name + suffix) }
        if recording == .all || (recording == .missing && !exists) {
            if let problem = OutputFolders.prepare(folder) {
                return Outcome(passed: false, recorded: false, description: "\(name): could not record \(golden): \(problem)")
            }
            do { try frame.writePNG(to: golden, digest: true) } catch {
                return Outcome(passed: false, recorded: false, description: "\(name): could not record \(golden): \(SystemErrors.describe(error))")
            }
            return Outcome(passed: true, recorded: true, description: "\(name): recorded \(golden)")
        }
        let (verdict, decoded) = GoldenVerdict.of(frame, againstGoldenAt: golden, tolerance: tolerance)
        func writeActual() -> String? {
            guard makeArtifactsFolder() else { return nil }
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

    /// Makes the artifacts folder (with its parents; the default one outside any package for this
    /// user alone); whether it is there to write into.
    private func makeArtifactsFolder() -> Bool {
        let base = AtomicFile.split(TestResultsFolder.defaultPath()).folder
        if AtomicFile.split(artifacts).folder == base {
            guard (try? TestResultsFolder.checkDefault(artifacts, making: true)) != nil else { return false }
        }
        return OutputFolders.prepare(artifacts) == nil
    }
}
