import Raster
import Views

/// A screen of a real app as it was captured: its picture (one, or one per language) and its
/// element tree (roles, accessible names, descriptions, states, frames in points, the app's own
/// identifiers), with the screen's size and scale. Tours run over it as over a screenshot, and
/// their targets resolve by anchors on its tree as on a live app. See the README's "Captures".
public struct Capture: Hashable, Sendable {
    /// The screen's size in points.
    public var size: Size
    /// Device pixels per point: the picture is `size` times this.
    public var scale: Double
    /// The picture, relative to the capture file's folder.
    public var image: String
    /// Pictures of the same screen in other languages, by language tag.
    public var images: [String: String] = [:]
    /// The language the element names are in.
    public var language = "en"
    /// What was captured (an application's name, a page's address), for messages.
    public var source: String?
    /// The elements, top level first, each with the elements inside it.
    public var elements: [CapturedElement] = []

    /// A capture of a `size`-point screen at `scale` showing `image`.
    public init(size: Size, scale: Double, image: String, elements: [CapturedElement] = []) {
        self.size = size; self.scale = scale; self.image = image; self.elements = elements
    }

    /// The deepest elements of a capture nest.
    public static let maxDepth = 64
    /// The most elements a capture holds.
    public static let maxElements = 20_000

    /// The elements as the semantics tree's nodes, frames in the capture's points.
    public var semanticNodes: [SemanticNode] { elements.map(\.semanticNode) }

    /// Every id the capture's elements carry, depth first.
    public var ids: [String] {
        var out: [String] = []
        func walk(_ e: CapturedElement) { if let id = e.id { out.append(id) }; e.children.forEach(walk) }
        elements.forEach(walk)
        return out
    }
}

/// One element of a capture.
public struct CapturedElement: Hashable, Sendable {
    /// What it is.
    public var role: SemanticRole
    /// Its accessible name.
    public var name: String
    /// What is read after the name.
    public var description = ""
    /// Its states.
    public var state: SemanticState = []
    /// Where it is, in the capture's points.
    public var frame: Rect
    /// The app's own identifier for it, when it has one.
    public var id: String?
    /// The elements inside it, in reading order.
    public var children: [CapturedElement] = []

    /// An element from its parts.
    public init(role: SemanticRole, name: String, frame: Rect, id: String? = nil, children: [CapturedElement] = []) {
        self.role = role; self.name = name; self.frame = frame; self.id = id; self.children = children
    }

    /// The element as a semantics node, with the nodes of the elements inside it.
    public var semanticNode: SemanticNode {
        var node = SemanticNode(role: role, label: name, id: id, frame: frame, state: state, children: children.map(\.semanticNode))
        node.description = description
        return node
    }
}
