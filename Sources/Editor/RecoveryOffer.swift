import Files
import Foundation
import Tours

/// Unsaved work an ended editor kept (`EditorModel.writeRecovery`), offered back when the file is
/// opened again: a question in the window (Restore, Discard; Escape decides later) and a line on
/// stderr. Restoring is one step of the history and leaves the file as it is until it is saved; a
/// save removes the recovery file, and so does Discard; put off (Escape), it stays, saves or not.
@MainActor
final class RecoveryOffer {
    /// The editor it asks in.
    unowned let editor: EditorApp
    /// The text of the recovery file while the question about it shows.
    private var recoveredText: String?
    /// Whether the document was restored from the recovery file (a "Don't save" then discards it too).
    private(set) var restored = false
    /// Whether the question about the recovery file was put off (Escape): saves leave the file for
    /// the next time, what it keeps not being in the document.
    private(set) var postponed = false

    init(editor: EditorApp) { self.editor = editor }

    /// After a save: nothing is kept elsewhere any more (unless it was put off, not restored).
    func noteSaved() {
        if !postponed { editor.model.removeRecovery() }
        restored = false
    }

    /// Asks about the recovery file beside the tour, when there is one that differs from it.
    func offer() {
        let name = (editor.model.path as NSString).lastPathComponent
        let kept = (editor.model.recoveryPath as NSString).lastPathComponent
        let (text, problem) = editor.model.recoveredText()
        if let problem {
            editor.log("edit: \(kept) cannot be offered back: \(problem)")
            return
        }
        guard let text else {
            // The same as the file: nothing was lost.
            if (try? InputFile.kind(of: editor.model.recoveryPath))?.isRegular == true { editor.model.removeRecovery() }
            return
        }
        recoveredText = text
        editor.screen.recoveryText.string = "Unsaved changes to \(name) were kept when an editor of it was ended. Restore them?"
        editor.screen.showsRecoveryQuestion = true
        editor.log("edit: \(name) has unsaved changes kept in \(kept) when an editor of it was ended: Restore or Discard them in the window")
    }

    /// Restore: the kept tour becomes the document (not yet saved).
    func restore() {
        editor.screen.showsRecoveryQuestion = false
        guard let text = recoveredText else { return }
        do {
            try editor.model.restore(text)
            recoveredText = nil
            restored = true
            editor.log("edit: restored the unsaved changes kept in \((editor.model.recoveryPath as NSString).lastPathComponent); Ctrl-S saves them")
        } catch {
            editor.say("\((editor.model.recoveryPath as NSString).lastPathComponent) cannot be restored: line \(error.line): \(error.message); it is kept")
        }
    }

    /// Discard: the recovery file goes.
    func discard() {
        editor.screen.showsRecoveryQuestion = false
        recoveredText = nil
        editor.model.removeRecovery()
        editor.log("edit: discarded the unsaved changes kept in \((editor.model.recoveryPath as NSString).lastPathComponent)")
    }

    /// Escape: the question goes; the recovery file stays for the next time the file is opened
    /// (saves leave it too).
    func postpone() {
        editor.screen.showsRecoveryQuestion = false
        recoveredText = nil
        postponed = true
        editor.log("edit: \((editor.model.recoveryPath as NSString).lastPathComponent) is kept; the next edit of the file asks again")
    }
}
