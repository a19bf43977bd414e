import Files
import Foundation
import ImageFiles
import Raster
import Schema
import Tours

/// What the editor edits: the tour file as a `TourDocument`, the selected step, the history for
/// undo and redo, and what the file says once loaded (the tour, or its problems). No views: the
/// editor's screen shows it and sends it edits.
@MainActor
public final class EditorModel {
    /// One state of the history: the document and the step selected in it.
    struct Snapshot: Equatable {
        var document: TourDocument
        var selected: Int
    }

    /// The file being edited.
    public let path: String
    /// The document as it is now.
    public private(set) var document: TourDocument
    /// The selected step (0-based; 0 when the tour has none).
    public private(set) var selected: Int
    /// Whether the file was missing when the editor opened (its id is asked for on the first save).
    public private(set) var isNew: Bool
    /// The tour the document loads as, or nil while it has problems.
    public private(set) var loaded: LoadedTour?
    /// The document's problems, in file order (empty when it loads).
    public private(set) var problems: [Diagnostic] = []
    /// The text last saved (or read), to tell whether there is anything to save.
    public private(set) var savedText: String
    /// Whether the last save wrote the file (false: it held the text already and was left alone).
    public private(set) var wroteLastSave = false
    /// Runs after every change of the document or the selection.
    public var onChange: (@MainActor () -> Void)?

    /// The undo and redo history.
    private var history = EditHistory<Snapshot>()
    private let catalog: () -> TargetCatalog
    /// The decoded screenshots the tour's loads share: each edit reloads the tour, and an
    /// unchanged screenshot is decoded once.
    public let images: DecodedImageCache
    /// What reads the tour's test scripts when it is checked (nil: they go unread).
    let scripts: (any TestScriptReading)?

    /// The languages the editor offers: the tour's text languages, and `extra` (the app's).
    public var languages: [String] {
        var codes = loaded?.tour.textLanguages ?? []
        for code in extraLanguages where !codes.contains(code) { codes.append(code) }
        return codes.isEmpty ? ["en"] : codes
    }
    /// Languages offered even when no text uses them yet (the app's).
    public var extraLanguages: [String] = []

