import Raster

extension ViewRoot {
    /// The screen as a screen reader sees it: the tree's elements, then each layer's; a modal
    /// layer's element (an overlay) hides everything beneath it.
    public func semanticsTree() -> SemanticNode {
        layoutIfNeeded()
        var children = content.semanticNodes()
        for layer in layers {
            guard let (node, isModal) = layer.semantics(root: self) else { continue }
            if isModal { children = [] }
            children.append(node)
        }
        return SemanticNode(role: .screen, label: "", frame: bounds, children: children)
    }
}
