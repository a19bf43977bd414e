import Files
import Foundation
import Schema
import Tours

/// What the checklist editor edits: the checklist file as a formatting-keeping document, the
/// selected item, the history for undo and redo, and what the file says once loaded (the
/// checklist, or its problems, the app's states and events checked as `limelight check` does).
/// No views: `ChecklistEditorApp` shows it and sends it edits.
@MainActor
public final class ChecklistEditorModel {
    struct Snapshot: Equatable {
        var document: TourDocument
        var selected: Int
    }

    /// The file being edited.
    public let path: String
    /// The document as it is now.
    public private(set) var document: TourDocument
    /// The selected item (0-based).
    public private(set) var selected = 0
    /// The checklist the document loads as, or nil while it has problems.
    public private(set) var loaded: Checklist?
    /// The document's problems (empty when it loads and the app knows its names).
    public private(set) var problems: [Diagnostic] = []
    /// The text last saved (or read).
    public private(set) var savedText: String
    /// Runs after every change of the document or the selection.
    public var onChange: (@MainActor () -> Void)?
    private let catalog: () -> TargetCatalog
    private var history = EditHistory<Snapshot>()

    /// The model of the checklist at `path`: its `text` when the file exists, else a new checklist
    /// of one item; conditions and events are checked against `catalog`.
    public init(path: String, text: String?, catalog: @escaping () -> TargetCatalog) throws(JSONSyntaxError) {
        self.path = path
        self.catalog = catalog
        if let text {
            document = try TourDocument(text: text)
            savedText = text
        } else {
            let stem = (path as NSString).lastPathComponent.replacingOccurrences(of: ".checklist.json", with: "")
            let id = !stem.isEmpty && stem.unicodeScalars.allSatisfy { $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "._-".unicodeScalars.contains($0)) } ? stem : "checklist"
            document = try TourDocument(text: "{\"checklist\": 1, \"id\": \(JSONTree.quote(id)), \"title\": \"Get started\", \"items\": []}\n")
            savedText = ""
            document.root["items"] = .array([Self.newItem(number: 1)])
        }
        reload()
    }

    /// An item to fill in: done when the app launches, until it is told otherwise.
    static func newItem(number: Int) -> JSONTree {
        .object([("id", .string("item\(number)")), ("title", .string("A task")), ("done", .object([("event", .string(AppDefinition.launchEvent))]))])
    }

    /// The items' JSON.
    public var items: [JSONTree] { document.root["items"]?.arrayValue ?? [] }

    /// Whether there are changes to save.
    public var isModified: Bool { document.text != savedText }

    // MARK: - Edits

    /// Sets the key at `path` of the checklist (`item` nil) or of item `item` to `value` (nil
    /// removes it); keystrokes in one row are one step of the history.
    public func setValue(_ value: JSONTree?, at path: [String], inItem item: Int?) {
        guard !path.isEmpty else { return }
        change(coalescing: "key." + (item.map { "\($0)." } ?? "") + path.joined(separator: ".")) { doc in
            if let item {
                var list = doc.root["items"]?.arrayValue ?? []
                guard item < list.count else { return }
                // A list or object set into an item written on one line goes on that line.
                var value = value
                if path.count == 1, list[item].isWrittenOnOneLine, value?.members != nil || value?.arrayValue != nil { value?.matchLayout(of: list[item]) }
                EditorModel.set(value, at: path, in: &list[item], order: ChecklistFormat.itemKeyOrder)
                Self.setItems(list, in: &doc)
            } else {
                EditorModel.set(value, at: path, in: &doc.root, order: ChecklistFormat.keyOrder)
            }
        }
    }

    /// Sets the text at `path` in `language`, keeping the other languages' (a plain string while
    /// the file has no other language for it).
    public func setText(_ text: String, at path: [String], inItem item: Int?, language: String) {
        let base: JSONTree? = item.map { $0 < items.count ? items[$0] : nil } ?? document.root
        let old = base.flatMap { EditorModel.value(at: path, in: $0) }
        var new: JSONTree
        if var table = old, table.members != nil {
            // The table as written (on one line or not): only the language's entry changes.
            table[language] = text.isEmpty ? nil : .string(text)
            new = table
        } else if let plain = old?.stringValue, language != "en" {
            new = .object([("en", .string(plain)), (language, .string(text))])
        } else {
            new = .string(text)
        }
        setValue(new, at: path, inItem: item)
    }

    /// Adds an item after the selected one and selects it.
    public func addItem() {
        let ids = Set(items.compactMap { $0["id"]?.stringValue })
        let number = (1...).first { !ids.contains("item\($0)") } ?? 1
        change { doc in
            var list = doc.root["items"]?.arrayValue ?? []
            let at = list.isEmpty ? 0 : min(self.selected + 1, list.count)
            var item = Self.newItem(number: number)
            // Written as the item before it is (on one line, say), else as the first.
            if let neighbour = at > 0 ? list[at - 1] : list.first { item.matchLayout(of: neighbour) }
            list.insert(item, at: at)
            Self.setItems(list, in: &doc)
            self.selected = at
        }
    }

    /// Removes the selected item (the last one stays: a checklist has at least one).
    public func removeItem() {
        guard items.count > 1 else { return }
        change { doc in
            var list = doc.root["items"]?.arrayValue ?? []
            list.remove(at: self.selected)
            Self.setItems(list, in: &doc)
            self.selected = min(self.selected, list.count - 1)
        }
    }

    /// Moves the selected item `offset` places (−1 up, 1 down).
    public func moveItem(by offset: Int) {
        let to = selected + offset
        guard items.indices.contains(to) else { return }
        change { doc in
            var list = doc.root["items"]?.arrayValue ?? []
            list.swapAt(self.selected, to)
            Self.setItems(list, in: &doc)
            self.selected = to
        }
    }

    /// Selects item `index`.
    public func select(_ index: Int) {
        guard items.indices.contains(index), index != selected else { return }
        selected = index
        history.endGesture()
        onChange?()
    }

    private static func setItems(_ list: [JSONTree], in doc: inout TourDocument) {
        var tree = doc.root["items"] ?? .array([])
        tree.value = .array(list)
        doc.root["items"] = tree
    }

    /// Applies `edit` as one step of the history (joined to the last when both have the same
    /// `coalescing` key).
    private func change(coalescing: String? = nil, _ edit: (inout TourDocument) -> Void) {
        let before = Snapshot(document: document, selected: selected)
        var doc = document
        edit(&doc)
        guard doc != document || selected != before.selected else { return }
        history.record(before, coalescing: coalescing)
        document = doc
        reload()
        onChange?()
    }

    /// Goes back one step of the history.
    public func undo() {
        if let last = history.undo(from: Snapshot(document: document, selected: selected)) { restore(last) }
    }

    /// Goes forward one step of the history.
    public func redo() {
        if let next = history.redo(from: Snapshot(document: document, selected: selected)) { restore(next) }
    }

    private func restore(_ s: Snapshot) {
        document = s.document
        selected = min(s.selected, max(0, items.count - 1))
        reload()
        onChange?()
    }

    /// Reads the document as a checklist: its problems, or the checklist and the problems of its
    /// names against the app.
    private func reload() {
        selected = min(selected, max(0, items.count - 1))
        do {
            let list = try ChecklistLoader.load(bytes: Array(document.text.utf8), file: path)
            problems = ChecklistValidator.validate(list, against: catalog(), file: path)
            loaded = list
        } catch {
            problems = error.diagnostics
            loaded = nil
        }
    }

    // MARK: - Saving

    /// Writes the document to its file in one step (a file with problems too); false when the file
    /// held this text already.
    @discardableResult
    public func save() throws(AtomicFileFailure) -> Bool {
        let text = document.text
        guard text != savedText else { return false }
        try AtomicFile().write(Data(text.utf8), to: path)
        savedText = text
        history.endGesture()
        onChange?()
        return true
    }
}
