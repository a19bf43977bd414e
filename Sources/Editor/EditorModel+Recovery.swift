import Files
import Foundation
import Schema
import Tours

/// What an editor ended by a signal keeps: the unsaved tour, beside its file as `.NAME.recovered`
/// (`.home.json.recovered` for `home.json`), written in one step as saves are. The next editor of
/// the file offers it back; a save, or the user's "Discard", removes it.
extension EditorModel {
    /// The recovery file of the tour file at `path`: `.NAME.recovered` in the same folder.
    public static func recoveryPath(for path: String) -> String {
        let (folder, name) = AtomicFile.split(path)
        let file = "." + name + ".recovered"
        return path.contains("/") ? (folder == "/" ? "/" + file : folder + "/" + file) : file
    }

    /// This tour's recovery file.
    public var recoveryPath: String { EditorModel.recoveryPath(for: path) }

    /// Writes the document, when it has changes the file does not, to the recovery file (in one
    /// step: beside, fsync, rename). Returns whether there was anything to keep.
    @discardableResult
    public func writeRecovery() throws(AtomicFileFailure) -> Bool {
        guard isModified else { return false }
        try AtomicFile().write(Data(document.text.utf8), to: recoveryPath)
        return true
    }

    /// The recovery file's text when there is one to offer: a regular file, readable as a tour
    /// file is (its size limit), different from the document as it opened. Nil otherwise; an
    /// unreadable one is `problem`.
    public func recoveredText() -> (text: String?, problem: String?) {
        guard let kind = try? InputFile.kind(of: recoveryPath) else { return (nil, nil) }
        guard kind.isRegular else { return (nil, "not a regular file") }
        do {
            let text = String(decoding: try TourLoader.read(recoveryPath), as: UTF8.self)
            return (text == document.text ? nil : text, nil)
        } catch {
            return (nil, error.diagnostics.first?.message ?? "unreadable")
        }
    }

    /// Removes the recovery file, if there is one (what it kept was saved, or discarded). A link
    /// is removed, never what it points at.
    public func removeRecovery() { _ = unlink(recoveryPath) }

    /// The tour as the recovery file kept it (`text`), as one step of the history: the file is
    /// not changed until it is saved.
    public func restore(_ text: String) throws(JSONSyntaxError) {
        let recovered = try TourDocument(text: text)
        change { $0 = recovered }
    }
}
