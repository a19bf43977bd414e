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

extension AppViewport {
    /// What a click at `p` (app points) picks, and its frame: walking up from the deepest view
    /// there, the first view with an id, or the first element of its own (a view with a role and a
    /// name that is not a text gathered into a button's label) — by the id of a view that only lends
    /// it its id (a card around its button), else by its role and name. The app's own hit test lays
    /// out what is pending; its layers need no frame for it.
    func pick(at p: Point) -> (target: PickedTarget, frame: Rect)? {
        var chain: [View] = []
        var v = appRoot.hitTest(p)
        while let view = v { chain.append(view); v = view.parent }
        // A picture is no target (a capture's elements over it are).
        let picture = stage.pictures?.screenshot
        for (i, view) in chain.enumerated() where view.isPlaced && view !== picture {
            if let id = view.id { return (.view(id), view.visibleFrame) }
            guard let role = view.effectiveSemanticRole, role != .screen, let node = view.semanticNodes().first, !node.label.isEmpty else { continue }
            let above = chain[(i + 1)...]
            // Up to the first view with an id, that view included: a row or button with an id
            // gathers the texts inside it too.
            let toID = above.firstIndex(where: { $0.id != nil }).map { above[...$0] } ?? above
            if role == .text || role == .header || role == .image,
               toID.contains(where: { $0.effectiveSemanticRole?.gathersTexts == true }) { continue }
            if let lender = above.first(where: { $0.id != nil }), lender.effectiveSemanticRole == nil,
               let lent = lender.semanticNodes().first, lender.semanticNodes().count == 1, lent.id == lender.id, lent.frame == node.frame {
                return (.view(lender.id!), lender.visibleFrame)
            }
            return (.element(role: role, name: node.label), view.visibleFrame)
        }
        return nil
    }
}
