/// `s` with each Unicode scalar that `replacement` gives a string for replaced by it, the others kept:
/// the one loop behind the report's HTML and XML escaping and `inspect`'s JSON strings.
public func escapingScalars(in s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
        if let r = replacement(scalar) { out += r } else { out.unicodeScalars.append(scalar) }
    }
    return out
}

/// The entity for one of the characters that are markup in HTML and XML (`&`, `<`, `>`, `"`, `'`),
/// else nil.
public func markupEntity(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": return "&amp;"
    case "<": return "&lt;"
    case ">": return "&gt;"
    case "\"": return "&quot;"
    case "'": return "&#39;"
    default: return nil
    }
}
