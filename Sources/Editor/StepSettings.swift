import Raster
import Schema
import Tours
import Views

/// The selected step's settings, each a control with an id (`editor.shape.circle`,
/// `editor.padding.plus`, `editor.title`, …): the target (picked on the screen), the shape and its
/// corner radius or SVG path, padding, feather, the bubble's side, what moves the step on, the
/// gesture it shows, its tab, and its title and text in the language chosen. Controls keep their place while the step changes,
/// so a field being typed in keeps its caret.
@MainActor
final class StepSettings: View {
    /// What the controls change.
    enum Edit {
        case shape(String), number(String, Double), placement(String), advanceOn(String), tab(String?)
        case title(String), text(String), svgPath(String), language(String)
        /// The step's own screenshot, by file name ("": the one before it).
        case screen(String)
        /// A key of the step's (or, `tourLevel`, the tour's) set with its row.
        case key(KeyRows.Edit, tourLevel: Bool)
    }

    /// The step's keys the controls above set: the rows of every key leave them out.
    static var keysWithControls: Set<String> { EditorPanelKeys.withControls }
    /// Every other key of the selected step, from the schema.
    let stepKeys = KeyRows(TourFormat.keys, prefix: "steps[].", except: StepSettings.keysWithControls, idPrefix: "editor.key.step.")
    /// Every key of the tour's own, from the schema.
    let tourKeys = KeyRows(TourFormat.keys, prefix: "", except: ["steps"], idPrefix: "editor.key.tour.")
    /// Whether the rows of every key of the step show.
    private(set) var showsStepKeys = false
    /// Whether the tour's settings show.
    private(set) var showsTourKeys = false
    private let stepKeysTitle = Text("", font: Font(size: 14, weight: .bold), color: Palette.readableTint)
    private let tourKeysTitle = Text("", font: Font(size: 14, weight: .bold), color: Palette.readableTint)
    private lazy var stepKeysButton = disclosure("editor.stepKeys", stepKeysTitle) { [weak self] in self?.toggle(step: true) }
    private lazy var tourKeysButton = disclosure("editor.tourKeys", tourKeysTitle) { [weak self] in self?.toggle(step: false) }

    /// A step's number key as its schema row gives it: its range and what a file without it gets.
    static func numberKey(_ name: String) -> (range: ClosedRange<Double>, initial: Double) {
        let info = TourFormat.keys.first { $0.path == "steps[]." + name }
        guard let info, let range = info.kind.numberRange, case .number(let initial)? = info.initialValue else {
            preconditionFailure("the tour format has no number key steps[].\(name) with a default")
        }
        return (range, initial)
    }

    /// The steppers' keys and what a step without each gets, read from the rows once.
    static let steppedDefaults: [String: Double] = Dictionary(uniqueKeysWithValues: ["cornerRadius", "padding", "feather"].map { ($0, numberKey($0).initial) })

    /// A stepper for a step's number key, its range and first value from the key's row.
    static func stepper(_ name: String) -> Stepper {
        let key = numberKey(name)
        return Stepper(id: "editor." + name, value: key.initial, range: key.range, step: 2)
    }

    /// Runs for every change made with a control.
    var onEdit: (@MainActor (Edit) -> Void)?

    static let shapes = ["roundedRect", "rect", "circle", "ellipse", "path"]
    static let placements = BubblePlacementNames.all
    static let advances = ["nextButton", "tapTarget", "tapAnywhere"]

    let targetLabel = Text("", font: .caption, color: .black, lineLimit: 2)
    let shape = SegmentedControl(id: "editor.shape", options: StepSettings.shapes, labels: ["rounded", "rect", "circle", "ellipse", "path"])
    let cornerRadius = StepSettings.stepper("cornerRadius")
    let padding = StepSettings.stepper("padding")
    let feather = StepSettings.stepper("feather")
    let placement = SegmentedControl(id: "editor.placement", options: StepSettings.placements)
    let advance = SegmentedControl(id: "editor.advanceOn", options: StepSettings.advances, labels: ["Next", "tap target", "tap anywhere"])
    /// The step's gesture demonstration and the way a moving one goes.
    let demo = GestureControls()
    private(set) var tab = SegmentedControl(id: "editor.tab", options: ["inherit"])
    private(set) var language = SegmentedControl(id: "editor.language", options: ["en"])
    let title = TextField(placeholder: "Title (optional)", font: .body)
    let text = TextField(placeholder: "What this step says", font: .body, isMultiline: true)
    let svgPath = TextField(placeholder: "SVG path data", font: .caption)
    /// The step's own screenshot (a file beside the tour), over a tour of screenshots.
    let screen = TextField(placeholder: "the one before (type a file name, or drop an image)", font: .caption)
    private let rows = VStack(alignment: .leading, spacing: 8, children: [])
    private var shown: (tabs: [String], languages: [String], shape: String, screens: Bool, moves: Bool)?

