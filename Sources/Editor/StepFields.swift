import Raster
import Schema
import Tours
import Views

/// Reading and writing one step's keys in its JSON, as the editor's controls see them: the targets
/// (view ids, or rectangles in points), the shape and its numbers, the bubble's side, what moves the
/// step on, its tab, and its title and text in each language. Keys the editor adds go where the tour
/// format lists them; keys it does not know are left alone.
public struct StepFields {
    /// The step's JSON.
    public var json: JSONTree
    /// What a rectangle's numbers are in, per point: 1, or the screen's scale when the tour measures
    /// rectangles in the screenshot's pixels (`"units": "pixels"`).
    public var unitsPerPoint: Double

    /// The fields of `json` (an object), its rectangles in `unitsPerPoint` units a point.
    public init(_ json: JSONTree, unitsPerPoint: Double = 1) {
        self.json = json
        self.unitsPerPoint = unitsPerPoint > 0 && unitsPerPoint.isFinite ? unitsPerPoint : 1
    }

    /// Whether `step` is a step as `newStep` makes it, not changed since (its placeholder text).
    static func isUntouchedNewStep(_ step: JSONTree) -> Bool {
        step.members?.map(\.key) == ["rect", "text"] && step["text"]?.stringValue == newStepText
    }

    /// The text a new step starts with.
    static let newStepText = "Describe this step."
    /// The label a recorded rectangle starts with: what a screen reader calls it until it says what is there.
    static let newLabelText = "Describe what is here."

    /// A new step aimed at nothing yet: a rectangle in the middle of a screen of `size`, with text.
    public static func newStep(on size: Size, text: String) -> JSONTree {
        let w = min(120, size.width / 2), h = min(80, size.height / 4)
        let r = Rect(x: ((size.width - w) / 2).rounded(), y: ((size.height - h) / 2).rounded(), width: w, height: h)
        return .object([("rect", StepFields.numbers(r)), ("text", .string(text))])
    }

    // MARK: - Targets

    /// What the holes surround.
    public enum Target: Equatable {
        /// Views, by id (one hole each).
        case views([String])
        /// Rectangles in screen points (`rect`, or several in `rects`).
        case rects([Rect])
        /// Nothing yet (or something the editor cannot read).
        case none
    }

    /// The step's target.
    public var target: Target {
        if let id = json["target"].flatMap(StepFields.targetID) { return .views([id]) }
        if let ids = json["targets"]?.arrayValue?.compactMap(StepFields.targetID), !ids.isEmpty { return .views(ids) }
        let k = 1 / unitsPerPoint
        func points(_ r: Rect) -> Rect { Rect(x: r.minX * k, y: r.minY * k, width: r.width * k, height: r.height * k) }
        if let r = json["rect"].flatMap(StepFields.rect) { return .rects([points(r)]) }
        if let items = json["rects"]?.arrayValue {
            let rects = items.compactMap { StepFields.rect($0) ?? $0["rect"].flatMap(StepFields.rect) }
            if !rects.isEmpty { return .rects(rects.map(points)) }
        }
        return .none
    }

