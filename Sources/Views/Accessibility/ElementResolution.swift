/// What an `ElementQuery` found on a screen.
public enum ElementResolution: Hashable, Sendable {
    /// The one element that every anchor given matches.
    case found(SemanticNode)
    /// No element matches every anchor, but one is found by a stable anchor alone (the id, or the
    /// role and name together); `agreeing` lists the query's anchors it still matches.
    case drifted(SemanticNode, agreeing: [ElementAnchor])
    /// Several elements match and nothing given narrows them to one.
    case ambiguous([SemanticNode])
    /// The id finds one element and the role with the name another.
    case conflicting(byID: SemanticNode, byName: SemanticNode)
    /// No element matches; the ones nearest to the query, best first (at most three).
    case missing(nearest: [SemanticNode])

    /// The element to point at: found, or found by its stable anchors after a change.
    public var element: SemanticNode? {
        switch self {
        case .found(let node), .drifted(let node, _): return node
        case .ambiguous, .conflicting, .missing: return nil
        }
    }

    /// Whether the query found its element with every anchor agreeing.
    public var isExact: Bool { if case .found = self { return true } else { return false } }

    /// The query's anchors that disagree with the element found after a change (empty otherwise).
    public func disagreeing(of query: ElementQuery) -> [ElementAnchor] {
        guard case .drifted(_, let agreeing) = self else { return [] }
        return query.anchors.filter { !agreeing.contains($0) }
    }

    /// The elements a message should name: the candidates of a failure, the element otherwise.
    public var candidates: [SemanticNode] {
        switch self {
        case .found(let node), .drifted(let node, _): return [node]
        case .ambiguous(let nodes): return nodes
        case let .conflicting(byID, byName): return [byID, byName]
        case .missing(let nearest): return nearest
        }
    }
}

/// A screen's semantics tree flattened in reading order, each element with the container it is in:
/// what `ElementQuery`s resolve on. Made once for a screen, it resolves any number of queries.
///
/// The rules: the element that matches every anchor given is the target (`index` picks among the
/// matches of the rest). When none does, the target is the one element that the id alone, or the
/// role and name together, match (each narrowed by visible text, `within` and `index` where that
/// leaves one): a drift, reported as such. When those two find different elements, or several, or
/// none, nothing is found, and the failure names the nearest elements. Names and texts match whole,
/// with runs of white space taken as one space and the ends trimmed.
public struct ElementList: Sendable {
    /// The elements, depth first in reading order (each without its children).
    public let elements: [SemanticNode]
    /// The place in `elements` of each element's container (-1 for a top-level one).
    private let parents: [Int]
    private let names: [String]
    private let texts: [String?]

    /// The elements of `roots` and everything inside them.
    public init(_ roots: [SemanticNode]) {
        var elements: [SemanticNode] = [], parents: [Int] = []
        func add(_ node: SemanticNode, parent: Int) {
            var bare = node
            bare.children = []
            let at = elements.count
            elements.append(bare)
            parents.append(parent)
            for child in node.children { add(child, parent: at) }
        }
        for root in roots { add(root, parent: -1) }
        self.elements = elements
        self.parents = parents
        names = elements.map { ElementList.normalized($0.label) }
        texts = elements.map { $0.visibleText.map(ElementList.normalized) }
        var byID = [String: [Int]](minimumCapacity: elements.count), byName = [String: [Int]](minimumCapacity: elements.count)
        for i in elements.indices {
            if let id = elements[i].id { byID[id, default: []].append(i) }
            byName[names[i], default: []].append(i)
        }
        self.byID = byID
        self.byName = byName
    }

    /// The places of the elements with each id, and with each name, in reading order.
    private let byID: [String: [Int]]
    private let byName: [String: [Int]]

