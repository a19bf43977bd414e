/// A way to find one element of a semantics tree by what it is, as a person or a screen reader
/// names it: its id, its role and accessible name, its visible text, the container it is in and
/// its place among the elements that match the rest.
///
/// The id and the role with the name are the stable anchors: they name the element whatever its
/// words on screen or its place. Visible text, `within` and `index` only narrow a match. How a
/// query resolves is `resolve(in:)`'s rules.
public struct ElementQuery: Hashable, Sendable {
    /// The view's id (`View.id`).
    public var id: String?
    /// Its role.
    public var role: SemanticRole?
    /// Its accessible name (the label a screen reader reads), in the language the screen is in.
    public var name: String?
    /// Its visible text (a button's title, a text's words).
    public var text: String?
    /// The element's place among the elements that match the rest, 0 first, in reading order.
    public var index: Int?
    /// The container the element is inside: a list, a tab, a screen.
    public var within: ElementQuery? {
        get { if case .query(let q) = container { return q } else { return nil } }
        set { container = newValue.map { .query($0) } ?? .none }
    }
    private var container = Container.none
    /// The container's query, boxed (a query inside a query).
    private indirect enum Container: Hashable, Sendable {
        case none
        case query(ElementQuery)
    }

    /// A query from its anchors; give `id`, or `role` and `name`.
    public init(id: String? = nil, role: SemanticRole? = nil, name: String? = nil, text: String? = nil,
                within: ElementQuery? = nil, index: Int? = nil) {
        self.id = id; self.role = role; self.name = name; self.text = text; self.index = index
        self.within = within
    }

    /// The anchors given, in a fixed order.
    public var anchors: [ElementAnchor] {
        var out: [ElementAnchor] = []
        if id != nil { out.append(.id) }
        if role != nil { out.append(.role) }
        if name != nil { out.append(.name) }
        if text != nil { out.append(.text) }
        if within != nil { out.append(.within) }
        if index != nil { out.append(.index) }
        return out
    }

    /// Whether the query has a stable anchor: an id, or a role with a name.
    public var hasStableAnchor: Bool { id != nil || (role != nil && name != nil) }

    /// The query as one line: `id "add" role button name "Add card"`.
    public var description: String {
        var parts: [String] = []
        if let id { parts.append("id \(quotedElementWords(id))") }
        if let role { parts.append("role \(role.rawValue)") }
        if let name { parts.append("name \(quotedElementWords(name))") }
        if let text { parts.append("text \(quotedElementWords(text))") }
        if let within { parts.append("within (\(within.description))") }
        if let index { parts.append("index \(index)") }
        return parts.joined(separator: " ")
    }
}

/// One kind of anchor of an `ElementQuery`.
public enum ElementAnchor: String, Hashable, Sendable, CaseIterable {
    /// The view's id.
    case id
    /// The element's role.
    case role
    /// Its accessible name.
    case name
    /// Its visible text.
    case text
    /// The container it is in.
    case within
    /// Its place among the matches of the rest.
    case index

    /// Whether the anchor names the element by itself (id) or with the role (name), whatever its
    /// words on screen or its place; visible text, the container and the index do not.
    public var isStable: Bool { self == .id || self == .role || self == .name }
}

/// `s` in double quotes, for messages.
func quotedElementWords(_ s: String) -> String { "\"\(s)\"" }
