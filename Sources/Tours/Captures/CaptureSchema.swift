import Raster
import Schema
import Views

/// Every key of a capture file, declared once: the reader, the README's table and the JSON Schema
/// come from these rows.
enum CaptureSchema {
    /// The version of the format a capture file says it is (`"capture": 1`).
    static let version = 1.0
    /// The deepest nesting of elements a capture may have.
    static let maxDepth = Capture.maxDepth
    /// The most elements a capture may have.
    static let maxElements = Capture.maxElements

    /// The keys of a capture file.
    static let capture: [KeyRow<Capture>] = [
        .schemaReference("capture.schema.json"),
        .number("capture", in: version...version, whole: true, default: nil, defaultText: "required",
                doc: "the version of the format", missing: "missing key \"capture\" (the version of the format: 1)") { _, _ in },
        KeyRow("screen", .object, value: "an object: `size`, `scale`", default: "required", doc: "the screen that was captured",
               missing: "missing key \"screen\" ({\"size\": [width, height], \"scale\": N})") { member, path, _, r, capture in
            var spec = Tour.ScreenSpec()
            r.decode(member.value, at: path, keys: TourSchema.screen, what: "an object with \"size\" and \"scale\"", into: &spec)
            if let size = spec.size { capture.size = size } else {
                r.report(member.value.line, path, "expected \"size\": [width, height] in points")
            }
            capture.scale = spec.scale
        },
        KeyRow("image", .mixed, value: "a path to a PNG file, or paths by language tag", default: "required",
               doc: "the screen's picture (its size in points times its scale), relative to the capture file",
               missing: "missing key \"image\" (a PNG beside the capture)") { member, path, _, r, capture in
            let (base, table) = r.localizedText(member.value, at: path)
            if let base { capture.image = base }
            capture.images = table
        },
        KeyRow("language", .name, value: "a language tag", default: "`\"en\"`", doc: "the language the elements' names are in") { member, path, _, r, capture in
            guard let tag = r.string(member.value, at: path) else { return }
            if LanguageTagSyntax.isWellFormed(tag) { capture.language = tag } else {
                r.report(member.value.line, path, "expected a language tag such as \"en\" or \"pt-BR\", found \(quoted(tag))")
            }
        },
        KeyRow("source", .name, value: "a string", default: "none", doc: "what was captured: an application's name, a page's address") { member, path, _, r, capture in
            capture.source = r.string(member.value, at: path)
        },
        KeyRow("elements", .list, value: "a list of elements", default: "none", doc: "the screen's elements, top level first") { member, path, _, r, capture in
            var count = 0
            capture.elements = decodeElements(member.value, path, depth: 1, count: &count, &r)
        },
    ]

    /// The states an element may have, by the names a capture file gives them.
    static let stateNames: [(String, SemanticState)] = [("selected", .selected), ("disabled", .disabled), ("busy", .busy), ("focused", .focused), ("checked", .checked)]

    /// The keys of an element.
    static let element: [KeyRow<CapturedElement>] = [
        .choice("role", TourSchema.anchorRoles, default: nil, defaultText: "required", doc: "what it is") { role, e in e.role = role },
        KeyRow("name", .name, value: "a string", default: "`\"\"`", doc: "its accessible name") { member, path, _, r, e in
            e.name = r.string(member.value, at: path) ?? ""
        },
        KeyRow("description", .name, value: "a string", default: "`\"\"`", doc: "what is read after its name") { member, path, _, r, e in
            e.description = r.string(member.value, at: path) ?? ""
        },
        KeyRow("states", .list, value: "a list of " + stateNames.map { "`\"\($0.0)\"`" }.joined(separator: ", "), default: "none",
               doc: "its states") { member, path, _, r, e in
            guard case .array(let items) = member.value.value else {
                r.report(member.value.line, path, "expected a list of states, found \(member.value.kindDescription)")
                return
            }
            for (i, item) in items.enumerated() {
                if let state = r.choice(item, at: path.appending(i), stateNames) { e.state.insert(state) }
            }
        },
        KeyRow("frame", .rects, value: "`[x, y, width, height]` in points", default: "required", doc: "where it is on the screen",
               missing: "missing key \"frame\" ([x, y, width, height] in points)") { member, path, _, r, e in
            if let rect = TourDecoder.decodeRect(member.value, path, &r) { e.frame = rect }
        },
        KeyRow("id", .name, value: "a string", default: "none", doc: "the app's own identifier for it (a widget's name, an element's id)") { member, path, _, r, e in
            e.id = r.string(member.value, at: path, nonEmpty: true)
        },
        KeyRow("children", .list, value: "a list of elements", default: "none", doc: "the elements inside it, in reading order", decode: nil),
    ]

    /// The elements of the list `node`, `depth` deep, at most `maxElements` in all.
    static func decodeElements(_ node: JSONNode, _ path: JSONPath, depth: Int, count: inout Int, _ r: inout SchemaReader) -> [CapturedElement] {
        guard case .array(let items) = node.value else {
            r.report(node.line, path, "expected a list of elements, found \(node.kindDescription)")
            return []
        }
        guard depth <= maxDepth else {
            r.report(node.line, path, "expected elements nested at most \(maxDepth) deep")
            return []
        }
        var out: [CapturedElement] = []
        for (i, item) in items.enumerated() {
            count += 1
            guard count <= maxElements else {
                r.report(item.line, path.appending(i), "expected at most \(maxElements) elements in a capture")
                return out
            }
            var element = CapturedElement(role: .image, name: "", frame: .zero)
            let at = path.appending(i)
            guard let members = r.decode(item, at: at, keys: CaptureSchema.element, what: "an element with \"role\" and \"frame\"", into: &element) else { continue }
            if members["role"] == nil { r.report(item.line, at, "missing key \"role\" (what the element is)") }
            if let children = members["children"] {
                element.children = decodeElements(children.value, at.appending("children"), depth: depth + 1, count: &count, &r)
            }
            out.append(element)
        }
        return out
    }
}