    /// What `query` finds here, by the rules above; a failure names the nearest elements when
    /// `namingNearest` (a report's work: a spotlight following its target needs only to know).
    public func resolve(_ query: ElementQuery, namingNearest: Bool = true) -> ElementResolution {
        let all = matches(query, including: Set(query.anchors).subtracting([.index]))
        let full = query.index.map { i in all.indices.contains(i) ? [all[i]] : [] } ?? all
        if full.count == 1 { return .found(elements[full[0]]) }
        if full.count > 1 { return .ambiguous(full.map { elements[$0] }) }

        // Nothing matches every anchor: the stable anchors alone, narrowed where that leaves one.
        let byID = query.id != nil && query.anchors != [.id] ? narrowed(matches(query, including: [.id]), by: query) : nil
        let byName = query.role != nil && query.name != nil && Set(query.anchors) != [.role, .name]
            ? narrowed(matches(query, including: [.role, .name]), by: query) : nil
        let idFound = byID ?? [], nameFound = byName ?? []
        if idFound.count > 1 || nameFound.count > 1 {
            return .ambiguous((idFound + nameFound.filter { !idFound.contains($0) }).map { elements[$0] })
        }
        switch (idFound.first, nameFound.first) {
        case let (a?, b?) where a != b: return .conflicting(byID: elements[a], byName: elements[b])
        case let (a?, _), let (nil, a?): return .drifted(elements[a], agreeing: agreeing(query, at: a))
        case (nil, nil): return .missing(nearest: namingNearest ? nearest(to: query) : [])
        }
    }

    /// The places of the elements matching the anchors `kinds` of `query`: looked up by id or by
    /// name, then the other anchors checked on those alone.
    private func matches(_ query: ElementQuery, including kinds: Set<ElementAnchor>) -> [Int] {
        let inside = kinds.contains(.within) ? query.within.map(containers) : nil
        let name = query.name.map(ElementList.normalized), text = query.text.map(ElementList.normalized)
        let candidates: [Int]
        if kinds.contains(.id), let id = query.id {
            candidates = byID[id] ?? []
        } else if kinds.contains(.name), let name {
            candidates = byName[name] ?? []
        } else {
            candidates = Array(elements.indices)
        }
        return candidates.filter { i in
            let e = elements[i]
            if kinds.contains(.id), e.id != query.id { return false }
            if kinds.contains(.role), e.role != query.role { return false }
            if kinds.contains(.name), names[i] != name { return false }
            if kinds.contains(.text), texts[i] != text { return false }
            if let inside, !isInside(i, inside) { return false }
            return true
        }
    }

    /// The places of the elements `container` matches (every anchor, its index too).
    private func containers(_ container: ElementQuery) -> Set<Int> {
        let all = matches(container, including: Set(container.anchors).subtracting([.index]))
        if let i = container.index { return all.indices.contains(i) ? [all[i]] : [] }
        return Set(all)
    }

    private func isInside(_ i: Int, _ containers: Set<Int>) -> Bool {
        var p = parents[i]
        while p >= 0 {
            if containers.contains(p) { return true }
            p = parents[p]
        }
        return false
    }

    /// Several matches narrowed by the visible text, the container and the index, each only where it
    /// leaves at least one: they narrow a match, never make one.
    private func narrowed(_ found: [Int], by query: ElementQuery) -> [Int] {
        var found = found
        if found.count > 1, query.text != nil {
            let text = query.text.map(ElementList.normalized)
            let kept = found.filter { texts[$0] == text }
            if !kept.isEmpty { found = kept }
        }
        if found.count > 1, let within = query.within {
            let inside = containers(within)
            let kept = found.filter { isInside($0, inside) }
            if !kept.isEmpty { found = kept }
        }
        if found.count > 1, let i = query.index, found.indices.contains(i) { found = [found[i]] }
        return found
    }

    /// The anchors of `query` that the element at `i` matches.
    private func agreeing(_ query: ElementQuery, at i: Int) -> [ElementAnchor] {
        let e = elements[i]
        return query.anchors.filter { kind in
            switch kind {
            case .index: return false
            case .id: return e.id == query.id
            case .role: return e.role == query.role
            case .name: return names[i] == query.name.map(ElementList.normalized)
            case .text: return texts[i] == query.text.map(ElementList.normalized)
            case .within: return query.within.map { isInside(i, containers($0)) } ?? false
            }
        }
    }

