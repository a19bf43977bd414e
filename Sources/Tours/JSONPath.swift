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

/// `s` in double quotes with quotes, backslashes, control characters and line separators escaped,
/// cut to 60 characters: safe to put in a one-line message.
func quoted(_ s: String) -> String {
    var out = "\""
    for (i, scalar) in s.unicodeScalars.enumerated() {
        if i == 60 { out += "…"; break }
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default: appendEscaped(scalar, to: &out)
        }
    }
    return out + "\""
}

/// `s` with control characters (C0 and C1) and line separators (U+2028, U+2029) escaped as
/// `\u{…}` and cut to `limit` characters (with "…"): a word someone typed, safe for a one-line message.
public func printableForOneLine(_ s: String, limit: Int = 80) -> String {
    var out = ""
    for scalar in s.unicodeScalars.prefix(limit) {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return s.unicodeScalars.count > limit ? out + "…" : out
}

/// `s` with control characters and line separators escaped (`\n`, `\t`, `\u{…}`), whole and
/// unquoted: a file path or a library's message that must stay on one line.
func escapedForOneLine(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars { appendEscaped(scalar, to: &out) }
    return out
}

private func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
    switch scalar {
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}" {
            out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
}
