/// A place inside a JSON document, written the way messages show it: `steps[2].shape.svgPath`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step into a value.
    public enum Component: Hashable, Sendable {
        /// An object's member.
        case key(String)
        /// A list's element.
        case index(Int)
    }

    /// The steps from the top-level value.
    public var components: [Component]

    /// The top-level value.
    public static let root = JSONPath(components: [])

    /// A path made of `components`.
    public init(components: [Component]) { self.components = components }

    /// This path followed by the member `key`.
    public func appending(_ key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }

    /// This path followed by the element `index`.
    public func appending(_ index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    /// `steps[2].title`; keys that are not plain names are quoted (`["a b"]`); empty at the top.
    public var description: String {
        var out = ""
        for c in components {
            switch c {
            case .index(let i): out += "[\(i)]"
            case .key(let k):
                if JSONPath.isPlainName(k) { out += out.isEmpty ? k : "." + k } else { out += "[\(quoted(k))]" }
            }
        }
        return out
    }

    static func isPlainName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return s.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }
}

/// `s` in double quotes with quotes, backslashes, control characters, line separators and bidi
/// controls escaped, cut to 60 characters (whole grapheme clusters): safe to put in a one-line message.
public func quoted(_ s: String) -> String {
    var out = "\""
    for (i, character) in s.enumerated() {
        if i == 60 { out += "…"; break }
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: appendEscaped(scalar, to: &out)
            }
        }
    }
    return out + "\""
}

/// `s` with control characters (C0 and C1), line separators and bidi controls escaped as
/// `\u{…}` and cut to `limit` characters (whole grapheme clusters, so an emoji sequence is never
/// split, with "…"): a word someone typed, safe for a one-line message in any script.
public func printableForOneLine(_ s: String, limit: Int = 80) -> String {
    var out = ""
    var count = 0
    for character in s {
        if count == limit { return out + "…" }
        for scalar in character.unicodeScalars {
            if isEscapedInMessages(scalar) { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
        count += 1
    }
    return out
}

/// Whether `scalar` is shown as `\u{…}` in a message: a control character, a line or paragraph
/// separator, or an invisible bidirectional control (embeddings, overrides, isolates and marks),
/// which would reorder the rest of the line in a terminal.
package func isEscapedInMessages(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F, 0x80...0x9F, 0x2028, 0x2029: return true
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}

/// `s` with control characters, line separators and bidi controls escaped (`\n`, `\t`, `\u{…}`), whole and
/// unquoted: a file path or a library's message that must stay on one line, and any line written to a
/// terminal or a CI log (an ESC from a file name would otherwise reach the terminal as a command).
public func escapedForOneLine(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars { appendEscaped(scalar, to: &out) }
    return out
}

private func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
    switch scalar {
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    default:
        if isEscapedInMessages(scalar) {
            out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
}
