import Schema
import Tours

/// Where a screens file's texts are in its JSON, for translators' files (`limelight l10n`): the
/// app's `name`, each tab's `title`, each screen's `title`, and each view's texts (`label`, `text`,
/// `title`, `detail`, `placeholder`), in the views inside views too. The keys are the schema's
/// rows of texts by language, so a text key added to the format is found here with no change.
public enum ScreensTexts {
    /// One text of the file.
    public struct Place: Sendable {
        /// Where its value is: `screens.home.content.children[2].text`.
        public var path: JSONPath
        /// The line its key is written on.
        public var line: Int
        /// The key: `name`, `title`, `text`, …
        public var key: String
        /// The id of the view it belongs to, when the view has one.
        public var viewID: String?
        /// The value as the file gives it: a string, or an object of strings by language tag.
        public var value: JSONNode
    }

    /// The texts of the screens file parsed as `root`, in the file's order.
    public static func places(in root: JSONNode) -> [Place] {
        guard case .object(let top) = root.value else { return [] }
        var out: [Place] = []
        func add(_ members: [JSONMember], keys: Set<String>, at path: JSONPath, viewID: String? = nil) {
            for m in members where keys.contains(m.key) && isText(m.value) {
                out.append(Place(path: path.appending(m.key), line: m.keyLine, key: m.key, viewID: viewID, value: m.value))
            }
        }
        func view(_ node: JSONNode, at path: JSONPath) {
            guard case .object(let members) = node.value else { return }
            var id: String?
            if let given = members.first(where: { $0.key == "id" }), case .string(let s) = given.value.value { id = s }
            add(members, keys: viewTextKeys, at: path, viewID: id)
            for m in members where viewKeys.contains(m.key) {
                switch m.value.value {
                case .array(let items): for (i, item) in items.enumerated() { view(item, at: path.appending(m.key).appending(i)) }
                case .object: view(m.value, at: path.appending(m.key))
                default: continue
                }
            }
        }
        for member in top {
            switch member.key {
            case "tabs":
                guard case .array(let tabs) = member.value.value else { continue }
                for (i, tab) in tabs.enumerated() {
                    if case .object(let fields) = tab.value { add(fields, keys: tabTextKeys, at: JSONPath.root.appending("tabs").appending(i)) }
                }
            case "screens":
                guard case .object(let screens) = member.value.value else { continue }
                for screen in screens {
                    guard case .object(let fields) = screen.value.value else { continue }
                    let path = JSONPath.root.appending("screens").appending(screen.key)
                    add(fields, keys: screenTextKeys, at: path)
                    for field in fields where field.key == "content" { view(field.value, at: path.appending("content")) }
                }
            default:
                add([member], keys: appTextKeys, at: .root)
            }
        }
        return out
    }

    /// The names of the states `text` shows (`"Played {plays} times"`: `plays`), each once, as
    /// the app reads them when it shows the text (`{{` and `}}` are braces).
    public static func stateNames(in text: String) -> [String] {
        var names: [String] = []
        for case .state(let name) in Interpolation.parts(of: text) where !names.contains(name) { names.append(name) }
        return names
    }

    /// The keys of each table whose values are texts by language.
    static let appTextKeys = textKeys(ScreensSchema.app)
    static let tabTextKeys = textKeys(ScreensSchema.tabKeys)
    static let screenTextKeys = textKeys(ScreensSchema.screenKeys)
    static let viewTextKeys = textKeys(ViewNodeSchema.viewKeys.map(\.key))
    /// The keys of a view whose values are views (`content`, `control`) or lists of them (`children`).
    static let viewKeys: Set<String> = ["children", "control", "content"]

    /// The keys of `table` that take a string or strings by language tag. (A state's `text` and
    /// `meaning`, one string the same in every language, are in a table not read here.)
    private static func textKeys<Value>(_ table: [KeyRow<Value>]) -> Set<String> {
        Set(table.filter { if case .localizedText = $0.kind { return true } else { return false } }.map(\.name))
    }

    /// Whether `node` is a text: a string, or an object of strings.
    private static func isText(_ node: JSONNode) -> Bool {
        switch node.value {
        case .string: return true
        case .object(let members): return members.allSatisfy { if case .string = $0.value.value { return true } else { return false } }
        default: return false
        }
    }
}
