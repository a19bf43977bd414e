import Raster
import Views

/// A screen's semantics tree as the bridge serves it: every element flattened into one list with
/// its parent and children, and a stable name on the bus (`/org/a11y/atspi/accessible/N`). Made on
/// the main actor from `ViewRoot.semanticsTree()`, read on the bus's thread: a value, never shared
/// state.
public struct AccessibleTree: Sendable {
    /// One element.
    public struct Element: Hashable, Sendable {
        /// What it is.
        public var role: SemanticRole
        /// What a screen reader calls it.
        public var name: String
        /// A longer description (a spotlight dialog's bubble text).
        public var description: String
        /// Its view id, when it has one: what an action is performed on.
        public var id: String?
        /// Its frame in points.
        public var frame: Rect
        /// Its states.
        public var state: SemanticState
        /// What can be done with it.
        public var actions: [SemanticAction]
        /// Where a slider or a progress bar stands.
        public var value: SemanticValue?
        /// A text view's or a field's text, caret and selection.
        public var text: SemanticText?
        /// Its parent's index (nil for the screen).
        public var parent: Int?
        /// Its children's indices, in order.
        public var children: [Int]
        /// For a spotlight dialog: the indices of the elements it points at.
        public var targets: [Int]
        /// For a dialog with a description: the index of the text inside it that says it (a
        /// step's bubble text); for that text, the dialog's.
        public var describedBy: Int? = nil, describes: Int? = nil
        /// Its number on the bus.
        public var number: Int
    }

    /// The elements; the first is the screen.
    public private(set) var elements: [Element]
    /// The index of the focused element, if any.
    public var focused: Int? { elements.firstIndex { $0.state.contains(.focused) } }

    /// The tree of `root`, numbered by `numbers` (kept across trees, so an element keeps its name on
    /// the bus while it stays).
    ///
    /// A dialog is known by its name as well as its id, and what is inside it by the dialog: the
    /// next step of a tour is a new dialog, with a new Next button, as a screen reader expects of a
    /// new page — the focus moves to it, and the reader speaks the dialog it entered.
    public init(_ root: SemanticNode, numbers: inout ElementNumbers) {
        elements = []
        add(root, parent: nil, place: "", scope: "", numbers: &numbers)
        indexByNumber = Dictionary(elements.enumerated().map { ($0.element.number, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each bus number's element (the first, where a dialog's target repeats one of the screen's).
    private var indexByNumber: [Int: Int] = [:]

    @discardableResult
    private mutating func add(_ node: SemanticNode, parent: Int?, place: String, scope: String, numbers: inout ElementNumbers) -> Int {
        let index = elements.count
        var key = scope + (node.id ?? ("#" + place))
        var inner = scope
        if node.role == .dialog {
            key += "|" + node.label
            inner = key + "/"
        }
        elements.append(Element(role: node.role, name: node.label, description: node.description, id: node.id, frame: node.frame,
                                state: node.state, actions: node.actions, value: node.value, text: node.text, parent: parent,
                                children: [], targets: [], number: numbers.number(for: key)))
        for (i, child) in node.children.enumerated() {
            let c = add(child, parent: index, place: place + "/\(i)", scope: inner, numbers: &numbers)
            elements[index].children.append(c)
        }
        // The text that says a dialog's description describes it (Orca then reads it once, as the description).
        if !node.description.isEmpty,
           let text = elements[(index + 1)...].indices.first(where: { elements[$0].role == .text && elements[$0].name == node.description }) {
            elements[index].describedBy = text
            elements[text].describes = index
        }
        for (i, target) in node.targets.enumerated() {
            let t = add(target, parent: nil, place: place + "/t\(i)", scope: scope, numbers: &numbers)
            elements[index].targets.append(t)
        }
        return index
    }

    /// The element with bus number `number`.
    public func element(numbered number: Int) -> Int? { indexByNumber[number] }

    /// The topmost element whose frame holds `point` (points), searching from `from` down.
    public func element(at point: Point, from index: Int = 0) -> Int? {
        let e = elements[index]
        guard e.frame.contains(point) else { return nil }
        for child in e.children.reversed() { if let hit = element(at: point, from: child) { return hit } }
        return index
    }
}

/// Numbers for elements on the bus, kept for as long as the bridge runs: by view id, or by place in
/// the tree for an element without one.
public struct ElementNumbers: Sendable {
    private var numbers: [String: Int] = [:]
    /// No numbers yet.
    public init() {}
    /// The number of the element `key`, given it on first sight.
    public mutating func number(for key: String) -> Int {
        if let n = numbers[key] { return n }
        let n = numbers.count + 1
        numbers[key] = n
        return n
    }
}
