import Overlays
import Raster
import Schema

/// Every key of a checklist file, declared once: the reader, the README's table and the JSON
/// Schema come from these rows.
enum ChecklistSchema {
    /// An `id` row: a name, required, `example` in its message.
    static func idRow<Model>(doc: String, example: String, _ set: @escaping @Sendable (String, inout Model) -> Void) -> KeyRow<Model> {
        KeyRow("id", .name, value: "letters, digits, `.`, `_`, `-`", default: "required", doc: doc,
               missing: "missing key \"id\" (a name for \(example))") { member, path, _, r, model in
            if let id = r.name(member.value, at: path, maxLength: 100) { set(id, &model) }
        }
    }

    /// A text row in the source language and by language tag.
    static func textRow<Model>(_ name: String, default defaultValue: String = "none", doc: String, missing: String? = nil,
                               _ set: @escaping @Sendable (String, [String: String], inout Model) -> Void) -> KeyRow<Model> {
        KeyRow(name, .localizedText, value: "a string, or strings by language tag", default: defaultValue, doc: doc, missing: missing) { member, path, _, r, model in
            let (text, table) = r.localizedText(member.value, at: path)
            set(text ?? "", table, &model)
        }
    }

    /// The version of the format a checklist file says it is (`"checklist": 1`).
    static let version = 1.0

    /// The tour's `show` row, read into a tour and taken from it: a checklist shows as a tour does.
    static let showRow = TourSchema.tour.first { $0.name == "show" }!

    /// The keys of a checklist file.
    static let checklist: [KeyRow<Checklist>] = [
        .schemaReference("checklist.schema.json"),
        .number("checklist", in: version...version, whole: true, default: nil, defaultText: "required",
                doc: "the version of the format", missing: "missing key \"checklist\" (the version of the format: 1)") { _, _ in },
        idRow(doc: "the checklist's id, in saved progress and the events log", example: "the checklist, such as \"getting-started\"") { id, list in list.id = id },
        textRow("title", default: "required", doc: "what the launcher's panel is headed",
                missing: "missing key \"title\" (what the checklist is, such as \"Get started\")") { text, table, list in (list.title, list.titles) = (text, table) },
        KeyRow(showRow.name, showRow.kind, value: showRow.row.value, default: "`\"always\"`",
               doc: "when the launcher shows, from saved progress, as a tour's `show` says (a showing is a launch it appeared in): every launch until every item is done, once, after N launches, after one of the app's events N times, at most N times, not again within a while") { member, path, context, r, list in
            var tour = Tour(id: list.id, steps: [])
            showRow.decode?(member, path, KeyRow<Tour>.Context(members: context.members, node: context.node, path: context.path), &r, &tour)
            list.show = tour.show
            // Unless it says how many times, a checklist shows until it is complete.
            if case .object(let members) = member.value.value, !members.contains(where: { $0.key == "maxTimes" }) { list.show.maxTimes = nil }
        },
        .choice("corner", ChecklistOverlay.Corner.self, default: .bottomLeading,
                doc: "the corner of the screen the launcher sits in (leading and trailing follow the language's direction)", \.corner),
        KeyRow("offset", .mixed, value: "`[x, y]` in points, each 0 to 2000", default: "`[16, 16]`",
               doc: "how far in from its corner the launcher sits: x from the corner's side, y from its top or bottom (above a tab bar, say)") { member, path, _, r, list in
            if let (x, y) = TourSchema.pair(member, path, &r, in: 0...2000, names: ("x", "y"), example: "[16, 72]") { list.offset = Size(x, y) }
        },
        KeyRow("tint", .color, value: "`\"#RRGGBB\"`", default: "`\"#0062CC\"`", doc: "the launcher's, the marks' and the progress bar's colour (the app's own, say)") { member, path, _, r, list in
            if let color = ThemeSchema.color(member, path, &r) { list.tint = color }
        },
        KeyRow("items", .list, value: "a list of items: `id`, `title`, `description`, `done`, `tour`, `after`", default: "required",
               doc: "the tasks, in the order shown", missing: "missing key \"items\" (the checklist's tasks)") { member, path, _, r, list in
            guard case .array(let nodes) = member.value.value, !nodes.isEmpty, nodes.count <= Checklist.maxItems else {
                var found = member.value.kindDescription
                if case .array(let nodes) = member.value.value { found = nodes.isEmpty ? "an empty list" : "\(nodes.count) items" }
                r.report(member.value.line, path, "expected a list of 1 to \(Checklist.maxItems) items, found \(found)")
                return
            }
            for (i, node) in nodes.enumerated() {
                var item = ChecklistItem(id: "")
                item.line = node.line
                guard let members = r.decode(node, at: path.appending(i), keys: ChecklistSchema.item,
                                             what: "an item such as {\"id\": \"save\", \"title\": \"Save a note\", \"tour\": \"saving\"}", into: &item) else { continue }
                if members["done"] == nil && members["tour"] == nil {
                    r.report(node.line, path.appending(i), "an item needs \"done\" (when it is done) or \"tour\" (done when that tour is finished)")
                }
                if !item.id.isEmpty { list.items.append(item) }
            }
        },
    ]

    /// The keys of an item.
    static let item: [KeyRow<ChecklistItem>] = [
        idRow(doc: "the item's id, unique in the checklist", example: "the item, such as \"save-a-note\"") { id, item in item.id = id },
        textRow("title", default: "required", doc: "the task, one short line",
                missing: "missing key \"title\" (the task, such as \"Save a note\")") { text, table, item in (item.title, item.titles) = (text, table) },
        textRow("description", doc: "what the task asks, under its title") { text, table, item in (item.description, item.descriptions) = (text, table) },
        KeyRow("done", .mixed, value: "a condition (`\"saves >= 3\"`), or `{\"event\": NAME}`, or `{\"tour\": ID}`", default: "its `tour` finished",
               doc: "when the item is done: a state of the app (as a step's `showWhen`), one of the app's events seen, or a tour finished") { member, path, _, r, item in
            switch member.value.value {
            case .string(let text):
                switch TourCondition.parse(text) {
                case .success(let c): item.done = .condition(c)
                case .failure(let e): r.report(member.value.line, path, e.message)
                }
            case .object(let members) where members.count == 1 && (members[0].key == "event" || members[0].key == "tour"):
                let m = members[0]
                guard let name = r.name(m.value, at: path.appending(m.key), maxLength: 100) else { return }
                item.done = m.key == "event" ? .event(name) : .tourFinished(name)
            default:
                r.report(member.value.line, path, "expected a condition such as \"saves >= 3\", or {\"event\": \"saved\"}, or {\"tour\": \"welcome\"}, found \(member.value.kindDescription)")
            }
        },
        KeyRow("tour", .name, value: "a tour's id", default: "none", doc: "the tour choosing the item launches (its file beside the checklist, or among the app's tours)") { member, path, _, r, item in
            item.tour = r.name(member.value, at: path, maxLength: 100)
        },
        KeyRow("after", .viewIDs, value: "an item's id, or a list of them", default: "none", doc: "the items that must be done first (until then the item waits)") { member, path, _, r, item in
            if case .array(let nodes) = member.value.value {
                item.after = nodes.enumerated().compactMap { i, node in r.name(node, at: path.appending(i), maxLength: 100) }
            } else if let id = r.name(member.value, at: path, maxLength: 100) {
                item.after = [id]
            }
        },
    ]
}
