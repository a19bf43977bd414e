import Schema
import Tours
import TranslationFiles

extension TourTexts {
    /// The texts of the checklist file `file`, parsed as `root` and checked as the loader checks
    /// it: its title and each item's title and description, each entry's context the checklist's
    /// id, the item's id and the key (`getting-started/add/title`).
    static func readChecklist(_ root: JSONNode, file: String, sourceLanguage: String) throws(LocalizationError) -> TourTexts {
        let list: Checklist
        do { list = try ChecklistLoader.decode(root, file: file) } catch {
            throw unreadable(file, error.diagnostics, expected: "a checklist (an object with \"checklist\", \"id\", \"title\" and \"items\")")
        }
        var entries: [Entry] = []
        func add(_ member: JSONMember, at place: JSONPath, context: String, note: String) {
            guard let (source, table) = sourceAndTranslations(member.value, sourceLanguage: sourceLanguage) else { return }
            entries.append(Entry(context: context, path: place.description, place: place, line: member.keyLine,
                                 source: source, translations: table, note: note))
        }
        guard case .object(let top) = root.value else { return TourTexts(file: file, tourID: list.id, entries: [], languages: [sourceLanguage]) }
        if let title = top.first(where: { $0.key == "title" }) {
            add(title, at: JSONPath.root.appending("title"), context: "\(list.id)/title", note: "The checklist's title, over its panel: one short line.")
        }
        if let items = top.first(where: { $0.key == "items" }), case .array(let nodes) = items.value.value {
            for (i, node) in nodes.enumerated() where i < list.items.count {
                guard case .object(let fields) = node.value else { continue }
                let place = JSONPath.root.appending("items").appending(i), id = list.items[i].id
                if let title = fields.first(where: { $0.key == "title" }) {
                    add(title, at: place.appending("title"), context: "\(list.id)/\(id)/title", note: "A task of the checklist, ticked when done: one short line.")
                }
                if let description = fields.first(where: { $0.key == "description" }) {
                    add(description, at: place.appending("description"), context: "\(list.id)/\(id)/description",
                        note: "What the task asks, under its title in the checklist's panel.")
                }
            }
        }
        var languages = [sourceLanguage]
        for tag in entries.flatMap({ $0.translations.keys.sorted() }) where !languages.contains(tag) { languages.append(tag) }
        return TourTexts(file: file, tourID: list.id, entries: entries, languages: languages)
    }
}
