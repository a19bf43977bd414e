import Foundation
import Testing
@testable import Files

/// Files from outside are read whole, up to a limit, in one call that never blocks: what is not a
/// regular file is refused with its kind, a missing one says so, a larger one is refused before it
/// is read.
@Suite struct InputFileTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-input-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func reason(_ path: String, limit: Int = 100) -> String? {
        do { _ = try InputFile.read(path, limit: limit, kind: "a tour file"); return nil } catch { return error.reason }
    }

    @Test func readsARegularFileWhole() throws {
        let dir = try folder()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/a"))
        #expect(try InputFile.read(dir + "/a", limit: 200_000) == bytes)
        #expect(reason(dir + "/a", limit: 199_999) == "larger than 195.3 KiB (195.3 KiB; expected a tour file)" || reason(dir + "/a", limit: 199_999)?.hasPrefix("larger than ") == true)
    }

    @Test func whatIsNotARegularFileIsRefusedByKind() throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        #expect(reason(dir + "/fifo") == "not a regular file (a pipe; expected a tour file)")
        #expect(reason("/dev/null") == "not a regular file (a device; expected a tour file)")
        #expect(reason(dir) == "is a folder (expected a tour file)")
        #expect(reason(dir + "/missing") == "no such file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        #expect(reason(dir + "/file/inside") == "no such file (a part of the path is a file, not a folder)")
        #expect(symlink(dir + "/l2", dir + "/l1") == 0 && symlink(dir + "/l1", dir + "/l2") == 0)
        #expect(reason(dir + "/l1") == "a loop of symbolic links")
    }

    @Test func aDestinationMustBeMissingOrARegularFile() throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        #expect(throws: InputFile.Failure.self) { try InputFile.checkWritable(dir + "/fifo") }
        #expect(throws: InputFile.Failure.self) { try InputFile.checkWritable(dir) }
        try InputFile.checkWritable(dir + "/new")
    }

    @Test func temporaryFilesOfProcessesThatAreGoneAreRemoved() throws {
        #expect(StaleFiles.owner(ofTemporary: ".a.png.tmp-123-456") == 123)
        #expect(StaleFiles.owner(ofTemporary: ".v.mp4.partial-77") == 77)
        #expect(StaleFiles.owner(ofTemporary: ".v.gif.palette-9.png") == 9)
        #expect(StaleFiles.owner(ofTemporary: "a.png.tmp-123-456") == nil, "not hidden: not ours")
        #expect(StaleFiles.owner(ofTemporary: ".notes.tmp-x") == nil)
        let dir = try folder()
        for name in [".gone.png.tmp-999999999-1", ".live.png.tmp-\(getpid())-1", "keep.txt"] {
            try Data().write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        #expect(StaleFiles.remove(in: dir) == [".gone.png.tmp-999999999-1"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [".live.png.tmp-\(getpid())-1", "keep.txt"])
    }
}
