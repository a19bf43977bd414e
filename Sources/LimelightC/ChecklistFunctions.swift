import EmbeddedTours
import Foundation

/// Shows a checklist file over the app's frame.
@_cdecl("limelight_session_show_checklist")
public func limelight_session_show_checklist(_ session: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let path = path
    return CallGuard.run("limelight_session_show_checklist", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let file = try CInput.required(path, "the checklist's path", limit: 4096)
        try passing { () throws(EmbeddedFailure) in try s.showChecklist(path: file) }
        return 0
    }
}

/// Ticks an item of the checklist shown, as the app saved it.
@_cdecl("limelight_session_check_item")
public func limelight_session_check_item(_ session: OpaquePointer?, _ item: UnsafePointer<CChar>?) -> Int32 {
    // Pointers cross into the main actor's work as they are: the call runs on the main thread.
    nonisolated(unsafe) let session = session
    nonisolated(unsafe) let item = item
    return CallGuard.run("limelight_session_check_item", failure: -1) { () throws(CFailure) -> Int32 in
        let s = try SessionHandles.session(session)
        let id = try CInput.required(item, "the item's id", limit: 128)
        try passing { () throws(EmbeddedFailure) in try s.checkItem(id) }
        return 0
    }
}
