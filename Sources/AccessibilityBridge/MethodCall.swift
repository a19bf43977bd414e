import CSDBus

/// A client's method call as the bridge answers it: where it goes, what it asks, and its arguments
/// read from the message before anything answers, so the answers read values and never the
/// message. Anything a client sends is taken: the dispatch checks the signature against the
/// method's before an answer reads an argument (`MethodDispatch`).
package struct MethodCall: Sendable {
    /// One argument.
    package indirect enum Argument: Equatable, Sendable {
        /// `i`.
        case int32(Int32)
        /// `u`.
        case uint32(UInt32)
        /// `d`.
        case double(Double)
        /// `b`.
        case bool(Bool)
        /// `s`.
        case string(String)
        /// `o`.
        case objectPath(String)
        /// `v`, with what it holds.
        case variant(Argument)
        /// A value of a type no method of the bridge takes (an array, a struct, a 64-bit
        /// integer, …), by its signature: skipped, not read.
        case unread(String)

        /// The argument's D-Bus signature.
        package var signature: String {
            switch self {
            case .int32: return "i"
            case .uint32: return "u"
            case .double: return "d"
            case .bool: return "b"
            case .string: return "s"
            case .objectPath: return "o"
            case .variant: return "v"
            case .unread(let signature): return signature
            }
        }
    }

    /// The object's path.
    package var path: String
    /// The interface named (empty when the call names none).
    package var interface: String
    /// The method.
    package var member: String
    /// The signature of all its arguments.
    package var signature: String
    /// Its arguments, the first `MethodCall.readLimit` of them.
    package var arguments: [Argument]
    /// Whether every argument it reads could be read: false when one is not what the signature
    /// says (a string that is not UTF-8, a body cut short, an array longer than it), which sd-bus
    /// finds only as a body is read. `MethodDispatch` refuses such a call.
    package var isReadable = true

    /// No method of AT-SPI2 takes more than seven arguments: more are not read.
    static let readLimit = 8

    /// A call of `interface.member` on `path` with `arguments`.
    package init(path: String, interface: String, member: String, arguments: [Argument] = []) {
        self.path = path; self.interface = interface; self.member = member
        self.arguments = arguments
        signature = arguments.map(\.signature).joined()
    }

    /// The call `message` holds, its arguments read.
    init(_ message: OpaquePointer) {
        let m = BusMessage(message)
        path = m.path; interface = m.interface; member = m.member
        signature = sd_bus_message_get_signature(message, 1).map { String(cString: $0) } ?? ""
        arguments = []
        while arguments.count < Self.readLimit, let argument = Self.read(message) { arguments.append(argument) }
        isReadable = arguments.count == Self.readLimit || sd_bus_message_at_end(message, 1) > 0
    }

    /// The next argument of `message`, or nil at its end (or where it cannot be read).
    private static func read(_ message: OpaquePointer) -> Argument? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
        var m = BusMessage(message)
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "i"): return m.readInt32().map(Argument.int32)
        case UInt8(ascii: "u"): return m.readUInt32().map(Argument.uint32)
        case UInt8(ascii: "d"): return m.readDouble().map(Argument.double)
        case UInt8(ascii: "b"): return m.readBool().map(Argument.bool)
        case UInt8(ascii: "s"): return m.readString().map(Argument.string)
        case UInt8(ascii: "o"): return m.readObjectPath().map(Argument.objectPath)
        case UInt8(ascii: "v"):
            guard let contents, sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
            defer { sd_bus_message_exit_container(message) }
            return read(message).map(Argument.variant)
        default:
            // Skipped whole: its signature is all an answer needs to refuse it.
            let inside = contents.map { String(cString: $0) } ?? ""
            let signature: String
            switch UInt8(bitPattern: type) {
            case UInt8(ascii: "a"): signature = "a" + inside
            case UInt8(ascii: "r"): signature = "(" + inside + ")"
            case UInt8(ascii: "e"): signature = "{" + inside + "}"
            default: signature = String(UnicodeScalar(UInt8(bitPattern: type)))
            }
            guard sd_bus_message_skip(message, nil) >= 0 else { return nil }
            return .unread(signature)
        }
    }

    // MARK: - Arguments as an answer reads them (after the dispatch checked the signature)

    /// Argument `index` when it is an `i`; else 0.
    func int32(_ index: Int) -> Int32 {
        if arguments.indices.contains(index), case .int32(let v) = arguments[index] { return v }
        return 0
    }

    /// Argument `index` when it is an `i`, as an `Int`; else 0.
    func int(_ index: Int) -> Int { Int(int32(index)) }

    /// Argument `index` when it is a `u`; else 0.
    func uint32(_ index: Int) -> UInt32 {
        if arguments.indices.contains(index), case .uint32(let v) = arguments[index] { return v }
        return 0
    }

    /// Argument `index` when it is an `s`; else empty.
    func string(_ index: Int) -> String {
        if arguments.indices.contains(index), case .string(let v) = arguments[index] { return v }
        return ""
    }

    /// What argument `index` holds when it is a `v`.
    func variant(_ index: Int) -> Argument? {
        if arguments.indices.contains(index), case .variant(let v) = arguments[index] { return v }
        return nil
    }
}
