import Raster
import Tours
import Views

/// The boxes and identifiers of a page's nodes, from one DOM snapshot (`DOMSnapshot.captureSnapshot`
/// with its rectangles), by each node's backend id: the box its layout gave it (CSS pixels) and its
/// `data-testid`, else its `id`.
struct DOMBoxes {
    private(set) var frames: [Int: Rect] = [:]
    private(set) var ids: [Int: String] = [:]

    /// The boxes of the snapshot's main document.
    init(_ snapshot: [String: Any]) {
        guard let documents = snapshot["documents"] as? [[String: Any]], let document = documents.first,
              let strings = snapshot["strings"] as? [String],
              let nodes = document["nodes"] as? [String: Any], let backend = nodes["backendNodeId"] as? [Int] else { return }
        func string(_ i: Int) -> String? { i >= 0 && i < strings.count ? strings[i] : nil }
        if let attributes = nodes["attributes"] as? [[Int]] {
            for (i, pairs) in attributes.enumerated() where i < backend.count && pairs.count >= 2 {
                var id: String?, testID: String?
                for k in stride(from: 0, to: pairs.count - 1, by: 2) {
                    switch string(pairs[k]) {
                    case "id"?: id = string(pairs[k + 1])
                    case "data-testid"?: testID = string(pairs[k + 1])
                    default: break
                    }
                }
                if let chosen = testID ?? id, !chosen.isEmpty { ids[backend[i]] = chosen }
            }
        }
        if let layout = document["layout"] as? [String: Any], let index = layout["nodeIndex"] as? [Int],
           let bounds = layout["bounds"] as? [[Double]] {
            for (i, node) in index.enumerated() where i < bounds.count && node >= 0 && node < backend.count && bounds[i].count == 4 {
                let b = bounds[i]
                let rect = Rect(x: b[0], y: b[1], width: b[2], height: b[3])
                // A node laid out in pieces (a text over lines) is the union of its pieces.
                frames[backend[node]] = frames[backend[node]].map { $0.union(rect) } ?? rect
            }
        }
    }
}

/// Makes a capture's elements of a browser's accessibility tree (`Accessibility.getFullAXTree`):
/// each node of a role Limelight knows, with a box on the screen, becomes an element; the rest are
/// structure, their elements lifted into their parent's. Boxes are clipped to the screen; nodes
/// off it are left out. Past `maxDepth` levels or `CaptureLimits.elements` elements the tree is
/// clipped, said once each in `notes`.
struct WebTreeReader {
    let boxes: DOMBoxes
    let screen: Rect
    /// What was clipped, one line each.
    private(set) var notes: [String] = []
    private var count = 0
    /// The deepest the browser's tree is walked.
    static let maxDepth = 512

    init(boxes: DOMBoxes, screen: Rect) { self.boxes = boxes; self.screen = screen }

    /// The elements of the tree whose nodes are `nodes` (the first is its root).
    mutating func elements(of nodes: [[String: Any]]) -> [CapturedElement] {
        var byID: [String: [String: Any]] = [:]
        for node in nodes { if let id = node["nodeId"] as? String { byID[id] = node } }
        guard let root = nodes.first else { return [] }
        var visited = Set<String>()
        return elements(root, byID, depth: 0, visited: &visited)
    }

    private mutating func elements(_ node: [String: Any], _ byID: [String: [String: Any]], depth: Int, level: Int = 0,
                                   visited: inout Set<String>) -> [CapturedElement] {
        guard let nodeID = node["nodeId"] as? String, visited.insert(nodeID).inserted else { return [] }
        guard depth < Self.maxDepth else {
            note("the page's accessibility tree is deeper than \(Self.maxDepth) levels: what lies deeper is left out")
            return []
        }
        func value(_ key: String) -> Any? { (node[key] as? [String: Any])?["value"] }
        var properties: [String: Any] = [:]
        for p in node["properties"] as? [[String: Any]] ?? [] {
            if let name = p["name"] as? String { properties[name] = (p["value"] as? [String: Any])?["value"] }
        }
        let name = (value("name") as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var made: CapturedElement?
        if node["ignored"] as? Bool != true, let roleName = value("role") as? String,
           let role = WebRoles.role(roleName, pressed: properties["pressed"] != nil),
           let backend = node["backendDOMNodeId"] as? Int, let box = boxes.frames[backend] {
            let frame = box.intersection(screen)
            if !frame.isEmpty, !(role == .text && name.isEmpty) {
                if level < Capture.maxDepth {
                    made = CapturedElement(role: role, name: name, frame: frame, id: boxes.ids[backend])
                } else {
                    note("the page's elements nest deeper than \(Capture.maxDepth): deeper ones are lifted into the one \(Capture.maxDepth) deep")
                }
            }
        }
        let inner = (node["childIds"] as? [String] ?? []).compactMap { byID[$0] }
            .flatMap { elements($0, byID, depth: depth + 1, level: level + (made == nil ? 0 : 1), visited: &visited) }
        guard var element = made else { return inner }
        count += 1
        guard count <= Capture.maxElements else {
            note("the page has more than \(Capture.maxElements) elements: the rest are left out")
            return []
        }
        element.children = inner
        element.description = (value("description") as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if properties["focused"] as? Bool == true { element.state.insert(.focused) }
        if properties["disabled"] as? Bool == true { element.state.insert(.disabled) }
        if properties["selected"] as? Bool == true { element.state.insert(.selected) }
        if properties["busy"] as? Bool == true { element.state.insert(.busy) }
        if properties["checked"] as? String == "true" || properties["pressed"] as? String == "true" { element.state.insert(.checked) }
        return [element]
    }

    private mutating func note(_ line: String) { if !notes.contains(line) { notes.append(line) } }
}
