import Foundation
import LimelightC
import Raster
import Testing

/// Whatever C hands the library gets an error status and a one-line message naming the function
/// and what was expected, never a crash: NULL pointers, strings that are not UTF-8, numbers out of
/// range, strides too short, a tour with errors (its file, line and key path), a handle after
/// `limelight_session_free`, a call from another thread.
@MainActor @Suite(.serialized) struct CBadInputTests {
    /// Bytes that are not UTF-8, NUL-terminated.
    static let notUTF8: [CChar] = [CChar(bitPattern: 0xC3), CChar(bitPattern: 0x28), 0x61, 0]

    /// Expects `status` to be a failure whose message holds `words`.
    func expectFailure<T: Equatable>(_ status: T, _ failure: T, saying words: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == failure, "expected a failure", sourceLocation: sourceLocation)
        let message = CSession.lastError
        for w in words { #expect(message.contains(w), "\(message)", sourceLocation: sourceLocation) }
    }

    @Test func aTourWithErrorsNamesItsFileLineAndKeyPath() throws {
        CSession.claimThisThread()
        let folder = try Fixtures.folder()
        let path = folder + "/broken.json"
        try #"{"id": "t", "steps": [{"target": "save", "shape": "hexagon"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(limelight_session_new(path, 640, 480, 1, "en") == nil)
        let message = CSession.lastError
        #expect(message.hasPrefix("limelight_session_new: \(path):1: steps[0].shape: "), "\(message)")
        #expect(!message.contains("\n"))
        try "{\n  \"id\": \"t\",\n  \"steps\": [\n    {\"target\": \"save\", \"advanceOn\": \"sometimes\"}\n  ]\n}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(limelight_session_new(path, 640, 480, 1, "en") == nil)
        #expect(CSession.lastError.contains("broken.json:4: steps[0].advanceOn:"), "\(CSession.lastError)")
        try "{ not json".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(limelight_session_new(path, 640, 480, 1, "en") == nil)
        #expect(CSession.lastError.contains("broken.json:1"), "\(CSession.lastError)")
    }

    @Test func sessionsRefuseWhatCannotBeAScreen() {
        CSession.claimThisThread()
        expectFailure(limelight_session_new(nil, 640, 480, 1, "en"), nil, saying: "limelight_session_new: the tour's path is NULL")
        expectFailure(limelight_session_new("/nonexistent/tour.json", 640, 480, 1, nil), nil, saying: "/nonexistent/tour.json")
        Self.notUTF8.withUnsafeBufferPointer { expectFailure(limelight_session_new($0.baseAddress, 640, 480, 1, "en"), nil, saying: "not valid UTF-8") }
        expectFailure(limelight_session_new(Fixtures.paintTour, 0, 480, 1, "en"), nil, saying: "at least 1 point")
        expectFailure(limelight_session_new(Fixtures.paintTour, 20000, 480, 1, "en"), nil, saying: "16384")
        expectFailure(limelight_session_new(Fixtures.paintTour, 640, 480, .nan, "en"), nil, saying: "finite")
        expectFailure(limelight_session_new(Fixtures.paintTour, 640, 480, 100, "en"), nil, saying: "scale")
        expectFailure(limelight_session_new(Fixtures.paintTour, 640, 480, 1, "english please"), nil, saying: "not a language tag")
        let long = String(repeating: "a", count: 5000)
        expectFailure(limelight_session_new(long, 640, 480, 1, "en"), nil, saying: "longer than 4096 bytes")
    }