    override init() {
        super.init()
        title.id = "editor.title"
        text.id = "editor.text"
        svgPath.id = "editor.svgPath"
        screen.id = "editor.screen"
        screen.onSubmit = { [weak self] in if let self { self.onEdit?(.screen(self.screen.text.trimmingCharacters(in: .whitespaces))) } }
        targetLabel.id = "editor.target"
        noStep.id = "editor.noStep"
        shape.onSelect = { [weak self] i in self?.onEdit?(.shape(StepSettings.shapes[i])) }
        cornerRadius.onChange = { [weak self] v in self?.onEdit?(.number("cornerRadius", v)) }
        padding.onChange = { [weak self] v in self?.onEdit?(.number("padding", v)) }
        feather.onChange = { [weak self] v in self?.onEdit?(.number("feather", v)) }
        placement.onSelect = { [weak self] i in self?.onEdit?(.placement(StepSettings.placements[i])) }
        advance.onSelect = { [weak self] i in self?.onEdit?(.advanceOn(StepSettings.advances[i])) }
        demo.onChange = { [weak self] tree in self?.onEdit?(.key(.value(["demo"], tree), tourLevel: false)) }
        title.onChange = { [weak self] s in self?.onEdit?(.title(s)) }
        text.onChange = { [weak self] s in self?.onEdit?(.text(s)) }
        svgPath.onChange = { [weak self] s in self?.onEdit?(.svgPath(s)) }
        stepKeys.onEdit = { [weak self] e in self?.onEdit?(.key(e, tourLevel: false)) }
        tourKeys.onEdit = { [weak self] e in self?.onEdit?(.key(e, tourLevel: true)) }
        addChild(rows)
    }

    /// A heading that shows or hides a section of rows.
    private func disclosure(_ id: String, _ title: Text, _ action: @escaping @MainActor () -> Void) -> Button {
        let b = Button(shape: .roundedRect(cornerRadius: 6), pressedColor: Color(white: 0, alpha: 0.1), action: action,
                       label: Padding(EdgeInsets(horizontal: 0, vertical: 4), child: title))
        b.id = id
        return b
    }

    private func toggle(step: Bool) {
        if step { showsStepKeys.toggle() } else { showsTourKeys.toggle() }
        if let shown { rebuild(tabs: shown.tabs, languages: shown.languages, shape: shown.shape, screens: shown.screens, moves: shown.moves) }
    }

    /// Shows the values of the selected step's and the tour's own keys.
    func showKeys(step: JSONTree?, tour: JSONTree, language: String) {
        if let step { stepKeys.show(step, language: language) }
        tourKeys.show(tour, language: language)
    }

    /// Shows `message` in place of a step's settings: the tour has no step to show.
    func showNoStep(_ message: String) {
        shown = nil
        noStep.string = message
        rows.replaceChildren(with: [noStep])
    }
    private let noStep = Text("", font: .body, color: Palette.readableSecondaryLabel)

