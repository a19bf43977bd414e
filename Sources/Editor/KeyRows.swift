import Raster
import Schema
import Tours
import Views

/// Every key of the tour format in the panel, one row per key, built from the schema's own rows
/// (`TourFormat.keys`: path, label, kind with its range or choices, default, what it does), so a key
/// added to the schema appears here with no editor change. A section holds the keys under one
/// place of the file: the tour's own (`dim.opacity`, `show.afterLaunches`, `screen.scale`) or the
/// selected step's (`label`, `waitFor`, `buttons`).
///
/// Each row's control follows the key's kind: yes and no (and "default") for flags, the names for a
/// few choices, and a text field for the rest, written as the key takes it (a number, a name, a
/// colour as `#RRGGBB` beside a swatch, a text in the language shown, or JSON for lists, conditions
/// and keys of several forms), set with Enter; an empty field is the default. Values the schema
/// refuses are shown as the file's problems, like any edit. Controls are ids `editor.key.PATH`.
@MainActor
final class KeyRows: View {
    /// One change made with a row: the key's path inside the section's object, and its new value
    /// (nil: the default, the key removed), or a text in the language shown.
    enum Edit {
        case value([String], JSONTree?)
        case text([String], String)
        /// Something typed that is not what the key takes (not a number, not JSON).
        case refused(String)
    }

    /// Runs for every change made with a row.
    var onEdit: (@MainActor (Edit) -> Void)?

    /// The keys shown: their paths relative to the section's object.
    let keys: [(info: KeyInfo, path: [String])]
    private let idPrefix: String
    private var fields: [String: TextField] = [:]
    private var choices: [String: (control: SegmentedControl, options: [String])] = [:]
    private var swatches: [String: Background] = [:]
    private let rows = VStack(alignment: .leading, spacing: 6, children: [])

    /// The rows of `infos` whose paths start with `prefix` (`"steps[]."` or `""`), leaving out those
    /// in `except` (keys the panel sets another way) and the keys of lists' items (their list's
    /// row takes JSON). An object with keys of its own gets a heading instead of a row.
    init(_ infos: [KeyInfo], prefix: String, except: Set<String>, idPrefix: String) {
        self.idPrefix = idPrefix
        var keys: [(KeyInfo, [String])] = []
        let objectsWithRows = Set(infos.compactMap { info -> String? in
            let rest = info.path.dropFirst(prefix.count)
            guard info.path.hasPrefix(prefix), let dot = rest.lastIndex(of: ".") else { return nil }
            return String(rest[..<dot])
        })
        for info in infos where info.path.hasPrefix(prefix) {
            let rest = String(info.path.dropFirst(prefix.count))
            guard !rest.contains("[]"), !except.contains(rest) else { continue }
            let path = rest.split(separator: ".").map(String.init)
            // Keys inside a key of several forms (`advanceOn`, `show`) are set through its JSON row.
            if path.count > 1, let parent = infos.first(where: { $0.path == prefix + path.dropLast().joined(separator: ".") }),
               parent.kind == .mixed || except.contains(path.dropLast().joined(separator: ".")) { continue }
            keys.append((info, path))
        }
        self.keys = keys.filter { !(objectsWithRows.contains($0.1.joined(separator: ".")) && $0.0.kind == .object) }
        super.init()
        addChild(rows)
        build(languages: [])
    }

    /// Builds the rows (again when the languages offered change the text rows' labels).
    private func build(languages: [String]) {
        var list: [View] = []
        var heading: [String] = []
        for (info, path) in keys {
            let parent = Array(path.dropLast())
            if parent != heading, !parent.isEmpty {
                heading = parent
                list.append(Text(parent.map(KeyInfo.words).joined(separator: " › "), font: Font(size: 13, weight: .bold), color: .black))
            } else if parent.isEmpty { heading = [] }
            list.append(row(info, path))
        }
        rows.replaceChildren(with: list)
    }

    private func row(_ info: KeyInfo, _ path: [String]) -> View {
        let id = idPrefix + path.joined(separator: ".")
        let caption = Text("\(info.label) · \(info.doc)", font: .caption, color: Palette.readableSecondaryLabel, lineLimit: 2)
        let control: View
        switch info.kind {
        case .flag:
            let options = ["default", "true", "false"]
            let c = SegmentedControl(id: id, options: options, labels: ["default (\(plain(info.defaultValue)))", "yes", "no"])
            c.onSelect = { [weak self] i in self?.onEdit?(.value(path, i == 0 ? nil : .bool(i == 1))) }
            choices[id] = (c, options)
            control = c
        case .flagOr(let names):
            let options = ["default", "true", "false"] + names
            let c = SegmentedControl(id: id, options: options, labels: ["default (\(plain(info.defaultValue)))", "yes", "no"] + names)
            c.onSelect = { [weak self] i in self?.onEdit?(.value(path, i == 0 ? nil : i < 3 ? .bool(i == 1) : .string(names[i - 3]))) }
            choices[id] = (c, options)
            control = c
        case .choice(let names) where names.count <= 4 && names.joined().count <= 34:
            let options = ["default"] + names
            let c = SegmentedControl(id: id, options: options)
            c.onSelect = { [weak self] i in self?.onEdit?(.value(path, i == 0 ? nil : .string(names[i - 1]))) }
            choices[id] = (c, options)
            control = c
        default:
            let field = TextField(placeholder: placeholder(info), font: .caption)
            field.id = id
            field.onSubmit = { [weak self, weak field] in
                guard let self, let field else { return }
                self.onEdit?(KeyRows.edit(field.text, kind: info.kind, path: path, key: info.path))
            }
            fields[id] = field
            if info.kind == .color {
                let swatch = Background(.white, shape: .roundedRect(cornerRadius: 4), child: View())
                swatches[id] = swatch
                // The swatch follows the field as it is typed in, before Enter sets the key.
                let fallback = KeyRows.color(plain(info.defaultValue), empty: .white, invalid: .white)
                field.onChange = { [weak swatch] text in
                    guard let swatch else { return }
                    swatch.color = KeyRows.color(text, empty: fallback, invalid: swatch.color)
                }
                let framed = Background(Palette.separator, shape: .roundedRect(cornerRadius: 5), child: Padding(EdgeInsets(all: 1), child: swatch))
                control = HStack(spacing: 6, children: [FrameView(width: 24, height: 24, child: framed), field])
            } else {
                control = field
            }
        }
        return VStack(alignment: .leading, spacing: 2, children: [caption, control])
    }