    @Test func targetsInputAndTimeAreChecked() throws {
        CSession.claimThisThread()
        let c = try CSession()
        let s = c.handle
        expectFailure(limelight_session_set_target(s, nil, 0, 0, 10, 10, nil, nil), -1, saying: "limelight_session_set_target: the target's id is NULL")
        Self.notUTF8.withUnsafeBufferPointer { expectFailure(limelight_session_set_target(s, $0.baseAddress, 0, 0, 10, 10, nil, nil), -1, saying: "not valid UTF-8") }
        Self.notUTF8.withUnsafeBufferPointer { expectFailure(limelight_session_set_target(s, "a", 0, 0, 10, 10, nil, $0.baseAddress), -1, saying: "the name is not valid UTF-8") }
        expectFailure(limelight_session_set_target(s, "a", .nan, 0, 10, 10, nil, nil), -1, saying: "finite")
        expectFailure(limelight_session_set_target(s, "a", 0, 0, 1e300, 10, nil, nil), -1, saying: "±1000000")
        expectFailure(limelight_session_set_target(s, "a", 0, 0, -5, 10, nil, nil), -1, saying: "negative")
        expectFailure(limelight_session_set_target(s, "a", 0, 0, 5, 10, "wizard", nil), -1, saying: "no role \"wizard\"", "button")
        expectFailure(limelight_session_set_target(s, "", 0, 0, 5, 10, nil, nil), -1, saying: "empty")
        expectFailure(limelight_session_set_target(s, "a\u{1}b", 0, 0, 5, 10, nil, nil), -1, saying: "control character")
        expectFailure(limelight_session_pointer(s, 7, 1, 1), -1, saying: "the kind is 7")
        expectFailure(limelight_session_pointer(s, 0, .infinity, 1), -1, saying: "finite")
        expectFailure(limelight_session_key(s, nil), -1, saying: "the key is NULL")
        expectFailure(limelight_session_key(s, "teleport"), -1, saying: "expected a key such as")
        expectFailure(limelight_session_key(s, "enter\nkey tab"), -1, saying: "expected a key such as")
        expectFailure(limelight_session_advance(s, -5), -2, saying: "0 to 2^53")
        #expect(limelight_session_advance(s, 1000) >= -1)
        expectFailure(limelight_session_advance(s, 999), -2, saying: "went back from 1000 to 999")
        expectFailure(limelight_session_set_state(s, "strokes", "{\"a\": 1}"), -1, saying: "an object", "expected a JSON number")
        expectFailure(limelight_session_set_state(s, "strokes", "[1"), -1, saying: "not JSON")
        expectFailure(limelight_session_set_state(s, "tab", "1"), -1, saying: "keeps for itself")
        expectFailure(limelight_session_set_state(s, "bad name!", "1"), -1, saying: "letters, digits")
        #expect(limelight_session_set_state(s, "strokes", "1") == 0)
        expectFailure(limelight_session_set_state(s, "strokes", "\"many\""), -1, saying: "is a number, not a string")
        expectFailure(limelight_session_send_event(s, nil), -1, saying: "NULL")
        expectFailure(limelight_session_write_catalog(s, "/nonexistent-folder/catalog.json"), -1, saying: "limelight_session_write_catalog")
        expectFailure(limelight_session_write_catalog(s, ""), -1, saying: "empty")
        expectFailure(limelight_session_damage(s, 0, 0, -1, 4), -1, saying: "negative")
        expectFailure(limelight_session_resize(s, 640, 480, .nan), -1, saying: "finite")
    }

    @Test func framesThatDoNotFitAreRefusedUntouched() throws {
        CSession.claimThisThread()
        let c = try CSession()
        c.wait(500)
        let frame = try Pixmap(width: 640, height: 480, fill: .white)
        let pixels = UnsafeMutableRawPointer(frame.pixels).assumingMemoryBound(to: UInt8.self)
        expectFailure(limelight_session_compose(c.handle, nil, 640, 480, 2560, 0), -1, saying: "the pixels are NULL")
        expectFailure(limelight_session_compose(c.handle, pixels, 640, 480, 2000, 0), -1, saying: "rows 2000 bytes apart cannot hold 640 pixels")
        expectFailure(limelight_session_compose(c.handle, pixels, 640, 480, 2562, 0), -1, saying: "multiples of 4")
        expectFailure(limelight_session_compose(c.handle, pixels, 320, 240, 1280, 0), -1, saying: "not the session's 640x480")
        expectFailure(limelight_session_compose(c.handle, pixels, 40000, 40000, 160000, 0), -1, saying: "not the session's")
        expectFailure(limelight_session_compose(c.handle, pixels, 640, 480, -4, 0), -1, saying: "stride")
        expectFailure(limelight_session_compose(c.handle, pixels, 640, 480, 2560, 9), -1, saying: "the format is 9")
        expectFailure(limelight_session_compose(c.handle, pixels + 1, 640, 480, 2560, 0), -1, saying: "address")
        #expect((0..<480).allSatisfy { y in (0..<640).allSatisfy { frame[$0, y] == 0xFFFF_FFFF } }, "a refused frame is not written")
    }

