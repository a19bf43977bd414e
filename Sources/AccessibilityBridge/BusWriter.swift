/// Where an answer is written: a reply on the bus (`BusMessage`), or one kept in memory
/// (`RecordedReply`) for the tests and the fuzz harness, which answer calls without a bus. A
/// writer that cannot take what it is given remembers it in `failed`.
package protocol BusWriter {
    /// Whether something written could not be (a container whose contents differ from its
    /// signature, a path that is no object path): such a reply is not sent.
    var failed: Bool { get }
    /// Writes a string (`s`).
    mutating func string(_ s: String)
    /// Writes an object path (`o`).
    mutating func objectPath(_ s: String)
    /// Writes a 32-bit integer (`i`).
    mutating func int32(_ v: Int32)
    /// Writes a 32-bit unsigned integer (`u`).
    mutating func uint32(_ v: UInt32)
    /// Writes a boolean (`b`).
    mutating func bool(_ v: Bool)
    /// Writes a double (`d`).
    mutating func double(_ v: Double)
    /// Writes a 16-bit integer (`n`).
    mutating func int16(_ v: Int16)
    /// Writes a container (`a`, `r`, `v`, `e`) of `contents` with `body` inside.
    mutating func container(_ type: Character, _ contents: String, _ body: (inout Self) -> Void)
}

extension BusWriter {
    /// An object reference `(so)`: a bus name and a path.
    mutating func reference(_ name: String, _ path: String) {
        container("r", "so") { $0.string(name); $0.objectPath(path) }
    }
}

/// A reply written to memory: the values a reply on the bus would carry, checked as sd-bus checks
/// them (each container's contents against its signature, object paths), so a test reads what a
/// client would receive, and whether it could be sent at all.
package struct RecordedReply: BusWriter, Sendable {
    /// One value of the reply.
    package indirect enum Value: Equatable, Sendable {
        /// `s`.
        case string(String)
        /// `o`.
        case objectPath(String)
        /// `i`.
        case int32(Int32)
        /// `u`.
        case uint32(UInt32)
        /// `b`.
        case bool(Bool)
        /// `d`.
        case double(Double)
        /// `n`.
        case int16(Int16)
        /// A container: its type (`a`, `r`, `v`, `e`), its contents' signature and its values.
        case container(Character, String, [Value])

        /// The value's D-Bus signature.
        package var signature: String {
            switch self {
            case .string: return "s"
            case .objectPath: return "o"
            case .int32: return "i"
            case .uint32: return "u"
            case .bool: return "b"
            case .double: return "d"
            case .int16: return "n"
            case .container("a", let contents, _): return "a" + contents
            case .container("r", let contents, _): return "(" + contents + ")"
            case .container("e", let contents, _): return "{" + contents + "}"
            case .container: return "v"
            }
        }
    }

    /// What was written, in order.
    package private(set) var values: [Value] = []
    /// Whether something written could not be sent on the bus.
    package private(set) var failed = false

    /// An empty reply.
    package init() {}

    /// The signature of everything written.
    package var signature: String { values.map(\.signature).joined() }

    package mutating func string(_ s: String) { values.append(.string(s)) }
    package mutating func objectPath(_ s: String) {
        if !Self.isObjectPath(s) { failed = true }
        values.append(.objectPath(s))
    }
    package mutating func int32(_ v: Int32) { values.append(.int32(v)) }
    package mutating func uint32(_ v: UInt32) { values.append(.uint32(v)) }
    package mutating func bool(_ v: Bool) { values.append(.bool(v)) }
    package mutating func double(_ v: Double) { values.append(.double(v)) }
    package mutating func int16(_ v: Int16) { values.append(.int16(v)) }

    package mutating func container(_ type: Character, _ contents: String, _ body: (inout RecordedReply) -> Void) {
        var inner = RecordedReply()
        body(&inner)
        let inside = inner.values.map(\.signature)
        let fits: Bool
        switch type {
        case "a": fits = inside.allSatisfy { $0 == contents }
        case "r": fits = !inside.isEmpty && inside.joined() == contents
        case "v": fits = inside == [contents]
        case "e": fits = inside.count == 2 && inside.joined() == contents
        default: fits = false
        }
        if inner.failed || !fits { failed = true }
        values.append(.container(type, contents, inner.values))
    }

    /// Whether `path` is a D-Bus object path: `/`, or `/`-separated names of `[A-Za-z0-9_]`.
    static func isObjectPath(_ path: String) -> Bool {
        guard path != "/" else { return true }
        guard path.hasPrefix("/"), !path.hasSuffix("/") else { return false }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { name in
            !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }
}
