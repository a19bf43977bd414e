import Foundation
import Testing
@testable import Files

/// A folder a command owns: nothing opened through it leads out, by `..`, an absolute path or a
/// symbolic link; a file that is a link is refused, never followed; writes replace, never follow.
@Suite struct OwnedFolderTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-owned-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func reason(_ folder: OwnedFolder, _ relative: String) -> String? {
        do { _ = try folder.read(relative, limit: 1 << 20, kind: "a golden"); return nil } catch { return error.reason }
    }

    @Test func readsRegularFilesInsideAndRefusesEveryWayOut() throws {
        let dir = try folder()
        let outside = try folder()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret"))
        try FileManager.default.createDirectory(atPath: dir + "/goldens/inner", withIntermediateDirectories: true)
        try Data("png".utf8).write(to: URL(fileURLWithPath: dir + "/goldens/a.png"))
        let owned = try OwnedFolder(dir)
        #expect(try owned.read("goldens/a.png", limit: 10) == Array("png".utf8))
        // The file itself a link: refused, whether it points inside or out.
        #expect(symlink(outside + "/secret", dir + "/goldens/out.png") == 0)
        #expect(symlink("a.png", dir + "/goldens/in.png") == 0)
        #expect(symlink("/proc/self/environ", dir + "/goldens/environ.png") == 0)
        for name in ["out.png", "in.png", "environ.png"] {
            #expect(reason(owned, "goldens/" + name)?.hasPrefix("a symbolic link (not followed") == true, "\(name): \(reason(owned, "goldens/" + name) ?? "read")")
        }
        // A folder on the way that is a link out of the folder.
        #expect(symlink(outside, dir + "/goldens/away") == 0)
        #expect(reason(owned, "goldens/away/secret")?.contains("leads out of") == true, "\(reason(owned, "goldens/away/secret") ?? "read")")
        // `..` and absolute paths.
        #expect(reason(owned, "goldens/../../" + (outside as NSString).lastPathComponent + "/secret") == "leads out of the folder (..)")
        #expect(reason(owned, outside + "/secret") == "an absolute path where a path inside the folder was expected")
        // What is not a regular file.
        #expect(mkfifo(dir + "/goldens/fifo.png", 0o600) == 0)
        #expect(reason(owned, "goldens/fifo.png") == "not a regular file (a pipe; expected a golden)")
        #expect(reason(owned, "goldens/inner") == "is a folder (expected a golden)")
        #expect(reason(owned, "goldens/none.png") == "no such file")
        // A sparse file over the limit is refused before it is read.
        let sparse = open(dir + "/goldens/sparse.png", O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(sparse, 2 << 30) == 0)
        close(sparse)
        #expect(reason(owned, "goldens/sparse.png")?.hasPrefix("larger than 1 MiB (2147483648 bytes") == true)
        #expect(owned.kind(of: "goldens/out.png")?.description == "a symbolic link")
        #expect(owned.kind(of: "goldens/fifo.png")?.description == "a pipe")
    }

    @Test func pathsAreMadeRelativeAsWritten() throws {
        let dir = try folder()
        let owned = try OwnedFolder(dir)
        #expect(owned.relativePath(of: dir + "/a/b.png") == "a/b.png")
        #expect(owned.relativePath(of: dir + "/a/../b.png") == "b.png")
        #expect(owned.relativePath(of: dir + "/fab.goldens/nonexistent/../../../victim/x.png") == nil)
        #expect(owned.relativePath(of: dir) == "")
        #expect(owned.relativePath(of: "/etc/passwd") == nil)
    }

    @Test func writesReplaceLinksAndNeverFollowThem() throws {
        let dir = try folder()
        let outside = try folder()
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/victim"))
        let owned = try OwnedFolder(dir)
        try owned.write(Data("one".utf8), to: "a/b/c.txt", synced: false)
        #expect(try String(contentsOfFile: dir + "/a/b/c.txt", encoding: .utf8) == "one")
        // A link where the file goes is replaced by the file; its target is untouched.
        #expect(symlink(outside + "/victim", dir + "/a/link.txt") == 0)
        try owned.write(Data("two".utf8), to: "a/link.txt")
        #expect(owned.kind(of: "a/link.txt")?.isRegular == true)
        #expect(try String(contentsOfFile: outside + "/victim", encoding: .utf8) == "keep")
        // A folder on the way that is a link is not written through.
        #expect(symlink(outside, dir + "/away") == 0)
        #expect(throws: AtomicFileFailure.self) { try owned.write(Data("x".utf8), to: "away/victim") }
        #expect(try String(contentsOfFile: outside + "/victim", encoding: .utf8) == "keep")
        #expect(throws: AtomicFileFailure.self) { try owned.write(Data("x".utf8), to: "../victim") }
        // Removing a link removes the link, not its target.
        #expect(symlink(outside + "/victim", dir + "/gone") == 0)
        #expect(owned.remove("gone"))
        #expect(FileManager.default.fileExists(atPath: outside + "/victim"))
        #expect(!owned.remove("away/victim"), "nothing is removed through a link out")
        #expect(FileManager.default.fileExists(atPath: outside + "/victim"))
        #expect(owned.names() == ["a", "away"])
        #expect(owned.names(in: "away").isEmpty, "a link is not listed through")
    }
}