    /// Shows `fields` in `languageCode`, with the stage's `tabs` and the tour's `languages`; over
    /// screenshots (`screens`), the step's own screen.
    func show(_ fields: StepFields, languageCode: String, languages: [String], tabs: [String], screens: Bool) {
        let moves = GestureControls.moves(GestureControls.name(of: fields.json["demo"]))
        if shown == nil || shown!.tabs != tabs || shown!.languages != languages || shown!.shape != fields.shape || shown!.screens != screens
            || shown!.moves != moves {
            rebuild(tabs: tabs, languages: languages, shape: fields.shape, screens: screens, moves: moves)
        }
        demo.show(fields.json["demo"])
        switch fields.target {
        case .rects(let rs):
            targetLabel.string = (rs.count == 1 ? "Target: rect " : "Targets: rects ")
                + rs.map { fields.describe($0) }.joined(separator: "; ")
        case .views, .none:
            // Views by id, and elements written without one by their role and name.
            let named = fields.anchoredTargetWords
            targetLabel.string = named.isEmpty ? "Target: none (click a view, or Alt-drag a rectangle)"
                : (named.count == 1 ? "Target: " : "Targets: ") + named.joined(separator: ", ")
        }
        shape.selectedIndex = StepSettings.shapes.firstIndex(of: fields.shape)
        for (key, stepper) in [("cornerRadius", cornerRadius), ("padding", padding), ("feather", feather)] {
            stepper.value = fields.number(key, default: StepSettings.steppedDefaults[key] ?? stepper.value)
        }
        placement.selectedIndex = StepSettings.placements.firstIndex(of: fields.string("placement") ?? "auto")
        let hasText = !fields.text("text", in: languageCode).isEmpty
        advance.selectedIndex = StepSettings.advances.firstIndex(of: fields.string("advanceOn") ?? (hasText ? "nextButton" : "tapAnywhere"))
        tab.selectedIndex = fields.string("tab").flatMap { tabs.firstIndex(of: $0).map { $0 + 1 } } ?? 0
        language.selectedIndex = languages.firstIndex(of: languageCode)
        for (field, value) in [(title, fields.text("title", in: languageCode)), (text, fields.text("text", in: languageCode)),
                               (svgPath, fields.svgPath ?? ""), (screen, fields.string("background") ?? "")] where field.text != value {
            field.text = value
        }
    }

    private func rebuild(tabs: [String], languages: [String], shape shapeName: String, screens: Bool, moves: Bool) {
        shown = (tabs, languages, shapeName, screens, moves)
        tab = SegmentedControl(id: "editor.tab", options: ["inherit"] + tabs, labels: ["same as before"] + tabs)
        tab.onSelect = { [weak self] i in self?.onEdit?(.tab(i == 0 ? nil : tabs[i - 1])) }
        language = SegmentedControl(id: "editor.language", options: languages)
        language.onSelect = { [weak self] i in self?.onEdit?(.language(languages[i])) }
        func row(_ name: String, _ control: View) -> View {
            VStack(alignment: .leading, spacing: 3, children: [Text(name, font: .caption, color: Palette.readableSecondaryLabel), control])
        }
        var list: [View] = [targetLabel, row("Title", title), row("Text", text)]
        if languages.count > 1 { list.append(row("Language", language)) }
        list.append(row("Shape", shape))
        if shapeName == "path" { list.append(row("SVG path (screen points)", svgPath)) }
        var numbers: [View] = []
        if shapeName == "roundedRect" { numbers.append(row("Corners", cornerRadius)) }
        numbers += [row("Padding", padding), row("Feather", feather)]
        list.append(HStack(spacing: 10, children: numbers))
        list.append(row("Bubble", placement))
        list.append(row("Goes on with", advance))
        list.append(row("Gesture shown", demo.gesture))
        if moves { list.append(row("Gesture goes", demo.direction)) }
        if !tabs.isEmpty { list.append(row("Tab", tab)) }
        if screens { list.append(row("Screen (from this step on; Enter sets it)", screen)) }
        for (button, title, label, shows) in [(stepKeysButton, stepKeysTitle, "Every key of this step", showsStepKeys),
                                              (tourKeysButton, tourKeysTitle, "Tour settings", showsTourKeys)] {
            title.string = (shows ? "▾ " : "▸ ") + label
            list.append(button)
            if shows { list.append(button === stepKeysButton ? stepKeys : tourKeys) }
        }
        rows.replaceChildren(with: list)
    }

    /// Where Tab stops in the settings, top to bottom: every text field shown (the title, the text,
    /// the SVG path, the screen, the keys' rows) and the two headings that open the keys' rows.
    var tabStops: [View] {
        rows.focusableViews().filter { $0 is TextField || $0 === stepKeysButton || $0 === tourKeysButton }
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { rows.measure(ProposedSize(width: p.width, height: nil)) }
    override func placeSubviews(in bounds: Rect) { rows.place(in: bounds) }
}

/// The bubble sides a step may ask for, as the tour format names them.
enum BubblePlacementNames {
    static let all = ["auto", "above", "below", "left", "right"]
}

/// Which of a step's keys the panel sets with controls of their own (picked on the screen, a shape
/// picker, steppers, the title and text fields); every other key has a row built from the schema.
public enum EditorPanelKeys {
    /// The step keys with controls of their own.
    public static let withControls: Set<String> = ["target", "targets", "rect", "title", "text", "shape", "cornerRadius", "padding",
                                                   "feather", "placement", "tab", "background", "demo"]
}
