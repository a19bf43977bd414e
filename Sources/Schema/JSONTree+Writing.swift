import Foundation

/// Writing a tree back as JSON text: what was not changed as it was read, byte for byte; a changed
/// object or list with the spacing it was read with around each part that stayed (so its other
/// members keep their places and lines), and what is new in the file's own layout.
extension JSONTree {
    /// The JSON text: untouched parts as they were read, changed ones written with `indent` per
    /// level, at `depth` levels in.
    public func text(indent: String = "  ", lineEnding: String = "\n", depth: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent, newline: lineEnding, base: String(repeating: indent, count: depth))
        return out
    }

    /// Writes the value whose line is indented by `base`; `inside` is the brace spacing of the
    /// new one-line object or list it is written in (what is new in it goes on that line too; a
    /// container read from the file leaves its new parts to their own layout).
    func write(into out: inout String, indent: String, newline: String, base: String, inside: Bool? = nil) {
        if let original { out += original; return }
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += JSONTree.spell(v)
        case .string(let s): out += JSONTree.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if let opening, let closing {
                writeLaidOut(items.map { ($0.lead, $0.trail) }, opening: opening, closing: closing, brackets: ("[", "]"), into: &out, base: base, indent: indent) { i, at, out in
                    items[i].write(into: &out, indent: indent, newline: newline, base: at)
                }
                return
            }
            // Lists of numbers and strings (and lists of those: rectangles) stay on one line.
            func flat(_ t: JSONTree, _ depth: Int) -> Bool {
                switch t.value {
                case .object: return false
                case .array(let inner): return depth == 0 && inner.count <= 8 && inner.allSatisfy { flat($0, 1) }
                default: return true
                }
            }
            if isInline || inside != nil || (items.count <= 8 && items.allSatisfy { flat($0, 0) }) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(into: &out, indent: indent, newline: newline, base: base + indent, inside: inside ?? padsBraces)
                }
                out += "]"
                return
            }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += base + indent
                item.write(into: &out, indent: indent, newline: newline, base: base + indent)
                out += (i + 1 < items.count ? "," : "") + newline
            }
            out += base + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if let opening, let closing {
                writeLaidOut(members.map { ($0.lead, $0.trail) }, opening: opening, closing: closing, brackets: ("{", "}"), into: &out, base: base, indent: indent) { i, at, out in
                    JSONTree.write(members[i], into: &out, indent: indent, newline: newline, base: at)
                }
                return
            }
            if isInline || inside != nil {
                let pads = inside ?? padsBraces
                out += pads ? "{ " : "{"
                for (i, m) in members.enumerated() {
                    if i > 0 { out += ", " }
                    JSONTree.write(m, into: &out, indent: indent, newline: newline, base: base + indent, inside: pads)
                }
                out += pads ? " }" : "}"
                return
            }
            out += "{" + newline
            for (i, m) in members.enumerated() {
                out += base + indent
                JSONTree.write(m, into: &out, indent: indent, newline: newline, base: base + indent)
                out += (i + 1 < members.count ? "," : "") + newline
            }
            out += base + "}"
        }
    }

    /// An object or list written with the spacing it was read with: its opening before the first
    /// part, each later part's own spacing around its comma (a part new there, or that was first,
    /// takes its nearest neighbour's), its closing after the last. A part written anew is
    /// indented as the line its spacing starts.
    private func writeLaidOut(_ gaps: [(lead: String?, trail: String?)], opening: String, closing: String, brackets: (String, String),
                              into out: inout String, base: String, indent: String, part: (Int, String, inout String) -> Void) {
        let leads = gaps.map(\.lead)
        out += brackets.0
        for i in gaps.indices {
            let lead: String
            if i == 0 {
                lead = opening
            } else {
                // The nearest part before, else after, that was read after a comma; with none, the
                // opening's line break and indentation, or one space on a line of its own.
                let before = leads[..<i].reversed().lazy.compactMap { $0 }.first
                lead = leads[i] ?? before ?? leads[(i + 1)...].lazy.compactMap { $0 }.first
                    ?? (JSONTree.indentation(after: opening) != nil ? opening : " ")
                out += ","
            }
            out += lead
            part(i, JSONTree.indentation(after: lead) ?? base + indent, &out)
            if i + 1 < gaps.count { out += gaps[i].trail ?? "" }
        }
        out += closing + brackets.1
    }

    /// The spaces and tabs after the last line break of `spacing`, nil when it has none.
    static func indentation(after spacing: String) -> String? {
        guard let end = spacing.lastIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return nil }
        return String(spacing[spacing.index(after: end)...])
    }

    private static func write(_ m: Member, into out: inout String, indent: String, newline: String, base: String, inside: Bool? = nil) {
        if let original = m.original { out += original; return }
        out += m.keyText ?? JSONTree.quote(m.key) + ": "
        m.value.write(into: &out, indent: indent, newline: newline, base: base, inside: inside)
    }

    /// A number as JSON: whole numbers without a fraction, others as Swift spells them shortest.
    package static func spell(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// A string as JSON, escaping quotes, backslashes and control characters.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