    /// `[x, y, width, height]` as a rectangle.
    static func rect(_ tree: JSONTree) -> Rect? {
        guard let n = tree.arrayValue?.compactMap(\.numberValue), n.count == 4 else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// The step's rectangles (empty when it aims at views).
    public var rectangles: [Rect] { if case .rects(let r) = target { return r } else { return [] } }

    /// The step's view and element targets as the panel names them: a view's id, or for a target
    /// written without one its role and name (`button "Delete"`); empty when it has none.
    public var anchoredTargetWords: [String] {
        let items = json["target"].map { [$0] } ?? json["targets"]?.arrayValue ?? []
        return items.compactMap { item in
            if let id = StepFields.targetID(item) { return id }
            guard item.members != nil else { return nil }
            let role = item["role"]?.stringValue, name = item["name"]?.stringValue ?? item["name"]?.members?.first?.value.stringValue
            let element = [role, name.map { "\"\($0)\"" }].compactMap { $0 }.joined(separator: " ")
            return element.isEmpty ? nil : element
        }
    }

    /// The view id a target names: the string, or an anchors object's `id`.
    static func targetID(_ tree: JSONTree) -> String? { tree.stringValue ?? tree["id"]?.stringValue }

    /// A target as the editor writes it: the view's id and, when its element on the screen has a
    /// role and a name, those too (`{"id": …, "role": …, "name": …}`), so the tour has a second,
    /// stable way to find it after a redesign.
    public static func targetTree(id: String, element: SemanticNode?) -> JSONTree {
        guard let element, element.role != .screen, !element.label.isEmpty else { return .string(id) }
        var tree = JSONTree.object([("id", .string(id)), ("role", .string(element.role.rawValue)), ("name", .string(element.label))])
        tree.markInline()
        return tree
    }

    /// Aims the step at the view `id` alone (with its element's role and name, when given).
    public mutating func setTarget(_ id: String, element: SemanticNode? = nil) {
        setTarget(StepFields.targetTree(id: id, element: element))
    }

    /// Aims the step at `target` alone (an id, or an object of anchors).
    public mutating func setTarget(_ target: JSONTree) {
        clearTargets(keeping: "target")
        set("target", target)
    }

    /// Adds the view `id` as another hole (or takes it away when it is one already); the others
    /// keep their anchors as written.
    public mutating func toggleTarget(_ id: String, element: SemanticNode? = nil) {
        toggleTarget(StepFields.targetTree(id: id, element: element))
    }

    /// Adds `target` as another hole (or takes it away when one names the same view, or the same
    /// role and name); the others keep their anchors as written.
    public mutating func toggleTarget(_ target: JSONTree) {
        var items: [JSONTree] = json["target"].map { [$0] } ?? json["targets"]?.arrayValue ?? []
        let key = StepFields.targetKey(target)
        if let i = items.firstIndex(where: { StepFields.targetKey($0) == key }) {
            items.remove(at: i)
        } else {
            items.append(target)
        }
        if items.count == 1 {
            setTarget(items[0])
        } else if items.isEmpty {
            clearTargets(keeping: nil)
        } else {
            clearTargets(keeping: "targets")
            set("targets", .array(items))
        }
    }

    /// What names a target for toggling: its view id, else its role and name.
    static func targetKey(_ tree: JSONTree) -> String {
        if let id = targetID(tree) { return "id " + id }
        return "element \(tree["role"]?.stringValue ?? "") \(tree["name"]?.text() ?? "")"
    }

    /// Aims the step at the rectangle `r` (screen points, rounded to whole points).
    public mutating func setRect(_ r: Rect) {
        clearTargets(keeping: "rect")
        set("rect", numbers(r))
    }

    /// Replaces rectangle `index` with `r` (the one rectangle of `rect`, or one of `rects`, keeping
    /// its own corner radius).
    public mutating func setRect(_ index: Int, to r: Rect) {
        guard var items = json["rects"]?.arrayValue, items.indices.contains(index) else { setRect(r); return }
        if items[index].members != nil { items[index]["rect"] = numbers(r) } else { items[index] = numbers(r) }
        set("rects", .array(items))
    }

    /// Adds `r` as another rectangle hole (`rect` becomes `rects`).
    public mutating func addRect(_ r: Rect) {
        var items = json["rects"]?.arrayValue ?? json["rect"].map { [$0] } ?? []
        items.append(numbers(r))
        guard items.count > 1 else { setRect(r); return }
        clearTargets(keeping: "rects")
        set("rects", .array(items))
    }

    /// `r` (points) as a person reads it in the file's units: whole numbers and the unit
    /// ("20, 40  120 × 90 px" in a tour measured on a screenshot's pixels).
    public func describe(_ r: Rect) -> String { StepFields.describe(r, unitsPerPoint: unitsPerPoint) }

    /// `r` (points) in a file's units of `unitsPerPoint` a point, as `describe(_:)` says it.
    public static func describe(_ r: Rect, unitsPerPoint k: Double) -> String {
        func n(_ v: Double) -> String { (v * k).rounded().compact }
        return "\(n(r.minX)), \(n(r.minY))  \(n(r.width)) × \(n(r.height)) \(k == 1 ? "pt" : "px")"
    }

    /// `r` (points) as the file's numbers: in its units, rounded to whole ones.
    func numbers(_ r: Rect) -> JSONTree {
        let k = unitsPerPoint
        return StepFields.numbers(Rect(x: (r.minX * k).rounded(), y: (r.minY * k).rounded(),
                                       width: max(0, (r.width * k).rounded()), height: max(0, (r.height * k).rounded())))
    }

    private mutating func clearTargets(keeping key: String?) {
        for k in ["target", "targets", "rect", "rects"] where k != key { json.setMember(k, nil) }
    }

    static func numbers(_ r: Rect) -> JSONTree {
        var tree = JSONTree.array([r.minX, r.minY, r.width, r.height].map { .number($0) })
        tree.markInline()
        return tree
    }

    // MARK: - Shape and numbers

    /// The shape's name (`roundedRect` when unset, `path` for an SVG path).
    public var shape: String {
        if let s = json["shape"]?.stringValue { return s }
        if json["shape"]?.members != nil { return "path" }
        return "roundedRect"
    }

    /// Sets the shape; `path` starts from the target's rectangle as an SVG path. Keys only the old
    /// shape used go (a corner radius after switching to a circle).
    public mutating func setShape(_ name: String, targetFrame: Rect?) {
        guard name != shape else { return }
        if name == "path" {
            let r = targetFrame ?? Rect(x: 0, y: 0, width: 100, height: 100)
            // Path data is in points: to the hundredth (a pixel of a @3x screenshot is a third).
            func n(_ v: Double) -> String { ((v * 100).rounded() / 100).compact }
            let d = "M \(n(r.minX)) \(n(r.minY)) H \(n(r.maxX)) V \(n(r.maxY)) H \(n(r.minX)) Z"
            var object = JSONTree.object([("svgPath", .string(d))])
            object.markInline()
            set("shape", object)
        } else {
            set("shape", name == "roundedRect" && json["shape"] == nil ? nil : .string(name))
        }
        if name != "roundedRect" { json.setMember("cornerRadius", nil) }
    }

    /// The SVG path data of a `path` shape.
    public var svgPath: String? { json["shape"]?["svgPath"]?.stringValue }

    /// Sets a `path` shape's data.
    public mutating func setSVGPath(_ d: String) {
        guard var shape = json["shape"], shape.members != nil else { return }
        shape["svgPath"] = .string(d)
        set("shape", shape)
    }

    /// A number key's value, else its default.
    public func number(_ key: String, default value: Double) -> Double { json[key]?.numberValue ?? value }

    /// Sets a number key; the default value removes the key when it was not written.
    public mutating func setNumber(_ key: String, _ value: Double, default fallback: Double) {
        if value == fallback && json[key] == nil { return }
        set(key, .number(value))
    }

    /// A string key's value.
    public func string(_ key: String) -> String? { json[key]?.stringValue }

    /// Sets (or with nil removes) a string key.
    public mutating func setString(_ key: String, _ value: String?) { set(key, value.map { .string($0) }) }

    // MARK: - Texts

    /// The title or text (`key`) in `language`: its own entry, else the plain string; in a
    /// pseudo-locale, what it makes of the base text (it is shown, not written).
    public func text(_ key: String, in language: String) -> String {
        if let pseudo = PseudoLocale(tag: language) {
            let base = json[key]?.stringValue ?? json[key]?["en"]?.stringValue ?? json[key]?.members?.first?.value.stringValue ?? ""
            return base.isEmpty ? "" : pseudo.transform(base)
        }
        if let s = json[key]?.stringValue { return s }
        return json[key]?[language]?.stringValue ?? ""
    }

    /// Sets the title or text (`key`) in `language`. A plain string stays plain while the tour has
    /// one language (`languages.count == 1`); otherwise it becomes strings by language, the plain
    /// string kept as the first language's. An empty text removes the language's entry. A
    /// pseudo-locale takes no text.
    public mutating func setText(_ key: String, in language: String, to value: String, languages: [String]) {
        // A pseudo-locale's text is made from the base text: nothing of it is written.
        guard !PseudoLocale.isPseudo(language) else { return }
        var entries: [(String, String)] = []
        if let plain = json[key]?.stringValue {
            if languages.count <= 1 || language == languages.first {
                set(key, value.isEmpty ? nil : .string(value))
                return
            }
            entries = [(languages.first ?? "en", plain)]
        } else if let members = json[key]?.members {
            entries = members.compactMap { m in m.value.stringValue.map { (m.key, $0) } }
        } else if languages.count <= 1 {
            set(key, value.isEmpty ? nil : .string(value))
            return
        }
        if var object = json[key], object.members != nil {
            object.setMember(language, value.isEmpty ? nil : .string(value))
            set(key, object.members?.isEmpty == true ? nil : object)
            return
        }
        if let i = entries.firstIndex(where: { $0.0 == language }) { entries[i].1 = value } else { entries.append((language, value)) }
        entries.removeAll { $0.1.isEmpty }
        set(key, entries.isEmpty ? nil : .object(entries.map { ($0.0, .string($0.1)) }))
    }

    // MARK: -

    /// Sets (or with nil removes) `key`, a new key where the tour format lists it.
    mutating func set(_ key: String, _ value: JSONTree?) {
        let order = TourDocument.stepKeyOrder
        guard let rank = order.firstIndex(of: key) else { json.setMember(key, value); return }
        json.setMember(key, value, after: Array(order[..<rank]), before: Array(order[(rank + 1)...]))
    }
}