    @Test func aFreedSessionIsAnErrorNotACrash() throws {
        CSession.claimThisThread()
        // Called outside #require: its expansion would keep the string's pointer past the conversion.
        let made = limelight_session_new(Fixtures.paintTour, 640, 480, 1, "en")
        let s = try #require(made, "\(CSession.lastError)")
        limelight_session_free(s)
        expectFailure(limelight_session_key(s, "enter"), -1, saying: "limelight_session_key: not a live session")
        expectFailure(limelight_session_advance(s, 0), -2, saying: "not a live session")
        expectFailure(limelight_session_set_target(s, "a", 0, 0, 1, 1, nil, nil), -1, saying: "not a live session")
        expectFailure(limelight_session_state_json(s), nil, saying: "not a live session")
        limelight_session_free(s)
        #expect(CSession.lastError.contains("limelight_session_free: not a live session"))
        limelight_session_free(nil)
        limelight_session_on_event(s, nil, nil)
        // A handle made up, or one of another session made since, names nothing.
        expectFailure(limelight_session_key(OpaquePointer(bitPattern: 0xDEAD_BEE0), "enter"), -1, saying: "not a live session")
        // Called outside #require: its expansion would keep the string's pointer past the conversion.
        let madeOther = limelight_session_new(Fixtures.paintTour, 640, 480, 1, "en")
        let other = try #require(madeOther, "\(CSession.lastError)")
        defer { limelight_session_free(other) }
        #expect(other != s, "a freed handle is never given again")
        expectFailure(limelight_session_key(s, "enter"), -1, saying: "not a live session")
    }

    @Test func aCallbackMayFreeItsOwnSession() throws {
        CSession.claimThisThread()
        final class Box { var handle: OpaquePointer?; var lines = 0 }
        let box = Box()
        // Called outside #require: its expansion would keep the string's pointer past the conversion.
        let made = limelight_session_new(Fixtures.paintTour, 640, 480, 1, "en")
        let s = try #require(made, "\(CSession.lastError)")
        box.handle = s
        limelight_session_on_event(s, { _, context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue()
            box.lines += 1
            limelight_session_free(box.handle)
        }, Unmanaged.passUnretained(box).toOpaque())
        #expect(box.lines == 1, "the first step's event came, and the session went with it")
        expectFailure(limelight_session_advance(s, 0), -2, saying: "not a live session")
    }

    @Test func callsFromAnotherThreadFailAndDoNothing() throws {
        let c = try CSession()
        let handle = UInt(bitPattern: c.handle)
        // The test waits for the other thread without suspending, so no other test runs between
        // (one would release the sessions' thread for the next caller to claim).
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var message = ""
        let thread = Thread {
            let status = limelight_session_key(OpaquePointer(bitPattern: handle), "enter")
            let version = String(cString: limelight_version())
            message = "\(status) \(version) \(String(cString: limelight_last_error()))"
            finished.signal()
        }
        thread.start()
        finished.wait()
        #expect(message.hasPrefix("-1 0.1.0 limelight_session_key: called from another thread than the sessions'"), "\(message)")
        #expect(c.tour?.step == 1, "the session did nothing")
    }
}