    /// What an empty field means, and what the key takes.
    private func placeholder(_ info: KeyInfo) -> String {
        let d = plain(info.defaultValue)
        switch info.kind {
        case .number(let r), .wholeNumber(let r): return "default \(d) (\(r.lowerBound.compact) to \(r.upperBound.compact))"
        case .choice(let names): return "default \(d): " + names.joined(separator: ", ")
        case .color: return "default \(d): #RRGGBB"
        case .localizedText: return "default: \(d)"
        case .viewIDs, .rects, .conditions, .list, .object, .mixed: return "JSON; default \(d)"
        default: return "default \(d)"
        }
    }

    /// The colour `text` names (`#RRGGBB`, quoted or not, spaces around it); `empty` for an empty
    /// field (the key's default), `invalid` for one that names none (half typed: the colour before).
    static func color(_ text: String, empty: Color, invalid: Color) -> Color {
        var t = Substring(text)
        while t.first == " " || t.first == "\"" { t.removeFirst() }
        while t.last == " " || t.last == "\"" { t.removeLast() }
        return t.isEmpty ? empty : Color(hex: String(t)) ?? invalid
    }

    /// A README default without its code marks (`"auto"` for `` `"auto"` ``).
    private func plain(_ s: String) -> String { s.replacingOccurrences(of: "`", with: "") }

    /// What typing `text` into a key of `kind` sets.
    static func edit(_ text: String, kind: ValueKind, path: [String], key: String) -> Edit {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return .value(path, nil) }
        switch kind {
        case .number:
            guard let v = Double(t), v.isFinite else { return .refused("\(key): \"\(t)\" is not a number") }
            return .value(path, .number(v))
        case .wholeNumber:
            guard let v = Double(t), v.isFinite, v == v.rounded() else { return .refused("\(key): \"\(t)\" is not a whole number") }
            return .value(path, .number(v))
        case .localizedText:
            return .text(path, text)
        case .name, .file, .color, .choice:
            return .value(path, .string(t))
        case .flag:
            return .value(path, .bool(t == "true"))
        case .flagOr:
            return t == "true" || t == "false" ? .value(path, .bool(t == "true")) : .value(path, .string(t))
        case .viewIDs, .rects, .conditions, .list, .object, .mixed:
            do {
                let bytes = Array(t.utf8)
                return .value(path, JSONTree(try JSONParser.parse(bytes), in: bytes))
            } catch {
                // A bare word is a string to the keys that take one (`"advanceOn": tapTarget`).
                if t.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || "._-".unicodeScalars.contains($0) || ("0"..."9").contains($0) }) {
                    return .value(path, .string(t))
                }
                return .refused("\(key): not JSON (\(error.message), line \(error.line))")
            }
        }
    }

    /// Shows the values of `object` (the tour's JSON, or the selected step's), texts in `language`.
    func show(_ object: JSONTree, language: String) {
        for (info, path) in keys {
            let id = idPrefix + path.joined(separator: ".")
            let value = EditorModel.value(at: path, in: object)
            if let (control, options) = choices[id] {
                let index: Int?
                switch value?.value {
                case nil: index = 0
                case .bool(let b)?: index = options.firstIndex(of: b ? "true" : "false")
                case .string(let s)?: index = options.firstIndex(of: s)
                default: index = nil
                }
                control.selectedIndex = index
            } else if let field = fields[id], root?.focusedView !== field {
                let text: String
                switch (info.kind, value?.value) {
                case (_, nil): text = ""
                case (.localizedText, .string(let s)?): text = s
                case (.localizedText, .object?): text = value?[language]?.stringValue ?? ""
                case (_, .string(let s)?): text = s
                default: text = value?.text(indent: "", lineEnding: " ") ?? ""
                }
                if field.text != text { field.text = text }
            }
            // A colour's swatch shows its field, the value being typed while the field has the focus.
            if let swatch = swatches[id], let field = fields[id] {
                let fallback = KeyRows.color(plain(info.defaultValue), empty: .white, invalid: .white)
                swatch.color = KeyRows.color(field.text, empty: fallback, invalid: swatch.color)
            }
        }
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { rows.measure(ProposedSize(width: p.width, height: nil)) }
    override func placeSubviews(in bounds: Rect) { rows.place(in: bounds) }
}
