import Foundation
import Testing
import ImageFiles
import Raster

/// Image paths that are not image files: refused at once with one line, never read.
@Suite struct ImageFileEdgeTests {
    @Test func aPipeOrADeviceIsRefusedWithoutReading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-fifo-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/shot.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Reading a pipe nobody writes to would block forever.
        for (path, kind) in [(fifo, "a pipe"), ("/dev/zero", "a device")] {
            let start = Date()
            do { _ = try Pixmap(contentsOfFile: path); Issue.record("\(path) loaded") } catch {
                #expect(error.description == "\(path): not a regular file (\(kind); expected an image file)")
            }
            #expect(Date().timeIntervalSince(start) < 1)
        }
    }

    @Test func aLoopOfSymbolicLinksIsCalledOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-loop-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(symlink(folder + "/b.png", folder + "/a.png") == 0 && symlink(folder + "/a.png", folder + "/b.png") == 0)
        do { _ = try Pixmap(contentsOfFile: folder + "/a.png"); Issue.record("loaded") } catch {
            #expect(error.description == "\(folder)/a.png: a loop of symbolic links")
        }
    }
}
