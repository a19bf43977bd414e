import Files
import Foundation
import Tours

/// Unsaved work an ended editor kept (`EditorModel.writeRecovery`), offered back when the file is
/// opened again: a question in the window (Restore, Discard; Escape decides later) and a line on
/// stderr. Restoring is one step of the history and leaves the file as it is until it is saved; a
/// save removes the recovery file, and so does Discard; put off (Escape), it stays, saves or not.
extension EditorApp {
    /// Asks about the recovery file beside the tour, when there is one that differs from it.
    func offerRecovery() {
        let name = (model.path as NSString).lastPathComponent
        let kept = (model.recoveryPath as NSString).lastPathComponent
        let (text, problem) = model.recoveredText()
        if let problem {
            log("edit: \(kept) cannot be offered back: \(problem)")
            return
        }
        guard let text else {
            // The same as the file: nothing was lost.
            if (try? InputFile.kind(of: model.recoveryPath))?.isRegular == true { model.removeRecovery() }
            return
        }
        recoveredText = text
        screen.recoveryText.string = "Unsaved changes to \(name) were kept when an editor of it was ended. Restore them?"
        screen.showsRecoveryQuestion = true
        log("edit: \(name) has unsaved changes kept in \(kept) when an editor of it was ended: Restore or Discard them in the window")
    }

    /// Restore: the kept tour becomes the document (not yet saved).
    func restoreRecovery() {
        screen.showsRecoveryQuestion = false
        guard let text = recoveredText else { return }
        do {
            try model.restore(text)
            recoveredText = nil
            restoredFromRecovery = true
            log("edit: restored the unsaved changes kept in \((model.recoveryPath as NSString).lastPathComponent); Ctrl-S saves them")
        } catch {
            say("\((model.recoveryPath as NSString).lastPathComponent) cannot be restored: line \(error.line): \(error.message); it is kept")
        }
    }

    /// Discard: the recovery file goes.
    func discardRecovery() {
        screen.showsRecoveryQuestion = false
        recoveredText = nil
        model.removeRecovery()
        log("edit: discarded the unsaved changes kept in \((model.recoveryPath as NSString).lastPathComponent)")
    }

    /// Escape: the question goes; the recovery file stays for the next time the file is opened
    /// (saves leave it too).
    func postponeRecovery() {
        screen.showsRecoveryQuestion = false
        recoveredText = nil
        recoveryPostponed = true
        log("edit: \((model.recoveryPath as NSString).lastPathComponent) is kept; the next edit of the file asks again")
    }
}
