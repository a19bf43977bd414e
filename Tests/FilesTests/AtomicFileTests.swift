import Files
import Foundation
import Testing

/// What a save does with what is at its path: a regular file is replaced, a device or a pipe is
/// written in place and stays, and what must never be written is refused.
@Suite struct AtomicFileTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-atomic-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func refusal(_ path: String) -> String? {
        do { _ = try AtomicFile.destination(of: path); return nil } catch { return error.reason }
    }

    @Test func whatIsThereDecides() throws {
        let dir = try folder()
        #expect(try AtomicFile.destination(of: dir + "/new.json") == .replaced)
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/old.json"))
        #expect(try AtomicFile.destination(of: dir + "/old.json") == .replaced)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "old.json")
        #expect(try AtomicFile.destination(of: dir + "/link.json") == .replaced, "a link to a file is replaced, never followed")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.json", withDestinationPath: "nowhere.json")
        #expect(try AtomicFile.destination(of: dir + "/dangling.json") == .replaced)
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        #expect(try AtomicFile.destination(of: dir + "/fifo") == .inPlace)
        #expect(try AtomicFile.destination(of: "/dev/null") == .inPlace)
        #expect(try AtomicFile.destination(of: "/dev/fd/1") == .descriptor(1))
        #expect(try AtomicFile.destination(of: "/proc/self/fd/2") == .descriptor(2))
        #expect(refusal("") == "an empty path")
        #expect(refusal(dir) == "is a folder")
        try FileManager.default.createSymbolicLink(atPath: dir + "/to-fifo", withDestinationPath: "fifo")
        #expect(refusal(dir + "/to-fifo") == "is a symbolic link to a pipe, which is not followed")
        try FileManager.default.createSymbolicLink(atPath: dir + "/to-null", withDestinationPath: "/dev/null")
        #expect(refusal(dir + "/to-null") == "is a symbolic link to a device, which is not followed")
    }

    @Test func aPipeIsWrittenInPlace() throws {
        let dir = try folder()
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: AtomicFileFailure(call: "", path: fifo, reason: "no one reads the pipe")) { try AtomicFile().write(Data("x".utf8), to: fifo) }
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try AtomicFile().write(Data("hello".utf8), to: fifo)
        var bytes = [UInt8](repeating: 0, count: 16)
        #expect(read(reader, &bytes, bytes.count) == 5 && bytes.prefix(5) == Array("hello".utf8)[...])
        // A finished file is copied into the pipe, and goes.
        try Data("moved".utf8).write(to: URL(fileURLWithPath: dir + "/.partial"))
        try AtomicFile.moveIntoPlace(dir + "/.partial", at: fifo)
        #expect(read(reader, &bytes, bytes.count) == 5 && bytes.prefix(5) == Array("moved".utf8)[...])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["fifo"])
    }

    @Test func aFullDiskIsSaidInPlainWords() {
        #expect(SystemErrors.describe(ENOSPC) == "the disk is full")
        #expect(AtomicFileFailure(call: "write", path: "/x", code: ENOSPC).description == "write /x: the disk is full")
    }
}
