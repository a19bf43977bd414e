import Files
import Schema

/// Reads a checklist file (`NAME.checklist.json`) with its rows and checks what the rows cannot:
/// item ids unique, `after` naming items of the checklist, no item waiting on itself through
/// others. Every problem is one line with its file, line and key path.
public enum ChecklistLoader {
    /// The largest checklist file read (a tour file's limit).
    public static let maxFileSize = TourLoader.maxFileSize

    /// Whether the file at `path` names itself a checklist (a `.checklist.json` name).
    public static func isChecklistFile(_ path: String) -> Bool { path.hasSuffix(".checklist.json") }

    /// The checklist in the file at `path`.
    public static func load(path: String) throws(LoadError) -> Checklist {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: maxFileSize, kind: "a checklist file, JSON") } catch {
            throw LoadError(diagnostics: [Diagnostic(file: path, line: nil, path: "", message: error.reason)])
        }
        return try load(bytes: bytes, file: path)
    }

    /// The checklist in `bytes`, naming `file` in its problems.
    public static func load(bytes: [UInt8], file: String) throws(LoadError) -> Checklist {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw LoadError(diagnostics: [Diagnostic(file: file, line: error.line, path: error.path, message: error.message)])
        }
        return try decode(root, file: file)
    }

    /// Whether `root` is a checklist (an object with the `checklist` version key).
    public static func isChecklist(_ root: JSONNode) -> Bool {
        if case .object(let members) = root.value { return members.contains { $0.key == "checklist" } }
        return false
    }

    /// The checklist `root` holds (parsed from `file`), checked.
    public static func decode(_ root: JSONNode, file: String) throws(LoadError) -> Checklist {
        var r = SchemaReader(file: file)
        var list = Checklist(id: "")
        r.decode(root, at: .root, keys: ChecklistSchema.checklist, what: "an object with \"checklist\", \"id\", \"title\" and \"items\" (a checklist)", into: &list)
        var problems = r.diagnostics
        func report(_ line: Int, _ path: String, _ message: String) {
            problems.append(Diagnostic(file: file, line: line, path: path, message: message))
        }
        var index: [String: Int] = [:]
        for (i, item) in list.items.enumerated() {
            if let first = index[item.id] {
                report(item.line, "items[\(i)].id", "another item is \(quoted(item.id)) (items[\(first)]; ids must differ)")
            } else {
                index[item.id] = i
            }
        }
        for (i, item) in list.items.enumerated() {
            for (k, id) in item.after.enumerated() where index[id] == nil || id == item.id {
                let known = KnownNames.list(list.items.map(\.id).filter { $0 != item.id }, near: id)
                report(item.line, "items[\(i)].after" + (item.after.count > 1 ? "[\(k)]" : ""),
                       id == item.id ? "an item cannot come after itself" : "no item \(quoted(id)) in this checklist (known: \(known))")
            }
        }
        if let circle = circle(in: list.items, index: index) {
            let first = list.items[index[circle[0]]!]
            report(first.line, "items[\(index[circle[0]]!)].after", "the items wait on each other in a circle (\(circle.joined(separator: " → "))), so none of them can come")
        }
        if problems.contains(where: { $0.severity == .error }) { throw LoadError(diagnostics: problems) }
        return list
    }

    /// The first circle of `after` among `items`, as ids from one back to itself, or nil.
    static func circle(in items: [ChecklistItem], index: [String: Int]) -> [String]? {
        var state = [Int](repeating: 0, count: items.count)  // 0 new, 1 on the path, 2 done
        var path: [String] = []
        func visit(_ i: Int) -> [String]? {
            if state[i] == 2 { return nil }
            if state[i] == 1 {
                let start = path.firstIndex(of: items[i].id) ?? 0
                return Array(path[start...]) + [items[i].id]
            }
            state[i] = 1
            path.append(items[i].id)
            for id in items[i].after {
                if let j = index[id], j != i, let found = visit(j) { return found }
            }
            path.removeLast()
            state[i] = 2
            return nil
        }
        for i in items.indices { if let found = visit(i) { return found } }
        return nil
    }
}
