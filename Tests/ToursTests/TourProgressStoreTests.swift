import Files
import Foundation
import Testing
import TestSupport
@testable import Tours

/// Saved progress: atomic saves that survive a crash, corrupt files set aside, the default folder.
@Suite struct TourProgressStoreTests {
    @Test func recordsAndReadsBack() throws {
        let folder = temporaryFolder()
        let store = TourProgressStore(directory: folder + "/limelight")
        #expect(store.load().progress.tours.isEmpty, "a missing file is empty progress")
        try store.record(.finished, forTour: "fab")
        try store.record(.skipped, forTour: "home")
        let again = TourProgressStore(directory: folder + "/limelight").load()
        #expect(again.warning == nil)
        #expect(again.progress.outcome(ofTour: "fab") == .finished)
        #expect(again.progress.outcome(ofTour: "home") == .skipped)
        #expect(again.progress.outcome(ofTour: "other") == nil)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/limelight")
        #expect(leftovers == ["state.json"], "no temporary files are left behind")
    }

    @Test func aCrashBetweenWriteAndRenameLosesNothing() throws {
        let folder = temporaryFolder()
        try TourProgressStore(directory: folder).record(.finished, forTour: "fab")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json"))
        // The new contents are written and flushed, then the process "dies" before the rename.
        var crashing = AtomicFile.Steps.system
        crashing.rename = { _, to throws(AtomicFileFailure) in throw AtomicFileFailure(call: "rename", path: to, reason: "killed") }
        let store = TourProgressStore(directory: folder, steps: crashing)
        #expect(throws: TourProgressError.self) { try store.record(.skipped, forTour: "home") }
        let after = try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json"))
        #expect(after == before, "state.json is untouched")
        let reread = TourProgressStore(directory: folder).load()
        #expect(reread.warning == nil)
        #expect(reread.progress.outcome(ofTour: "fab") == .finished)
        #expect(reread.progress.outcome(ofTour: "home") == nil)
    }

    @Test func aTemporaryFileLeftByARealCrashIsIgnored() throws {
        let folder = temporaryFolder()
        try TourProgressStore(directory: folder).record(.finished, forTour: "fab")
        // What a crash after the write leaves: a complete temporary file beside state.json.
        try Data("{\"version\": 1, \"tours\": {}}".utf8).write(to: URL(fileURLWithPath: folder + "/.state.json.tmp-1-2"))
        let loaded = TourProgressStore(directory: folder).load()
        #expect(loaded.warning == nil && loaded.progress.outcome(ofTour: "fab") == .finished)
        try TourProgressStore(directory: folder).record(.skipped, forTour: "home")
        #expect(TourProgressStore(directory: folder).load().progress.tours.count == 2)
    }

