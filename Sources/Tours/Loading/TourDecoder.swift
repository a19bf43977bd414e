import Overlays
import Raster
import Schema

/// Turns a parsed tour file into a `Tour` with the key tables of `TourSchema`, collecting every
/// problem of the schema on the way.
///
/// The result is as much of the tour as could be read (nil only when the top level is not an object),
/// so later passes (target ids, the background file) can report their problems too.
public enum TourDecoder {
    /// Decodes `root`, naming `file` in diagnostics.
    public static func decode(_ root: JSONNode, file: String) -> (tour: Tour?, diagnostics: [Diagnostic]) {
        var r = SchemaReader(file: file)
        var tour = Tour(id: "", steps: [])
        let members = r.decode(root, at: .root, keys: TourSchema.tour, what: "an object with \"id\" and \"steps\" (a tour)", into: &tour)
        return (members == nil ? nil : tour, r.diagnostics)
    }

    /// One step object, or nil (reported) when `node` is not an object.
    static func decodeStep(_ node: JSONNode, _ path: JSONPath, _ r: inout SchemaReader) -> TourStep? {
        var step = TourStep(targets: [])
        step.source.step = node.line
        // `target`, `targets` and `rect` are read together, first: exactly one of them names what the
        // holes surround.
        let members = r.decode(node, at: path, keys: StepSchema.step, what: "a step object with \"target\", \"targets\" or \"rect\"",
                               into: &step, first: { context, r, step in decodeTargets(context.members, context.node, context.path, &step, &r) })
        return members == nil ? nil : step
    }

    private static func decodeTargets(_ m: [String: JSONMember], _ node: JSONNode, _ path: JSONPath,
                                      _ step: inout TourStep, _ r: inout SchemaReader) {
        let given = ["target", "targets", "rect", "rects"].compactMap { m[$0] }.sorted { $0.keyLine < $1.keyLine }
        guard let member = given.first else {
            r.report(node.line, path, "expected one of \"target\" (a view id or anchors), \"targets\" (several), \"rect\" ([x, y, width, height]) or \"rects\" (several)")
            return
        }
        for extra in given.dropFirst() {
            r.report(extra.keyLine, path.appending(extra.key), "give only one of \"target\", \"targets\", \"rect\" and \"rects\" (\(quoted(member.key)) is given on line \(member.keyLine))")
        }
        let p = path.appending(member.key)
        switch member.key {
        case "target":
            if let target = decodeTarget(member.value, p, &r) {
                step.targets = [target.0]
                step.targetAnchors = [target.1]
                step.source.targets = [member.value.line]
                step.source.targetPaths = [p.description]
            }
        case "targets":
            guard case .array(let items) = member.value.value else {
                r.report(member.value.line, p, "expected a list of targets (view ids or objects of anchors), found \(member.value.kindDescription)")
                return
            }
            if items.isEmpty { r.report(member.value.line, p, "expected at least one target, found an empty list") }
            for (i, item) in items.enumerated() {
                if let target = decodeTarget(item, p.appending(i), &r) {
                    step.targets.append(target.0)
                    step.targetAnchors.append(target.1)
                    step.source.targets.append(item.line)
                    step.source.targetPaths.append(p.appending(i).description)
                }
            }
        case "rects":
            guard case .array(let items) = member.value.value, !items.isEmpty else {
                r.report(member.value.line, p, "expected a list of at least one [x, y, width, height] or {\"rect\": [x, y, width, height], \"cornerRadius\": 8}")
                return
            }
            for (i, item) in items.enumerated() {
                let q = p.appending(i)
                var radius: Double?
                var named: TargetAnchors?
                var rectNode = item
                if case .object = item.value {
                    var fields = StepSchema.RectItem()
                    guard r.decode(item, at: q, keys: StepSchema.rectItem, what: "an object with \"rect\"", into: &fields) != nil,
                          let inner = fields.rect else { continue }
                    rectNode = inner
                    radius = fields.cornerRadius
                    if fields.anchors != TargetAnchors() { named = fields.anchors }
                }
                if let rect = decodeRect(rectNode, rectNode.line == item.line && rectNode.span == item.span ? q : q.appending("rect"), &r) {
                    step.targets.append(.rect(rect))
                    step.targetCornerRadii.append(radius)
                    step.targetAnchors.append(named)
                    step.source.targets.append(item.line)
                    step.source.targetPaths.append(q.description)
                }
            }
        default:
            if let rect = decodeRect(member.value, p, &r) {
                step.targets = [.rect(rect)]
                step.source.targets = [member.value.line]
                step.source.targetPaths = [p.description]
            }
        }
    }

    /// A target: a view id, or an object of anchors (its query in the default language, and the
    /// anchors for the others).
    private static func decodeTarget(_ node: JSONNode, _ path: JSONPath, _ r: inout SchemaReader) -> (HoleTarget, TargetAnchors?)? {
        if case .object = node.value {
            guard let anchors = TourSchema.decodeAnchors(node, path, &r) else { return nil }
            return (.element(anchors.query(in: nil)), anchors)
        }
        guard case .string = node.value else {
            r.report(node.line, path, "expected a view id or \(TourSchema.anchorsWhat), found \(node.kindDescription)")
            return nil
        }
        return r.string(node, at: path, nonEmpty: true).map { (.view($0), nil) }
    }

    static func decodeRect(_ node: JSONNode, _ path: JSONPath, _ r: inout SchemaReader) -> Rect? {
        let usage = "[x, y, width, height] in points"
        guard case .array(let items) = node.value else {
            r.report(node.line, path, "expected \(usage), found \(node.kindDescription)")
            return nil
        }
        guard items.count == 4 else {
            r.report(node.line, path, "expected \(usage): four numbers, found \(items.count)")
            return nil
        }
        let limit = TourSchema.maxCoordinate
        let x = r.number(items[0], at: path.appending(0), in: -limit...limit, meaning: "a number (x)")
        let y = r.number(items[1], at: path.appending(1), in: -limit...limit, meaning: "a number (y)")
        let w = r.number(items[2], at: path.appending(2), in: 0...limit, meaning: "a number (width)")
        let h = r.number(items[3], at: path.appending(3), in: 0...limit, meaning: "a number (height)")
        guard let x, let y, let w, let h else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
