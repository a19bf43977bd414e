import Files
import Raster
import Schema
import Tours
import Views

extension PublishedCatalog {
    /// Reads the catalog file at `path` (as `limelight_session_write_catalog` writes it), checked:
    /// every problem names the file, the line and the key.
    public static func load(path: String) throws(LoadError) -> PublishedCatalog {
        func fail(_ line: Int?, _ key: String, _ message: String) -> LoadError {
            LoadError(diagnostics: [Diagnostic(file: path, line: line, path: key, message: message)])
        }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: maxFileSize, kind: "a catalog file, JSON") } catch { throw fail(nil, "", error.reason) }
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch { throw fail(error.line, error.path, error.message) }
        return try read(root, file: path)
    }

    /// The catalog in `root`, naming `file` in its problems.
    static func read(_ root: JSONNode, file: String) throws(LoadError) -> PublishedCatalog {
        var problems: [Diagnostic] = []
        func report(_ line: Int, _ key: String, _ message: String) {
            problems.append(Diagnostic(file: file, line: line, path: key, message: message))
        }
        guard case .object(let members) = root.value else {
            throw LoadError(diagnostics: [Diagnostic(file: file, line: root.line, path: "",
                                                             message: "expected an object with \"catalog\", \"screen\" and \"targets\", found \(root.kindDescription)")])
        }
        let known: Set = ["catalog", "screen", "language", "targets", "states", "events"]
        for m in members where !known.contains(m.key) {
            report(m.keyLine, m.key, "unknown key (expected \(known.sorted().joined(separator: ", ")))")
        }
        func member(_ key: String) -> JSONNode? { members.last { $0.key == key }?.value }
        if let v = member("catalog"), case .number(let n) = v.value, n == Double(version) {} else {
            report(member("catalog")?.line ?? root.line, "catalog", "expected \"catalog\": \(version) (the version of the format)")
        }
        var size = Size(1, 1), scale = 1.0
        if let screen = member("screen"), case .object(let parts) = screen.value {
            let s = parts.last { $0.key == "size" }?.value, k = parts.last { $0.key == "scale" }?.value
            if let s, case .array(let wh) = s.value, wh.count == 2, case .number(let w) = wh[0].value, case .number(let h) = wh[1].value {
                size = Size(w, h)
            } else {
                report(s?.line ?? screen.line, "screen.size", "expected [width, height] in points")
            }
            if let k {
                if case .number(let n) = k.value { scale = n } else { report(k.line, "screen.scale", "expected a number (device pixels per point)") }
            }
            do { try ViewRoot.validate(size: size, scale: scale) } catch { report(screen.line, "screen", error.description) }
        } else {
            report(member("screen")?.line ?? root.line, "screen", "expected {\"size\": [width, height], \"scale\": N}")
        }
        var language = "en"
        if let v = member("language") {
            if case .string(let tag) = v.value, LanguageTag.isWellFormed(tag) { language = tag } else {
                report(v.line, "language", "expected a language tag such as \"en\" or \"pt-BR\"")
            }
        }
        var targets: [PublishedTarget] = []
        if let v = member("targets"), case .array(let items) = v.value {
            if items.count > PublishedTarget.maxCount { report(v.line, "targets", "at most \(PublishedTarget.maxCount) targets") }
            var seen = Set<String>()
            for (i, item) in items.prefix(PublishedTarget.maxCount).enumerated() {
                let key = "targets[\(i)]"
                guard let target = readTarget(item, key: key, report: report) else { continue }
                if let problem = target.problem { report(item.line, key, problem); continue }
                guard seen.insert(target.id).inserted else { report(item.line, key + ".id", "another target has the id \(quoted(target.id))"); continue }
                targets.append(target)
            }
        } else {
            report(member("targets")?.line ?? root.line, "targets", "expected a list of {\"id\", \"rect\": [x, y, width, height], \"role\", \"name\"}")
        }
        var states: [StateDeclaration] = []
        if let v = member("states") {
            if case .object(let items) = v.value {
                for m in items {
                    if let problem = PublishedScreen.nameProblem(m.key, what: "a state") { report(m.keyLine, "states", problem); continue }
                    guard case .string(let word) = m.value.value, let kind = StateDeclaration.Kind(rawValue: word) else {
                        report(m.value.line, "states.\(m.key)", "expected \"number\", \"flag\" or \"text\""); continue
                    }
                    if states.contains(where: { $0.name == m.key }) { report(m.keyLine, "states.\(m.key)", "the state is listed twice"); continue }
                    states.append(StateDeclaration(m.key, kind))
                }
            } else {
                report(v.line, "states", "expected an object of state names, each \"number\", \"flag\" or \"text\"")
            }
        }
        var events: [String] = []
        if let v = member("events") {
            if case .array(let items) = v.value {
                for (i, item) in items.enumerated() {
                    guard case .string(let name) = item.value, PublishedScreen.nameProblem(name, what: "an event") == nil || name == AppDefinition.launchEvent else {
                        report(item.line, "events[\(i)]", "expected an event's name (letters, digits, _ and .)"); continue
                    }
                    if !events.contains(name) { events.append(name) }
                }
            } else {
                report(v.line, "events", "expected a list of event names")
            }
        }
        guard problems.isEmpty else { throw LoadError(diagnostics: problems) }
        return PublishedCatalog(size: size, scale: scale, language: language, targets: targets, states: states, events: events)
    }

    private static func readTarget(_ item: JSONNode, key: String, report: (Int, String, String) -> Void) -> PublishedTarget? {
        guard case .object(let fields) = item.value else { report(item.line, key, "expected {\"id\", \"rect\", \"role\", \"name\"}"); return nil }
        func field(_ name: String) -> JSONNode? { fields.last { $0.key == name }?.value }
        for f in fields where !["id", "rect", "role", "name"].contains(f.key) { report(f.keyLine, key + "." + f.key, "unknown key (expected id, rect, role, name)") }
        guard let idNode = field("id"), case .string(let id) = idNode.value else { report(item.line, key + ".id", "expected the target's id, a string"); return nil }
        guard let r = field("rect"), case .array(let xywh) = r.value, xywh.count == 4 else {
            report(item.line, key + ".rect", "expected [x, y, width, height] in points"); return nil
        }
        var numbers: [Double] = []
        for n in xywh { if case .number(let v) = n.value { numbers.append(v) } }
        guard numbers.count == 4 else { report(r.line, key + ".rect", "expected four numbers"); return nil }
        var role: SemanticRole?
        if let v = field("role") {
            guard case .string(let word) = v.value else { report(v.line, key + ".role", "expected a role's name"); return nil }
            switch PublishedTarget.role(named: word) {
            case .success(let found): role = found
            case .failure(let error): report(v.line, key + ".role", error.message); return nil
            }
        }
        var name: String?
        if let v = field("name") {
            guard case .string(let text) = v.value else { report(v.line, key + ".name", "expected a string"); return nil }
            name = text
        }
        return PublishedTarget(id: id, rect: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), role: role, name: name)
    }
}
