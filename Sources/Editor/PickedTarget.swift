import Raster
import Schema
import Views

/// What a click in the app picks: a view by its id, or, where no view there has an id, the element
/// under the pointer by its role and name (an app that gives few views ids can still be toured).
enum PickedTarget: Equatable {
    /// The deepest view with an id under the pointer.
    case view(String)
    /// The deepest element with a role and a name under the pointer, in a part of the app with no ids.
    case element(role: SemanticRole, name: String)

    /// The view's id, for a view.
    var id: String? { if case .view(let id) = self { return id } else { return nil } }

    /// What the hover outline says: the id, or `button "Delete"`.
    var label: String {
        switch self {
        case .view(let id): return id
        case let .element(role, name): return "\(role.rawValue) \"\(name)\""
        }
    }

    /// The target as a step writes it: the view's id with its element's role and name (from
    /// `elements`), or the element's role and name.
    func tree(on elements: ElementList) -> JSONTree {
        switch self {
        case .view(let id): return StepFields.targetTree(id: id, element: elements.elements.first { $0.id == id })
        case let .element(role, name):
            var tree = JSONTree.object([("role", .string(role.rawValue)), ("name", .string(name))])
            tree.markInline()
            return tree
        }
    }
}
