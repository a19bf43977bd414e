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
        for path in [fifo, "/dev/zero"] {
            let start = Date()
            do { _ = try Pixmap(contentsOfFile: path); Issue.record("\(path) loaded") } catch {
                #expect(error.description == "\(path): not a regular file (a pipe or a device cannot be an image)")
            }
            #expect(Date().timeIntervalSince(start) < 1)
        }
    }
}
