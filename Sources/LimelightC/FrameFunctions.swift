import EmbeddedTours
import Files
import Foundation
import Raster
import Schema
import Tours
import Views

/// Blends the tour's overlays over the app's frame in place: 0, or -1 on error.
@_cdecl("limelight_session_compose")
public func limelight_session_compose(_ session: OpaquePointer?, _ pixels: UnsafeMutablePointer<UInt8>?, _ width: Int32,
                                      _ height: Int32, _ stride: Int32, _ format: Int32) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let pixels = pixels
    return CallGuard.run("limelight_session_compose", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        guard let pixels else { throw CFailure("the pixels are NULL") }
        let order: EmbeddedSession.PixelOrder
        switch format {
        case 0: order = .argb
        case 1: order = .rgba
        default: throw CFailure("the format is \(format) (expected LIMELIGHT_ARGB8888_PREMULTIPLIED 0 or LIMELIGHT_RGBA8888_PREMULTIPLIED 1)")
        }
        guard width > 0, height > 0 else { throw CFailure("the frame is \(width)x\(height) pixels (expected at least 1x1)") }
        guard stride > 0 else { throw CFailure("the stride is \(stride) bytes (expected at least width x 4)") }
        try passing { () throws(EmbeddedFailure) in
            try s.compose(pixels: UnsafeMutableRawPointer(pixels), width: Int(width), height: Int(height), bytesPerRow: Int(stride), order: order)
        }
        return 0
    }
}

/// Says the app redrew only this rectangle of its frame (device pixels) since its last compose.
@_cdecl("limelight_session_damage")
public func limelight_session_damage(_ session: OpaquePointer?, _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    return CallGuard.run("limelight_session_damage", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        try passing { () throws(EmbeddedFailure) in try s.damage(IntRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))) }
        return 0
    }
}

/// Follows a new screen size (points) and scale.
@_cdecl("limelight_session_resize")
public func limelight_session_resize(_ session: OpaquePointer?, _ width: Int32, _ height: Int32, _ scale: Double) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    return CallGuard.run("limelight_session_resize", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let scale = try CInput.finite(scale, "the scale")
        try passing { () throws(EmbeddedFailure) in try s.resize(to: Size(Double(width), Double(height)), scale: scale) }
        return 0
    }
}

/// Everything about the session as one line of JSON, to free with `limelight_free`; NULL on error.
@_cdecl("limelight_session_state_json")
public func limelight_session_state_json(_ session: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    let address = CallGuard.run("limelight_session_state_json", failure: 0) { () throws(CFailure) -> Int in
        let s = try SessionHandles.session(session)
        return Int(bitPattern: try CInput.allocated(s.stateJSON))
    }
    return UnsafeMutablePointer(bitPattern: address)
}

/// Sets the app's state `name` to a JSON number, true, false or a string.
@_cdecl("limelight_session_set_state")
public func limelight_session_set_state(_ session: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ jsonValue: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let name = name
    nonisolated(unsafe) let jsonValue = jsonValue
    return CallGuard.run("limelight_session_set_state", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let key = try CInput.required(name, "the state's name", limit: 128)
        let text = try CInput.required(jsonValue, "the value", limit: 64 * 1024)
        let parsed: JSONNode
        do { parsed = try JSONParser.parse(text) } catch {
            throw CFailure("the value of \(quoted(key)) is not JSON (\((error as? JSONSyntaxError)?.message ?? "\(error)")); expected a number, true, false or a string in double quotes")
        }
        let value: StateValue
        switch parsed.value {
        case .number(let n): value = .number(n)
        case .bool(let b): value = .flag(b)
        case .string(let word): value = .text(word)
        case .null, .array, .object:
            throw CFailure("the value of \(quoted(key)) is \(parsed.kindDescription) (expected a JSON number, true, false or a string in double quotes)")
        }
        try passing { () throws(EmbeddedFailure) in try s.set(state: key, to: value) }
        return 0
    }
}

/// Records one of the app's events.
@_cdecl("limelight_session_send_event")
public func limelight_session_send_event(_ session: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let name = name
    return CallGuard.run("limelight_session_send_event", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let event = try CInput.required(name, "the event's name", limit: 128)
        try passing { () throws(EmbeddedFailure) in try s.send(event: event) }
        return 0
    }
}

/// Names the user (an anonymous id) and the session the events log's lines carry.
@_cdecl("limelight_session_set_user")
public func limelight_session_set_user(_ session: OpaquePointer?, _ user: UnsafePointer<CChar>?, _ sessionID: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let user = user
    nonisolated(unsafe) let sessionID = sessionID
    return CallGuard.run("limelight_session_set_user", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let id = try CInput.required(user, "the user's id", limit: 200)
        guard !id.isEmpty else { throw CFailure("the user's id is empty") }
        let sid = try CInput.string(sessionID, "the session's id", limit: 200, allowsNull: true)
        if let sid, sid.isEmpty { throw CFailure("the session's id is empty (give NULL to keep the one made)") }
        s.user = id
        if let sid { s.sessionID = sid }
        return 0
    }
}

/// Saves what the app published as a catalog file for `limelight check --catalog`.
@_cdecl("limelight_session_write_catalog")
public func limelight_session_write_catalog(_ session: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let path = path
    return CallGuard.run("limelight_session_write_catalog", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let file = try CInput.required(path, "the catalog's path", limit: maxPathLength)
        guard !file.isEmpty else { throw CFailure("the catalog's path is empty") }
        do throws(AtomicFileFailure) { try s.catalog.write(to: file) } catch { throw CFailure(error.description) }
        return 0
    }
}

/// Gives each tour event, as a line of JSON, to `callback` with `context` (NULL: no more).
@_cdecl("limelight_session_on_event")
public func limelight_session_on_event(_ session: OpaquePointer?,
                                       _ callback: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void)?,
                                       _ context: UnsafeMutableRawPointer?) {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    let address = Int(bitPattern: context)
    _ = CallGuard.run("limelight_session_on_event", failure: Int32(-1)) { () throws(CFailure) -> Int32 in
        let box = try SessionHandles.box(session)
        box.callback = callback
        box.context = UnsafeMutableRawPointer(bitPattern: address)
        // Events before the first callback wait for it (the first step's, from limelight_session_new);
        // after a NULL one none are kept.
        box.keepsEvents = callback != nil
        if callback == nil { box.pending = [] }
        return 0
    }
}
