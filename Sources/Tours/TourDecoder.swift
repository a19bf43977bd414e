import Overlays
import Raster

/// Turns a parsed tour file into a `Tour`, collecting every problem of the schema on the way.
///
/// The result is as much of the tour as could be read (nil only when the top level is not an object),
/// so later passes (target ids, the background file) can report their problems too.
public enum TourDecoder {
    static let tourKeys = ["id", "dim", "showProgress", "allowSkip", "background", "steps"]
    static let dimKeys = ["color", "opacity"]
    /// A string, or an object of strings by language code (`{"en": "…", "ja": "…"}`): returns the
    /// default (English when given, else the first) and the whole table.
    static func localized(_ node: JSONNode, at path: JSONPath, _ r: inout SchemaReader) -> (String?, [String: String]) {
        guard case .object(let members) = node.value else { return (r.string(node, at: path), [:]) }
        var table: [String: String] = [:]
        var first: String?
        if members.isEmpty { r.report(node.line, path, "expected a string, or an object of strings by language code such as {\"en\": \"…\", \"ja\": \"…\"}, found an empty object") }
        for m in members {
            let keyPath = path.appending(m.key)
            let isCode = (2...3).contains(m.key.count) && m.key.allSatisfy { $0.isASCII && $0.isLowercase }
            guard isCode else {
                r.report(m.keyLine, keyPath, "expected a language code of two or three lowercase letters (en, ja, …)")
                continue
            }
            guard table[m.key] == nil else { continue }
            if let s = r.string(m.value, at: keyPath) {
                table[m.key] = s
                if first == nil { first = s }
            }
        }
        return (table["en"] ?? first, table)
    }

    static let stepKeys = ["target", "targets", "rect", "shape", "padding", "cornerRadius", "feather", "title", "text",
                           "placement", "advanceOn", "tab", "scrollIntoView"]
    static let shapeNames: [(String, StepShape)] = [("circle", .circle), ("ellipse", .ellipse), ("rect", .rect),
                                                    ("roundedRect", .roundedRect)]
    static let pathShapeKeys = ["svgPath", "fillRule"]
    /// The largest coordinate a step may use, in screen points (rects and svg paths alike): far
    /// beyond any screen, and small enough that every scale keeps a path exact in the rasterizer.
    static let maxCoordinate = 100_000.0

    /// The most segments (moves, lines, curves, closes; an arc is up to four curves) an svgPath
    /// may have: plenty for any outline, and a bound on the work of drawing it every frame.
    static let maxPathElements = 10_000

