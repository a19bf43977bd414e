import Files
import Foundation
import Raster
import Schema
import Tours
import Views

/// `limelight edit FILE.checklist.json`: a checklist edited beside the app it runs on. The app is
/// on the left with the checklist's panel open as it will look (and working: its items tick as
/// the app does what they ask), the panel on the right: the checklist's own keys, its items (chosen
/// by a tap; added, removed and moved with the buttons under them), the chosen item's keys, and
/// the file's problems (the app's states and events checked as `limelight check` does). Every row
/// comes from the format's own rows, as the tour editor's "every key" rows do. Ctrl-S saves
/// (keeping the file's formatting), Ctrl-Z and Ctrl-Shift-Z undo and redo, Ctrl-Q quits (twice
/// with unsaved changes).
@MainActor
public final class ChecklistEditorApp: HostedApp {
    /// The editor's own root: the window's.
    public let root: ViewRoot
    /// What is being edited.
    public let model: ChecklistEditorModel
    /// Where lines for stderr go (what was saved, what was refused).
    public var log: (String) -> Void = { _ in }
    /// The app the checklist is shown on.
    public private(set) var stage: any TourHost
    /// The checklist shown on the app (nil while the file has problems).
    public private(set) var runner: ChecklistRunner?
    /// Whether the editor asks its host to end.
    public private(set) var wantsToQuit = false
    /// The language the texts are edited (and the checklist is shown) in.
    public let language: String

    private let viewport: AppViewport
    private let checklistRows: KeyRows
    private let itemRows: KeyRows
    private let itemList = VStack(alignment: .leading, spacing: 2, children: [])
    private let header = Text("", font: Font(size: 15, weight: .bold), color: .black, lineLimit: 1)
    private let status = Text("", font: .caption, color: Palette.readableSecondaryLabel)
    private let problems = Text("", font: .caption, color: Color(red: 0xC6, green: 0x28, blue: 0x28))
    private let itemHeading = Text("", font: Font(size: 13, weight: .bold), color: .black)
    private var quitAsked = false
    private var shownItem = 0
    private var notice: String?

    /// The panel's width in points.
    static let panelWidth = 400.0

    /// An editor of `model` over the app `makeStage` makes, its panel drawn with `textEngine` at
    /// `scale` on `clock`.
    public init(model: ChecklistEditorModel, makeStage: @MainActor () throws -> any TourHost, textEngine: any TextEngine,
                clock: any Clock, scale: Double) throws {
        self.model = model
        stage = try makeStage()
        language = stage.languageCode
        viewport = AppViewport(stage: stage, drawsRectangles: false)
        viewport.mode = .play
        checklistRows = KeyRows(ChecklistFormat.keys, prefix: "", except: ["$schema", "checklist", "items"], idPrefix: "editor.checklist.")
        itemRows = KeyRows(ChecklistFormat.keys, prefix: "items[].", except: [], idPrefix: "editor.item.")
        let add = Self.button("Add", id: "editor.item.add"), remove = Self.button("Remove", id: "editor.item.remove")
        let up = Self.button("Up", id: "editor.item.up"), down = Self.button("Down", id: "editor.item.down")
        let panelBody = VStack(alignment: .leading, spacing: 10, children: [
            header, status, problems, checklistRows,
            Text("Items", font: Font(size: 13, weight: .bold), color: .black), itemList,
            HStack(spacing: 8, children: [add, remove, up, down]), itemHeading, itemRows,
        ])
        let panel = Background(.white, child: ScrollView(Padding(EdgeInsets(all: 16), child: panelBody)).id("editor.panel"))
        let screen = HStack(spacing: 0, children: [viewport, FrameView(width: Self.panelWidth, child: panel)])
        let size = Size(stage.root.size.width + Self.panelWidth, max(stage.root.size.height, 700))
        root = try ViewRoot(content: screen, size: size, scale: scale, safeArea: .zero, textEngine: textEngine, clock: clock)
        root.backgroundColor = Palette.groupedBackground
        add.action = { [weak self] in self?.model.addItem() }
        remove.action = { [weak self] in self?.model.removeItem() }
        up.action = { [weak self] in self?.model.moveItem(by: -1) }
        down.action = { [weak self] in self?.model.moveItem(by: 1) }
        checklistRows.onEdit = { [weak self] edit in self?.apply(edit, item: nil) }
        itemRows.onEdit = { [weak self] edit in guard let self else { return }; self.apply(edit, item: self.model.selected) }
        root.keyHandler = { [weak self] key, modifiers in self?.key(key, modifiers) ?? false }
        model.onChange = { [weak self] in self?.refresh(reshow: true) }
        refresh(reshow: true)
    }

