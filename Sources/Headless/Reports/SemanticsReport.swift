import Foundation
import Views

/// The semantics tree as `limelight inspect --semantics` prints it: each element an object with
/// its role, label, description when there is one, id when it has one, frame ([x, y, width, height] in points), state, actions and
/// value (a slider's or a progress bar's: current, minimum, maximum and how it reads),
/// then what it points at (`targets`, for a tutorial step) and the elements inside it (`children`),
/// one element a line, indented by depth: one JSON document that reads and greps well.
package enum SemanticsReport {
    /// The tree as JSON; with `hidden`, the screen's element also lists, under `"hidden"`, the
    /// elements a dialog hides from a screen reader (`"semantics": "all"`).
    package static func json(_ node: SemanticNode, hidden: [SemanticNode] = []) -> String { element(node, indent: "", hidden: hidden) }

    private static func element(_ node: SemanticNode, indent: String, hidden: [SemanticNode] = []) -> String {
        func num(_ v: Double) -> String {
            let r = (v * 1000).rounded() / 1000
            return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
        }
        func strings(_ items: [String]) -> String { "[" + items.map(jsonLine).joined(separator: ", ") + "]" }
        var fields = ["\"role\": \(jsonLine(node.role.rawValue))", "\"label\": \(jsonLine(node.label))"]
        if !node.description.isEmpty { fields.append("\"description\": \(jsonLine(node.description))") }
        if let id = node.id { fields.append("\"id\": \(jsonLine(id))") }
        let f = node.frame
        fields.append("\"frame\": [\([f.minX, f.minY, f.width, f.height].map(num).joined(separator: ", "))]")
        fields.append("\"state\": \(strings(node.state.names))")
        fields.append("\"actions\": \(strings(node.actions.map(\.rawValue)))")
        if let v = node.value {
            fields.append("\"value\": {\"current\": \(num(v.current)), \"minimum\": \(num(v.minimum)), \"maximum\": \(num(v.maximum)), \"text\": \(jsonLine(v.text))}")
        }
        var text = indent + "{" + fields.joined(separator: ", ")
        for (key, list) in [("targets", node.targets), ("children", node.children), ("hidden", hidden)] where !list.isEmpty {
            text += ", \"\(key)\": [\n" + list.map { element($0, indent: indent + "  ") }.joined(separator: ",\n") + "\n" + indent + "]"
        }
        return text + "}"
    }
}