    /// Up to three elements most like `query`: ids and names alike in their characters, the same
    /// role or text; none that share nothing with it.
    private func nearest(to query: ElementQuery) -> [SemanticNode] {
        let name = query.name.map(ElementList.normalized), text = query.text.map(ElementList.normalized)
        var scored: [(Double, Int)] = []
        for i in elements.indices {
            let e = elements[i]
            var score = 0.0
            if let id = query.id, let own = e.id { score += 4 * ElementList.likeness(id, own) }
            if let name, !names[i].isEmpty { score += 2 * ElementList.likeness(name, names[i]) }
            if let role = query.role, e.role == role { score += 1 }
            if let text, let own = texts[i] { score += ElementList.likeness(text, own) }
            if score >= 1.5 { scored.append((score, i)) }
        }
        return scored.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }.prefix(3).map { elements[$0.1] }
    }

    /// `s` with runs of white space as one space and the ends trimmed.
    static func normalized(_ s: String) -> String {
        // Most names are already so: single spaces between words, none at the ends.
        var previousIsSpace = true, clean = true
        for scalar in s.unicodeScalars {
            // ASCII at once; Unicode's table only for the rest (a no-break space, an ideographic one).
            let v = scalar.value
            let isSpace = v < 0x80 ? (v == 32 || (9...13).contains(v)) : scalar.properties.isWhitespace
            if isSpace && (previousIsSpace || scalar != " ") { clean = false; break }
            previousIsSpace = isSpace
        }
        if clean && !previousIsSpace || s.isEmpty { return s }
        return s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// How alike two words are, 0...1: one less the edit distance over the longer length (the first
    /// 64 characters of each, so a long label costs no more than a short one).
    static func likeness(_ a: String, _ b: String) -> Double {
        let x = Array(a.lowercased().prefix(64)), y = Array(b.lowercased().prefix(64))
        guard !x.isEmpty || !y.isEmpty else { return 1 }
        var row = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: y.count, by: 1) {
                let kept = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (x[i - 1] == y[j - 1] ? 0 : 1))
                previous = kept
            }
        }
        let distance = x.isEmpty ? y.count : row[y.count]
        return 1 - Double(distance) / Double(max(x.count, y.count))
    }
}

extension SemanticNode {
    /// The element as messages name it: `button "Add card" (id "add")`.
    public var elementDescription: String {
        var s = role.rawValue
        if !label.isEmpty { s += " \(quotedElementWords(label))" }
        if let id { s += " (id \(quotedElementWords(id)))" }
        return s
    }
}

extension ElementResolution {
    /// One line on what `query` found, for a check's report: nothing to say when every anchor
    /// agrees; otherwise the change or the failure with the elements that come nearest.
    public func message(for query: ElementQuery) -> String? {
        let target = "(\(query.description))"
        switch self {
        case .found: return nil
        case let .drifted(node, agreeing):
            let changed = disagreeing(of: query).map(\.rawValue).joined(separator: ", ")
            let by = agreeing.contains(.id) ? "id" : "role and name"
            return "the target \(target) changed: found \(node.elementDescription) by its \(by); \(changed) no longer \(changed.contains(",") ? "agree" : "agrees")"
        case .ambiguous(let nodes):
            let named = nodes.prefix(3).map(\.elementDescription).joined(separator: ", ")
            return "the target \(target) is ambiguous: \(nodes.count) elements match (\(named)\(nodes.count > 3 ? ", …" : "")); give an id, or narrow it with \"within\" or \"index\""
        case let .conflicting(byID, byName):
            return "the target \(target) is ambiguous: its id finds \(byID.elementDescription) and its role and name find \(byName.elementDescription)"
        case .missing(let nearest):
            let near = nearest.isEmpty ? "nothing on the screen is like it" : "nearest: \(nearest.map(\.elementDescription).joined(separator: ", "))"
            return "the target \(target) is not on the screen (\(near))"
        }
    }
}
