@testable import AccessibilityBridge
import Raster
import Views

/// Screens for the bridge's tests without a bus: one after another, numbered by one
/// `ElementNumbers` as the bridge numbers the trees it publishes (an element keeps its number, and
/// its path, while it stays).
struct Screens {
    var numbers = ElementNumbers()

    /// The tree of a 390x844 screen holding `children`.
    mutating func tree(_ children: [SemanticNode]) -> AccessibleTree {
        AccessibleTree(SemanticNode(role: .screen, label: "", frame: Rect(x: 0, y: 0, width: 390, height: 844), children: children), numbers: &numbers)
    }

    /// `id` with a capital first letter: the label of an element given none.
    static func label(_ id: String) -> String { id.prefix(1).uppercased() + id.dropFirst() }

    /// A button `id` labelled `label` (`label(id)` when none is given), at `y`.
    static func button(_ id: String, _ label: String? = nil, y: Double = 0, state: SemanticState = []) -> SemanticNode {
        SemanticNode(role: .button, label: label ?? Self.label(id), id: id, frame: Rect(x: 0, y: y, width: 100, height: 44), state: state, actions: [.activate])
    }

    /// A field `id` holding `text`, its caret at `caret` and `selection` selected.
    static func field(_ id: String, _ text: String, caret: Int? = nil, selection: Range<Int>? = nil) -> SemanticNode {
        var node = SemanticNode(role: .textField, label: label(id), id: id, frame: Rect(x: 0, y: 500, width: 300, height: 44), actions: [.activate])
        node.text = SemanticText(text, caret: caret, selection: selection)
        return node
    }

    /// A tour step's dialog named `name` and described by `text`, with a Next button, pointing at
    /// `targets`.
    static func step(_ name: String, _ text: String, targets: [SemanticNode] = []) -> SemanticNode {
        var dialog = SemanticNode(role: .dialog, label: name, frame: Rect(x: 20, y: 300, width: 350, height: 160), actions: [.dismiss], children: [
            SemanticNode(role: .text, label: text, frame: Rect(x: 36, y: 340, width: 300, height: 40)),
            button("overlay.bubble.next", "Next", y: 400),
        ])
        dialog.description = text
        dialog.targets = targets
        return dialog
    }
}

extension AccessibleTree {
    /// The path on the bus of the element `id` (the first, depth first).
    func path(_ id: String) -> String {
        AccessibilityBridge.pathPrefix + "/\(elements.first { $0.id == id }!.number)"
    }

    /// The path on the bus of the element named `name`.
    func path(named name: String) -> String {
        AccessibilityBridge.pathPrefix + "/\(elements.first { $0.name == name }!.number)"
    }

    /// The screen's path.
    var screenPath: String { AccessibilityBridge.pathPrefix + "/\(elements[0].number)" }
}

extension AccessibleEvents.Event {
    /// The event as one line: its path (without the common prefix), member and detail, both
    /// numbers, and what its `any_data` holds (`Event`'s `==` leaves that out).
    var line: String {
        let any: String
        switch self.any {
        case .int(let v): any = "\(v)"
        case .reference(let p): any = "ref " + p.replacingOccurrences(of: AccessibilityBridge.pathPrefix, with: "")
        case .text(let t): any = "\"\(t)\""
        }
        let place = path.replacingOccurrences(of: AccessibilityBridge.pathPrefix, with: "")
        return "\(place) \(member)\(detail.isEmpty ? "" : ":" + detail) \(detail1) \(detail2) \(any)"
    }
}
