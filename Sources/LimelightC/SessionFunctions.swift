import EmbeddedTours
import Foundation
import Raster
import Tours
import Views
#if canImport(Glibc)
import Glibc
#endif

// The C interface (include/limelight.h): opaque handles, plain types, a status on every call and a
// message to fetch. Each function checks what it is handed and runs its work through `CallGuard`.

/// The library's version, as `LIMELIGHT_VERSION` says it.
let libraryVersion = "0.1.0"
/// The version of the interface, as `LIMELIGHT_ABI_VERSION` says it.
let interfaceVersion: Int32 = 1

/// The longest path, in bytes.
let maxPathLength = 4096

/// The library's version: a string that lives as long as the process.
@_cdecl("limelight_version")
public func limelight_version() -> UnsafePointer<CChar> { LibraryStrings.version }

/// The interface version the library was built with (`LIMELIGHT_ABI_VERSION`).
@_cdecl("limelight_abi_version")
public func limelight_abi_version() -> Int32 { interfaceVersion }

/// This thread's last failure, "" when none.
@_cdecl("limelight_last_error")
public func limelight_last_error() -> UnsafePointer<CChar> { LastError.current }

/// Frees what the library allocated for the caller (`limelight_session_state_json`); NULL is fine.
@_cdecl("limelight_free")
public func limelight_free(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

/// Strings with the process's lifetime (never written after they are made).
enum LibraryStrings {
    nonisolated(unsafe) static let version: UnsafePointer<CChar> = UnsafePointer(strdup(libraryVersion)!)
}

/// A session running the tour file at `tour_path` over a `width` x `height`-point screen at `scale`
/// device pixels per point, in `language` (NULL: "en"); NULL on failure.
@_cdecl("limelight_session_new")
public func limelight_session_new(_ tourPath: UnsafePointer<CChar>?, _ width: Int32, _ height: Int32, _ scale: Double,
                                  _ language: UnsafePointer<CChar>?) -> OpaquePointer? {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let tourPath = tourPath
    nonisolated(unsafe) let language = language
    let handle = CallGuard.run("limelight_session_new", failure: UInt(0)) { () throws(CFailure) -> UInt in
        let path = try CInput.required(tourPath, "the tour's path", limit: maxPathLength)
        let tag = try CInput.string(language, "the language", limit: 64, allowsNull: true) ?? "en"
        let scale = try CInput.finite(scale, "the scale")
        let engine = try SessionHandles.textEngine()
        let session = try passing { () throws(EmbeddedFailure) in
            try EmbeddedSession(tourPath: path, size: Size(Double(width), Double(height)), scale: scale, language: tag, textEngine: engine)
        }
        let handle = try SessionHandles.add(session)
        // Started once its events have somewhere to wait for the app's callback.
        session.start()
        return UInt(bitPattern: handle)
    }
    return OpaquePointer(bitPattern: handle)
}

/// Ends a session; NULL is fine, and so is a handle already freed (its failure is kept).
@_cdecl("limelight_session_free")
public func limelight_session_free(_ session: OpaquePointer?) {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    guard let session else { return }
    nonisolated(unsafe) let handle = session
    _ = CallGuard.run("limelight_session_free", failure: Int32(-1)) { () throws(CFailure) -> Int32 in
        guard SessionHandles.remove(handle) else { throw CFailure("not a live session (freed already, or not made by limelight_session_new)") }
        return 0
    }
}

/// Publishes the target `id` at the rectangle (points), with an optional role and name.
@_cdecl("limelight_session_set_target")
public func limelight_session_set_target(_ session: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ x: Double, _ y: Double,
                                         _ width: Double, _ height: Double, _ role: UnsafePointer<CChar>?,
                                         _ name: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let id = id
    nonisolated(unsafe) let role = role
    nonisolated(unsafe) let name = name
    return CallGuard.run("limelight_session_set_target", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let id = try CInput.required(id, "the target's id", limit: PublishedTarget.maxIDLength)
        var semantic: SemanticRole?
        if let word = try CInput.string(role, "the role", limit: 64, allowsNull: true) {
            switch PublishedTarget.role(named: word) {
            case .success(let found): semantic = found
            case .failure(let error): throw CFailure(error.message)
            }
        }
        let label = try CInput.string(name, "the name", limit: PublishedTarget.maxNameLength, allowsNull: true)
        let target = PublishedTarget(id: id, rect: Rect(x: x, y: y, width: width, height: height), role: semantic, name: label)
        try passing { () throws(EmbeddedFailure) in try s.publish(target) }
        return 0
    }
}

/// Takes every published target away.
@_cdecl("limelight_session_clear_targets")
public func limelight_session_clear_targets(_ session: OpaquePointer?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    return CallGuard.run("limelight_session_clear_targets", failure: -1) { () throws(CFailure) -> Int32 in
        try SessionHandles.session(session).clearTargets()
        return 0
    }
}

/// A pointer event: 1 when Limelight used it, 0 when it is the app's, -1 on error.
@_cdecl("limelight_session_pointer")
public func limelight_session_pointer(_ session: OpaquePointer?, _ kind: Int32, _ x: Double, _ y: Double) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    return CallGuard.run("limelight_session_pointer", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let phase: EmbeddedSession.PointerPhase
        switch kind {
        case 0: phase = .down
        case 1: phase = .move
        case 2: phase = .up
        default: throw CFailure("the kind is \(kind) (expected LIMELIGHT_POINTER_DOWN 0, _MOVE 1 or _UP 2)")
        }
        return try passing { () throws(EmbeddedFailure) in try s.pointer(phase, at: Point(x, y)) ? 1 : 0 }
    }
}

/// A key by name: 1 when Limelight used it, 0 when it is the app's, -1 on error.
@_cdecl("limelight_session_key")
public func limelight_session_key(_ session: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let key = key
    return CallGuard.run("limelight_session_key", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let name = try CInput.required(key, "the key", limit: 64)
        return try passing { () throws(EmbeddedFailure) in try s.key(named: name) ? 1 : 0 }
    }
}

/// Moves the session to the app's time and runs a frame: milliseconds until the next frame is
/// wanted, 0 now, -1 not until input, -2 on error (-1 means a wait, so a failure has its own value).
@_cdecl("limelight_session_advance")
public func limelight_session_advance(_ session: OpaquePointer?, _ now: Int64) -> Int64 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    return CallGuard.run("limelight_session_advance", failure: Int64(-2)) { () throws(CFailure) -> Int64 in
        let s = try SessionHandles.session(session)
        return try passing { () throws(EmbeddedFailure) in try s.advance(to: now) ?? -1 }
    }
}
