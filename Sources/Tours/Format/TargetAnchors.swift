import Overlays
import Views

/// A target written as anchors (`"target": {"id": "add", "role": "button", "name": "Add card"}`),
/// its name and text in every language the file gives: what becomes an `ElementQuery` once the
/// language is known. The README's "Anchored targets" states how they resolve.
public struct TargetAnchors: Hashable, Sendable {
    /// The view's id.
    public var id: String?
    /// The element's role.
    public var role: SemanticRole?
    /// The accessible name in the default language.
    public var name: String?
    /// Accessible names by language tag.
    public var names: [String: String] = [:]
    /// The visible text in the default language.
    public var text: String?
    /// Visible texts by language tag.
    public var texts: [String: String] = [:]
    /// The place among the matches of the rest, 0 first.
    public var index: Int?
    /// The container the element is inside.
    public var within: TargetAnchors? {
        get { container.first }
        set { container = newValue.map { [$0] } ?? [] }
    }
    private var container: [TargetAnchors] = []

    /// Anchors from their parts (names and texts in one language).
    public init(id: String? = nil, role: SemanticRole? = nil, name: String? = nil, text: String? = nil,
                within: TargetAnchors? = nil, index: Int? = nil) {
        self.id = id; self.role = role; self.name = name; self.text = text; self.index = index
        self.within = within
    }

    /// The query in `language`: its name and text in that language (or the nearest tag, else the
    /// default).
    public func query(in language: String?) -> ElementQuery {
        ElementQuery(id: id, role: role, name: LanguageTag.text(in: names, language: language, base: name),
                     text: LanguageTag.text(in: texts, language: language, base: text),
                     within: within?.query(in: language), index: index)
    }

    /// Whether a name or text is given per language (so it holds in every language it lists).
    public var isLocalized: Bool { !names.isEmpty || !texts.isEmpty || (within?.isLocalized ?? false) }
}

extension TourStep {
    /// The anchors of target `i`, when it was written as an object.
    public func anchors(ofTarget i: Int) -> TargetAnchors? {
        targetAnchors.indices.contains(i) ? targetAnchors[i] : nil
    }

    /// The step's targets in `language`: anchored ones as queries with their names in it.
    public func holeTargets(in language: String?) -> [HoleTarget] {
        targets.enumerated().map { i, target in
            guard case .element = target, let anchors = anchors(ofTarget: i) else { return target }
            return .element(anchors.query(in: language))
        }
    }

    /// Whether any target is written as anchors.
    public var hasAnchoredTargets: Bool { targets.contains { if case .element = $0 { return true } else { return false } } }
}