    /// The first point (control points included) of `path` beyond `maxCoordinate`, or nil.
    static func farPoint(of path: Path) -> Point? {
        func far(_ p: Point) -> Bool { !(abs(p.x) <= maxCoordinate && abs(p.y) <= maxCoordinate) }
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): if far(p) { return p }
            case .quad(let c, let p): if let q = [c, p].first(where: far) { return q }
            case .cubic(let c1, let c2, let p): if let q = [c1, c2, p].first(where: far) { return q }
            case .close: break
            }
        }
        return nil
    }

    /// Decodes `root`, naming `file` in diagnostics.
    public static func decode(_ root: JSONNode, file: String) -> (tour: Tour?, diagnostics: [TourDiagnostic]) {
        var r = SchemaReader(file: file)
        let tour = decodeTour(root, &r)
        return (tour, r.diagnostics)
    }

    private static func decodeTour(_ node: JSONNode, _ r: inout SchemaReader) -> Tour? {
        let top = JSONPath.root
        guard let m = r.object(node, at: top, known: tourKeys, what: "an object with \"id\" and \"steps\" (a tour)") else { return nil }
        var tour = Tour(id: "", steps: [])
        if let id = m["id"] {
            if let s = r.string(id.value, at: top.appending("id"), nonEmpty: true) {
                if s.count <= 100, s.unicodeScalars.allSatisfy({ $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "._-".unicodeScalars.contains($0)) }) {
                    tour.id = s
                } else {
                    r.report(id.value.line, top.appending("id"), "expected a name of letters, digits, \".\", \"_\" and \"-\" (at most 100), found \(quoted(s))")
                }
            }
        } else {
            r.report(node.line, top, "missing key \"id\" (a name for the tour, such as \"home\")")
        }
        if let dim = m["dim"] { decodeDim(dim.value, top.appending("dim"), &tour, &r) }
        if let v = m["showProgress"], let b = r.bool(v.value, at: top.appending("showProgress")) { tour.showsProgress = b }
        if let v = m["allowSkip"], let b = r.bool(v.value, at: top.appending("allowSkip")) { tour.allowsSkip = b }
        if let v = m["background"], let s = r.string(v.value, at: top.appending("background"), nonEmpty: true) { tour.background = s }
        guard let stepsMember = m["steps"] else {
            r.report(node.line, top, "missing key \"steps\" (a list of at least one step)")
            return tour
        }
        let stepsPath = top.appending("steps")
        guard case .array(let elements) = stepsMember.value.value else {
            r.report(stepsMember.value.line, stepsPath, "expected a list of steps, found \(stepsMember.value.kindDescription)")
            return tour
        }
        if elements.isEmpty { r.report(stepsMember.value.line, stepsPath, "expected at least one step, found an empty list") }
        for (i, element) in elements.enumerated() {
            if let step = decodeStep(element, stepsPath.appending(i), &r) { tour.steps.append(step) }
        }
        return tour
    }

    private static func decodeDim(_ node: JSONNode, _ path: JSONPath, _ tour: inout Tour, _ r: inout SchemaReader) {
        guard let m = r.object(node, at: path, known: dimKeys, what: "an object such as {\"color\": \"#000000\", \"opacity\": 0.6}") else { return }
        if let c = m["color"], let s = r.string(c.value, at: path.appending("color")) {
            if s.count == 7, s.hasPrefix("#"), let color = Color(hex: s) {
                tour.dimColor = color
            } else {
                r.report(c.value.line, path.appending("color"), "expected a colour \"#RRGGBB\" such as \"#000000\", found \(quoted(s))")
            }
        }
        if let o = m["opacity"], let v = r.number(o.value, at: path.appending("opacity"), in: 0...1) { tour.dimOpacity = v }
    }

    private static func decodeStep(_ node: JSONNode, _ path: JSONPath, _ r: inout SchemaReader) -> TourStep? {
        guard let m = r.object(node, at: path, known: stepKeys, what: "a step object with \"target\", \"targets\" or \"rect\"") else { return nil }
        var step = TourStep(targets: [])
        step.source.step = node.line
        decodeTargets(m, node, path, &step, &r)
        if let v = m["shape"] { decodeShape(v.value, path.appending("shape"), &step, &r) }
        if let v = m["padding"], let d = r.number(v.value, at: path.appending("padding"), in: 0...10_000) { step.padding = d }
        if let v = m["cornerRadius"] {
            if let d = r.number(v.value, at: path.appending("cornerRadius"), in: 0...10_000) { step.cornerRadius = d }
            if m["shape"] != nil, step.shape != .roundedRect {
                r.report(v.keyLine, path.appending("cornerRadius"), "only \"shape\": \"roundedRect\" has a corner radius")
            }
        }
        if let v = m["feather"], let d = r.number(v.value, at: path.appending("feather"), in: 0...200) { step.feather = d }
        if let v = m["title"] { (step.title, step.titles) = Self.localized(v.value, at: path.appending("title"), &r) }
        if let v = m["text"] { (step.text, step.texts) = Self.localized(v.value, at: path.appending("text"), &r) }
        if let v = m["placement"], let p = r.choice(v.value, at: path.appending("placement"), BubblePlacement.allCases.map { ($0.rawValue, $0) }) {
            step.placement = p
        }
        step.advanceOn = step.showsBubble ? .nextButton : .tapAnywhere
        if let v = m["advanceOn"], let a = r.choice(v.value, at: path.appending("advanceOn"), AdvanceTrigger.allCases.map { ($0.rawValue, $0) }) {
            step.advanceOn = a
            if a == .nextButton && !step.showsBubble {
                r.report(v.value.line, path.appending("advanceOn"), "\"nextButton\" needs a bubble, and a step without \"text\" shows none (add \"text\" or use \"tapAnywhere\")")
            }
        }
        if let title = m["title"], !(step.title ?? "").isEmpty, !step.showsBubble {
            r.report(title.keyLine, path.appending("title"), "a title needs \"text\" too: a step without text shows no bubble")
        }
        if let v = m["tab"], let s = r.string(v.value, at: path.appending("tab"), nonEmpty: true) {
            step.tab = s
            step.source.tab = v.value.line
        }
        if let v = m["scrollIntoView"], let b = r.bool(v.value, at: path.appending("scrollIntoView")) { step.scrollsIntoView = b }
        if case .path = step.shape, step.targets.count > 1 {
            r.report(m["targets"]?.keyLine ?? node.line, path.appending("targets"),
                     "an \"svgPath\" shape draws one hole; give a single \"target\" or \"rect\"")
        }
        return step
    }

    private static func decodeTargets(_ m: [String: JSONMember], _ node: JSONNode, _ path: JSONPath,
                                      _ step: inout TourStep, _ r: inout SchemaReader) {
        let given = ["target", "targets", "rect"].compactMap { m[$0] }.sorted { $0.keyLine < $1.keyLine }
        guard let member = given.first else {
            r.report(node.line, path, "expected one of \"target\" (a view id), \"targets\" (several view ids) or \"rect\" ([x, y, width, height])")
            return
        }
        for extra in given.dropFirst() {
            r.report(extra.keyLine, path.appending(extra.key), "give only one of \"target\", \"targets\" and \"rect\" (\(quoted(member.key)) is given on line \(member.keyLine))")
        }
        let p = path.appending(member.key)
        switch member.key {
        case "target":
            if let id = r.string(member.value, at: p, nonEmpty: true) {
                step.targets = [.view(id)]
                step.source.targets = [member.value.line]
                step.source.targetPaths = [p.description]
            }
        case "targets":
            guard case .array(let items) = member.value.value else {
                r.report(member.value.line, p, "expected a list of view ids, found \(member.value.kindDescription)")
                return
            }
            if items.isEmpty { r.report(member.value.line, p, "expected at least one view id, found an empty list") }
            for (i, item) in items.enumerated() {
                if let id = r.string(item, at: p.appending(i), nonEmpty: true) {
                    step.targets.append(.view(id))
                    step.source.targets.append(item.line)
                    step.source.targetPaths.append(p.appending(i).description)
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

    private static func decodeRect(_ node: JSONNode, _ path: JSONPath, _ r: inout SchemaReader) -> Rect? {
        let usage = "[x, y, width, height] in points"
        guard case .array(let items) = node.value else {
            r.report(node.line, path, "expected \(usage), found \(node.kindDescription)")
            return nil
        }
        guard items.count == 4 else {
            r.report(node.line, path, "expected \(usage): four numbers, found \(items.count)")
            return nil
        }
        let x = r.number(items[0], at: path.appending(0), in: -maxCoordinate...maxCoordinate, meaning: "a number (x)")
        let y = r.number(items[1], at: path.appending(1), in: -maxCoordinate...maxCoordinate, meaning: "a number (y)")
        let w = r.number(items[2], at: path.appending(2), in: 0...maxCoordinate, meaning: "a number (width)")
        let h = r.number(items[3], at: path.appending(3), in: 0...maxCoordinate, meaning: "a number (height)")
        guard let x, let y, let w, let h else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    private static func decodeShape(_ node: JSONNode, _ path: JSONPath, _ step: inout TourStep, _ r: inout SchemaReader) {
        let names = shapeNames.map { quoted($0.0) }.joined(separator: ", ")
        switch node.value {
        case .string:
            if let s = r.choice(node, at: path, shapeNames) { step.shape = s }
        case .object:
            guard let m = r.object(node, at: path, known: pathShapeKeys, what: "an object") else { return }
            var rule = FillRule.nonZero
            if let v = m["fillRule"], let f = r.choice(v.value, at: path.appending("fillRule"), [("nonZero", FillRule.nonZero), ("evenOdd", .evenOdd)]) {
                rule = f
            }
            guard let data = m["svgPath"] else {
                r.report(node.line, path, "missing key \"svgPath\" (SVG path data in screen points, such as \"M 10 10 H 90 V 90 Z\")")
                return
            }
            guard let d = r.string(data.value, at: path.appending("svgPath")) else { return }
            do {
                let parsed = try Path(svgPathData: d)
                if parsed.isEmpty {
                    r.report(data.value.line, path.appending("svgPath"), "expected SVG path data with at least one moveto, found \(quoted(d))")
                } else if parsed.elements.count > maxPathElements {
                    r.report(data.value.line, path.appending("svgPath"),
                             "expected SVG path data of at most \(maxPathElements) segments, found \(parsed.elements.count)")
                } else if let far = farPoint(of: parsed) {
                    r.report(data.value.line, path.appending("svgPath"),
                             "expected coordinates from -\(Int(maxCoordinate)) to \(Int(maxCoordinate)) (screen points), found the point \(far)"
                             + " (arcs count their control points)")
                } else {
                    step.shape = .path(parsed, rule)
                }
            } catch {
                r.report(data.value.line, path.appending("svgPath"), "bad SVG path data at \(error)")
            }
        default:
            r.report(node.line, path, "expected one of \(names), or {\"svgPath\": \"…\", \"fillRule\": \"evenOdd\"}, found \(node.kindDescription)")
        }
    }
}
