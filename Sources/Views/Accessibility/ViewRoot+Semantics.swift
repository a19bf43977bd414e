import Raster

extension ViewRoot {
    /// The screen as a screen reader sees it: the tree's elements, then each layer's; a modal
    /// layer's element (an overlay) hides everything beneath it.
    public func semanticsTree() -> SemanticNode { semanticsTreeAndHidden().tree }

    /// The screen as a screen reader sees it, and what the modal layers hide from it there: the
    /// tree's elements and those of the layers beneath the topmost modal one, in order (empty when
    /// no layer hides anything). A test that keeps the whole screen's tree reads both, so a label
    /// changed beneath a dialog fails it too.
    public func semanticsTreeAndHidden() -> (tree: SemanticNode, hidden: [SemanticNode]) {
        layoutIfNeeded()
        var children = content.semanticNodes()
        var hidden: [SemanticNode] = []
        for layer in layers {
            guard let (node, isModal) = layer.semantics(root: self) else { continue }
            if isModal {
                hidden += children
                children = []
            }
            children.append(node)
        }
        return (SemanticNode(role: .screen, label: "", frame: bounds, children: children), hidden)
    }
}