    /// The model of the tour at `path`: its text when the file exists (`text`), else a new tour
    /// with one step for a screen of `screenSize`. Target ids are checked against `catalog`;
    /// screenshots are decoded through `images` (the process's cache; without one, its own); its
    /// test scripts are read by `scripts` (the test kit's, from the command line), unread without.
    public init(path: String, text: String?, screenSize: Size, catalog: @escaping () -> TargetCatalog,
                images: DecodedImageCache = DecodedImageCache(), scripts: (any TestScriptReading)? = nil) throws(JSONSyntaxError) {
        self.path = path
        self.catalog = catalog
        self.images = images
        self.scripts = scripts
        if let text {
            document = try TourDocument(text: text)
            savedText = text
            isNew = false
        } else {
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let id = stem.unicodeScalars.allSatisfy { $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "._-".unicodeScalars.contains($0)) } && !stem.isEmpty ? stem : "tour"
            document = TourDocument(newTourWithID: id, firstStep: StepFields.newStep(on: screenSize, text: StepFields.newStepText))
            savedText = ""
            isNew = true
        }
        selected = 0
        reload()
    }

    /// Whether the document differs from the file.
    public var isModified: Bool { document.text != savedText }
    /// How many steps the tour has.
    public var stepCount: Int { document.steps.count }
    /// The selected step's fields.
    public var selectedStep: StepFields? { selected < document.steps.count ? StepFields(document.steps[selected], unitsPerPoint: unitsPerPoint) : nil }
    /// What the tour's rectangles are measured in, per point (its screen's scale for `"units": "pixels"`).
    public var unitsPerPoint: Double {
        document.root["units"]?.stringValue == "pixels" ? document.root["screen"]?["scale"]?.numberValue ?? 1 : 1
    }

    // MARK: - Editing

    /// Changes the document with `edit`, as one step of the history; edits with the same
    /// `coalescing` key in a row (keystrokes in one field) make one step together.
    public func change(coalescing: String? = nil, _ edit: (inout TourDocument) -> Void) {
        var next = document
        edit(&next)
        guard next != document else { return }
        history.record(Snapshot(document: document, selected: selected), coalescing: coalescing)
        document = next
        selected = min(selected, max(0, document.steps.count - 1))
        reload()
        onChange?()
    }

    /// Ends a gesture (a drag let go, a field left): the next change starts a step of the history
    /// of its own, whatever its coalescing key.
    public func endGesture() { history.endGesture() }

    /// Changes the selected step's fields.
    public func changeStep(coalescing: String? = nil, _ edit: (inout StepFields) -> Void) {
        let i = selected
        change(coalescing: coalescing.map { "step\(i).\($0)" }) { doc in
            var steps = doc.steps
            guard i < steps.count else { return }
            var fields = StepFields(steps[i], unitsPerPoint: self.unitsPerPoint)
            edit(&fields)
            steps[i] = fields.json
            doc.steps = steps
        }
    }

    /// Selects step `index` (clamped).
    public func select(_ index: Int) {
        let i = max(0, min(index, document.steps.count - 1))
        guard i != selected else { return }
        selected = i
        history.endGesture()
        onChange?()
    }

    /// Adds a new step after the selected one, on the same tab, and selects it.
    public func addStep(screenSize: Size) {
        let at = min(selected + 1, document.steps.count)
        change { doc in
            var steps = doc.steps
            steps.insert(StepFields.newStep(on: screenSize, text: StepFields.newStepText), at: at)
            doc.steps = steps
        }
        select(at)
    }

    /// Inserts `step` at place `index` (clamped), as one step of the history, and selects it.
    public func insertStep(_ step: JSONTree, at index: Int) {
        let at = max(0, min(index, document.steps.count))
        change { doc in
            var steps = doc.steps
            steps.insert(step, at: at)
            doc.steps = steps
        }
        selected = at
        onChange?()
    }

    /// Deletes step `index` even when it is the last one (a recording replaces a new tour's
    /// placeholder step).
    func deleteStepAllowingNone(_ index: Int) {
        guard index < document.steps.count else { return }
        change { doc in
            var steps = doc.steps
            steps.remove(at: index)
            doc.steps = steps
        }
    }

    /// Adds a copy of the selected step after it, and selects the copy.
    public func duplicateStep() {
        guard selected < document.steps.count else { return }
        let at = selected + 1
        change { doc in
            var steps = doc.steps
            steps.insert(steps[at - 1], at: at)
            doc.steps = steps
        }
        select(at)
    }

    /// Deletes the selected step (a tour keeps at least one).
    public func deleteStep() {
        guard document.steps.count > 1 else { return }
        let i = selected
        change { doc in
            var steps = doc.steps
            steps.remove(at: i)
            doc.steps = steps
        }
    }

    /// Moves the selected step by `offset` places (−1 earlier, +1 later), keeping it selected.
    public func moveStep(by offset: Int) {
        let from = selected, to = selected + offset
        guard to >= 0, to < document.steps.count, from != to else { return }
        change { doc in
            var steps = doc.steps
            steps.swapAt(from, to)
            doc.steps = steps
        }
        selected = to
        onChange?()
    }

    /// Moves step `from` to place `to` (the steps between shift over), as one step of the history,
    /// and selects it.
    public func moveStep(_ from: Int, to: Int) {
        let count = document.steps.count
        guard from >= 0, from < count, to >= 0, to < count, from != to else { return }
        change { doc in
            var steps = doc.steps
            steps.insert(steps.remove(at: from), at: to)
            doc.steps = steps
        }
        selected = to
        onChange?()
    }

    /// Sets the tour's id (asked for on a new tour's first save).
    public func setTourID(_ id: String) {
        change { doc in doc.root["id"] = .string(id) }
    }

    /// Goes back one step of the history.
    public func undo() {
        guard let last = history.undo(from: Snapshot(document: document, selected: selected)) else { return }
        restore(last)
    }

    /// Goes forward one step of the history.
    public func redo() {
        guard let next = history.redo(from: Snapshot(document: document, selected: selected)) else { return }
        restore(next)
    }

    private func restore(_ snapshot: Snapshot) {
        document = snapshot.document
        selected = min(snapshot.selected, max(0, document.steps.count - 1))
        reload()
        onChange?()
    }

    // MARK: - Loading and saving

    /// Checks the tour again against the app (its screens changed), as a save would.
    public func recheck() {
        reload()
        onChange?()
    }

    /// Loads the document's text as the file would load: the tour, or its problems.
    private func reload() {
        let folder = AtomicFile.split(path).folder
        do {
            loaded = try TourLoader.load(bytes: Array(document.text.utf8), file: path, folder: folder.isEmpty ? "." : folder, appCatalog: catalog, images: images,
                                           scripts: scripts)
            problems = loaded?.warnings ?? []
        } catch {
            loaded = nil
            problems = error.diagnostics
        }
    }

    /// Writes the document to its file in one step (a temporary file beside it, fsync, rename);
    /// a tour with problems is saved too. A file that already holds the document's text is left
    /// as it is (the same file, inode and modification time: a watcher sees no save, a build no
    /// change). Returns the problems it has.
    @discardableResult
    public func save() throws(AtomicFileFailure) -> [Diagnostic] {
        let text = document.text
        if !isNew, let onDisk = try? TourLoader.read(path), onDisk.elementsEqual(text.utf8) {
            wroteLastSave = false
        } else {
            try AtomicFile().write(Data(text.utf8), to: path)
            wroteLastSave = true
        }
        savedText = text
        isNew = false
        onChange?()
        return problems
    }
}
