import Foundation
import Testing
import Raster
@testable import Headless

/// `GoldenAssertion`'s artifacts: in the package of the goldens (its own `.build/test-artifacts`,
/// by the goldens folder's path there), never shared between packages, and what an earlier check
/// left for a name removed by the next.
@Suite struct GoldenAssertionTests {
    /// A package folder (with a `Package.swift`) holding `Tests/<suite>/Goldens`.
    func package(suite: String = "AppTests") throws -> (root: String, goldens: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("golden-package-" + UUID().uuidString).path
        let goldens = root + "/Tests/\(suite)/Goldens"
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        return (root, goldens)
    }

    func frame(_ color: UInt32) throws -> Pixmap {
        let p = try Pixmap(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { p[x, y] = color } }
        return p
    }

    @Test func artifactsGoInTheGoldensOwnPackage() throws {
        let a = try package(), b = try package()
        #expect(GoldenAssertion.defaultArtifacts(forGoldens: a.goldens) == a.root + "/.build/test-artifacts/Tests/AppTests/Goldens")
        #expect(GoldenAssertion(folder: b.goldens).artifacts == b.root + "/.build/test-artifacts/Tests/AppTests/Goldens")
        // A mismatch in each package leaves its images in that package alone.
        for p in [a, b] {
            _ = GoldenAssertion(folder: p.goldens, recording: .all).check(try frame(0xFF00_00FF), named: "step1")
            let outcome = GoldenAssertion(folder: p.goldens, recording: .never).check(try frame(0xFFFF_0000), named: "step1")
            #expect(!outcome.passed && outcome.actualPath == p.root + "/.build/test-artifacts/Tests/AppTests/Goldens/step1.actual.png", "\(outcome)")
        }
    }

    @Test func goldensInNoPackageKeepTheirArtifactsInTheUsersOwnFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loose-goldens-" + UUID().uuidString).path
        let artifacts = GoldenAssertion.defaultArtifacts(forGoldens: folder)
        #expect(artifacts.hasPrefix(AtomicFileFolder.base + "/golden-artifacts-"), "\(artifacts)")
        #expect(artifacts != GoldenAssertion.defaultArtifacts(forGoldens: folder + "-other"))
        _ = GoldenAssertion(folder: folder, recording: .all).check(try frame(0xFF00_00FF), named: "x")
        let outcome = GoldenAssertion(folder: folder, recording: .never).check(try frame(0xFFFF_0000), named: "x")
        #expect(outcome.actualPath == artifacts + "/x.actual.png", "\(outcome)")
        var info = stat()
        #expect(lstat(AtomicFileFolder.base, &info) == 0 && info.st_mode & 0o077 == 0, "the user's own folder")
    }

    @Test func aCheckRemovesWhatAnEarlierOneLeft() throws {
        let p = try package()
        let artifacts = GoldenAssertion.defaultArtifacts(forGoldens: p.goldens)
        _ = GoldenAssertion(folder: p.goldens, recording: .all).check(try frame(0xFF00_00FF), named: "step1")
        let strict = GoldenAssertion(folder: p.goldens, recording: .never)
        let failed = strict.check(try frame(0xFFFF_0000), named: "step1")
        #expect(!failed.passed && failed.diffPath != nil)
        #expect(FileManager.default.fileExists(atPath: artifacts + "/step1.actual.png") && FileManager.default.fileExists(atPath: artifacts + "/step1.diff.png"))
        // Fixed: the images of the old failure go.
        #expect(strict.check(try frame(0xFF00_00FF), named: "step1").passed)
        #expect(!FileManager.default.fileExists(atPath: artifacts + "/step1.actual.png") && !FileManager.default.fileExists(atPath: artifacts + "/step1.diff.png"))
        // A golden now missing fails with its actual, and no diff of an earlier failure stays beside it.
        _ = strict.check(try frame(0xFFFF_0000), named: "step1")
        try FileManager.default.removeItem(atPath: p.goldens + "/step1.png")
        let missing = strict.check(try frame(0xFFFF_0000), named: "step1")
        #expect(!missing.passed && missing.actualPath != nil && missing.diffPath == nil)
        #expect(!FileManager.default.fileExists(atPath: artifacts + "/step1.diff.png"), "the stale diff is removed")
    }
}

/// The user's own `limelight-<uid>` folder of the temporary folder.
enum AtomicFileFolder {
    static var base: String { (TestResultsFolder.defaultPath() as NSString).deletingLastPathComponent }
}
