import Schema
import Views

extension TourSchema {
    // MARK: - A target written as anchors

    /// What a target object must hold, for messages.
    static let anchorsWhat = "an object of anchors: \"id\", or \"role\" with \"name\" (\"text\", \"within\" and \"index\" narrow them)"

    /// The roles an anchor or a rectangle may name (a whole screen is no target).
    static let anchorRoles = SemanticRole.allCases.filter { $0 != .screen }.map { ($0.rawValue, $0) }

    /// The keys of a target written as an object (`target`, `targets[]`, and `within` inside them).
    static let anchor: [KeyRow<TargetAnchors>] = [
        KeyRow("id", .name, value: "a view id", default: "none",
               doc: "the view's id (stable: `limelight inspect` lists the app's ids)") { member, path, _, r, anchors in
            anchors.id = r.string(member.value, at: path, nonEmpty: true)
        },
        .choice("role", anchorRoles, default: nil, defaultText: "none",
                doc: "the element's role, as `inspect --semantics` shows it (stable with `name`)") { role, anchors in
            anchors.role = role
        },
        .localizedText("name", doc: "the accessible name a screen reader reads, whole (stable with `role`; give it per language so it holds in each)", \.name, \.names),
        .localizedText("text", doc: "the words it shows, whole; only narrows a match (not stable: copy changes)", \.text, \.texts),
        KeyRow("within", .object, value: "an object of anchors", default: "none",
               doc: "the container it is inside (a list, a tab, a screen); only narrows a match") { member, path, _, r, anchors in
            anchors.within = decodeAnchors(member.value, path, &r)
        },
        .number("index", in: 0...1_000_000, whole: true, default: nil, defaultText: "none",
                doc: "its place among the elements the rest match, 0 first, in reading order; only narrows a match (not stable: order changes)",
                rule: { context, r, _ in
            let m = context.members
            guard m["id"] == nil, m["role"] == nil || m["name"] == nil else { return }
            let given = ["role", "name", "text", "within", "index"].filter { m[$0] != nil }.map { "\"\($0)\"" }
            r.report(context.node.line, context.path,
                     "expected \"id\", or \"role\" with \"name\": \(given.isEmpty ? "no anchor is given" : "\(given.joined(separator: ", ")) alone cannot find an element") (text, within and index only narrow a match)")
        }) { d, anchors in
            anchors.index = Int(d)
        },
    ]

    /// A target object read with `anchor`'s rows, nil (reported) when it is not one.
    static func decodeAnchors(_ node: JSONNode, _ path: JSONPath, _ r: inout SchemaReader) -> TargetAnchors? {
        var anchors = TargetAnchors()
        let before = r.diagnostics.count
        guard r.decode(node, at: path, keys: anchor, what: anchorsWhat, into: &anchors) != nil,
              !r.diagnostics[before...].contains(where: { $0.severity == .error }) else { return nil }
        return anchors
    }
}

extension TargetAnchors {
    /// The keys of a target object in the order the format declares them: where a key written anew goes.
    public static var keyOrder: [String] { TourSchema.anchor.map(\.name) }
}