    @Test func aFullDiskKeepsThePreviousFile() throws {
        let folder = temporaryFolder()
        try TourProgressStore(directory: folder).record(.finished, forTour: "fab")
        var full = AtomicFile.Steps.system
        full.writeSynced = { data, path, _ throws(AtomicFileFailure) in
            // Half the bytes reach the disk, then ENOSPC.
            try? data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
            throw AtomicFileFailure(call: "write", path: path, reason: "No space left on device")
        }
        let store = TourProgressStore(directory: folder, steps: full)
        do {
            try store.record(.skipped, forTour: "home")
            Issue.record("expected a failure")
        } catch {
            #expect(error.message.hasPrefix("\(folder)/state.json: cannot save tour progress (write "))
            #expect(error.message.hasSuffix("No space left on device); the previous file is unchanged"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"], "the partial file is removed")
        #expect(TourProgressStore(directory: folder).load().progress.outcome(ofTour: "fab") == .finished)
    }

    @Test func aCorruptFileIsSetAsideAndReplaced() throws {
        let folder = temporaryFolder()
        let garbage = Data("{\"version\": 1, \"tours\": {\"fab\": ".utf8)
        try garbage.write(to: URL(fileURLWithPath: folder + "/state.json"))
        let store = TourProgressStore(directory: folder)
        let loaded = store.load()
        #expect(loaded.progress.tours.isEmpty)
        let warning = try #require(loaded.warning)
        #expect(warning.hasPrefix("\(folder)/state.json: not valid JSON saved progress; set aside as state.json.corrupt-"))
        #expect(warning.hasSuffix(" and replaced with empty progress"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count == 2 && names[0] == "state.json" && names[1].hasPrefix("state.json.corrupt-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + names[1])) == garbage, "kept for a person to look at")
        #expect(store.load().warning == nil, "the replacement reads cleanly")
        // A second corrupt file in the same second gets its own name.
        try garbage.write(to: URL(fileURLWithPath: folder + "/state.json"))
        _ = store.load()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("corrupt") }.count == 2)
    }

    @Test func anUnknownVersionIsSetAsideToo() throws {
        let folder = temporaryFolder()
        try Data("{\"version\": 9, \"tours\": {}}".utf8).write(to: URL(fileURLWithPath: folder + "/state.json"))
        let warning = TourProgressStore(directory: folder).load().warning
        #expect(warning?.contains("version 9 (expected 1); set aside as") == true, "\(warning ?? "")")
    }

    @Test func resetForgetsEverything() throws {
        let folder = temporaryFolder()
        let store = TourProgressStore(directory: folder)
        try store.record(.finished, forTour: "fab")
        try store.reset()
        #expect(store.load().progress.tours.isEmpty)
    }

    @Test func theDefaultFolderFollowsXDG() {
        #expect(TourProgressStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]) == "/x/state/limelight")
        #expect(TourProgressStore.defaultDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.local/state/limelight")
        #expect(TourProgressStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/state/limelight",
                "a relative XDG_STATE_HOME is ignored, as the spec says")
        #expect(TourProgressStore.defaultDirectory(environment: [:]) == nil)
    }

    /// Every step of a save failing (the write, its flush, the rename) leaves state.json byte for
    /// byte as it was, reports one line naming the file, and leaves no temporary file.
    @Test(arguments: ["write", "fsync", "rename"])
    func aFailedSaveLeavesTheFileByteForByte(step: String) throws {
        let folder = temporaryFolder("failedSave-\(step)")
        try TourProgressStore(directory: folder).record(.finished, forTour: "fab", date: Date(timeIntervalSince1970: 1_700_000_000))
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json"))
        var failing = AtomicFile.Steps.system
        switch step {
        case "write":
            failing.writeSynced = { _, path, _ throws(AtomicFileFailure) in throw AtomicFileFailure(call: "write", path: path, reason: "No space left on device") }
        case "fsync":
            // Everything reached the page cache, then the flush failed.
            failing.writeSynced = { data, path, _ throws(AtomicFileFailure) in
                try? data.write(to: URL(fileURLWithPath: path))
                throw AtomicFileFailure(call: "fsync", path: path, reason: "Input/output error")
            }
        default:
            failing.rename = { _, to throws(AtomicFileFailure) in throw AtomicFileFailure(call: "rename", path: to, reason: "Read-only file system") }
        }
        do {
            try TourProgressStore(directory: folder, steps: failing).record(.skipped, forTour: "home")
            Issue.record("expected a failure")
        } catch {
            #expect(!error.message.contains("\n"))
            #expect(error.message.hasPrefix("\(folder)/state.json: cannot save tour progress ("), "\(error.message)")
            #expect(error.message.hasSuffix("); the previous file is unchanged"), "\(error.message)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
    }

    /// The same on a real full disk (a tmpfs filled to the last byte).
    @Test(.enabled(if: TinyDisk.canMount, "needs a tmpfs mount (root)"))
    func aRealFullDiskLeavesTheFileByteForByte() throws {
        let disk = try #require(TinyDisk(kibibytes: 64))
        defer { disk.remove() }
        let folder = disk.path + "/limelight"
        try TourProgressStore(directory: folder).record(.finished, forTour: "fab")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json"))
        disk.fill()
        do {
            try TourProgressStore(directory: folder).record(.skipped, forTour: "home")
            Issue.record("expected a failure")
        } catch {
            #expect(error.message.hasPrefix("\(folder)/state.json: cannot save tour progress (write "), "\(error.message)")
            #expect(error.message.hasSuffix(": the disk is full); the previous file is unchanged"), "\(error.message)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
        let reread = TourProgressStore(directory: folder).load()
        #expect(reread.warning == nil && reread.progress.outcome(ofTour: "fab") == .finished)
    }
}