    private static func button(_ title: String, id: String) -> Button {
        let label = Background(Palette.groupedBackground, shape: .roundedRect(cornerRadius: 6),
                               child: Padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12), child: Text(title, font: .caption, color: .black)))
        return Button(shape: .roundedRect(cornerRadius: 6), action: {}, label: label).id(id)
    }

    private func apply(_ edit: KeyRows.Edit, item: Int?) {
        notice = nil
        switch edit {
        case let .value(path, value): model.setValue(value, at: path, inItem: item)
        case let .text(path, text): model.setText(text, at: path, inItem: item, language: language)
        case .refused(let why): say(why)
        }
    }

    private func say(_ line: String) {
        log("edit: " + line)
        notice = line
        refresh(reshow: false)
    }

    /// Shows the model: the panel's rows and items, and (when `reshow`) the checklist on the app again.
    private func refresh(reshow: Bool) {
        let name = (model.path as NSString).lastPathComponent
        header.string = (model.isModified ? "● " : "") + name
        status.string = notice ?? (model.loaded.map { "\($0.items.count) item\($0.items.count == 1 ? "" : "s"); Ctrl-S saves, Ctrl-Z undoes" } ?? "the file has problems: the checklist is not shown")
        problems.string = model.problems.prefix(8).map { "line \($0.line.map(String.init) ?? "?"): \($0.path.isEmpty ? "" : $0.path + ": ")\($0.message)" }.joined(separator: "\n")
        checklistRows.show(model.document.root, language: language)
        let items = model.items
        itemList.replaceChildren(with: items.enumerated().map { i, item in
            let title = item["title"].flatMap { $0.stringValue ?? $0[language]?.stringValue ?? $0["en"]?.stringValue } ?? ""
            let chosen = i == model.selected
            let label = Background(chosen ? Palette.readableTint : Palette.groupedBackground, shape: .roundedRect(cornerRadius: 6),
                                   child: Padding(EdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10),
                                                  child: Text("\(i + 1). \(title)  (\(item["id"]?.stringValue ?? "?"))", font: .caption, color: chosen ? .white : .black)))
            let button = Button(shape: .roundedRect(cornerRadius: 6), action: { [weak self] in self?.model.select(i) }, label: label)
            button.id = "editor.items.\(i)"
            button.isSelected = chosen
            return button
        })
        itemHeading.string = "Item \(model.selected + 1)"
        // Another item chosen: a field of the one before lets its text go.
        if model.selected != shownItem, let focused = root.focusedView, focused.isDescendant(of: itemRows) { root.focus(nil) }
        shownItem = model.selected
        if model.selected < items.count { itemRows.show(items[model.selected], language: language) }
        if reshow { showChecklist() }
        viewport.setNeedsEmbeddedFrame()
    }

    /// The checklist as the file says it now, on the app with its panel open (what was ticked
    /// in the preview stays ticked).
    private func showChecklist() {
        let progress = runner?.progress ?? TourProgress()
        runner?.dismiss(animated: false)
        runner = nil
        guard let list = model.loaded else { return }
        let made = ChecklistRunner(checklist: list, host: stage, progress: progress)
        made.onLaunch = { [weak self] item in self?.say("\(item.id) plays the tour \(item.tour ?? "") (in the window, not here)") }
        made.present(animated: false)
        made.overlay.open()
        runner = made
    }

    private func key(_ key: Key, _ m: Modifiers) -> Bool {
        guard m.contains(.control) else {
            quitAsked = false
            return false
        }
        switch key {
        case .character("s"):
            do {
                if try model.save() { log("edit: saved \(model.path)") } else { say("nothing to save") }
                for d in model.problems { log("edit: \(d)") }
            } catch { say("cannot save: \(error)") }
        case .character("z") where m.contains(.shift), .character("Z"), .character("y"): model.redo()
        case .character("z"): model.undo()
        case .character("q"):
            if model.isModified && !quitAsked {
                quitAsked = true
                say("unsaved changes: Ctrl-Q again quits without them, Ctrl-S saves")
            } else {
                wantsToQuit = true
            }
        default: return false
        }
        return true
    }
}
