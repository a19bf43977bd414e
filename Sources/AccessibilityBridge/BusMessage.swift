import CSDBus

/// A D-Bus message being written or read, through sd-bus's typed calls. Every failure is kept in
/// `failed` rather than thrown: a reply that could not be built is not sent.
struct BusMessage: BusWriter {
    let pointer: OpaquePointer
    private(set) var failed = false

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    private mutating func check(_ r: Int32) { if r < 0 { failed = true } }

    mutating func string(_ s: String) { check(s.withCString { limelight_bus_append_text(pointer, CChar(UInt8(ascii: "s")), $0) }) }
    mutating func objectPath(_ s: String) { check(s.withCString { limelight_bus_append_text(pointer, CChar(UInt8(ascii: "o")), $0) }) }
    mutating func int32(_ v: Int32) { check(limelight_bus_append_int32(pointer, v)) }
    mutating func uint32(_ v: UInt32) { check(limelight_bus_append_uint32(pointer, v)) }
    mutating func bool(_ v: Bool) { check(limelight_bus_append_bool(pointer, v ? 1 : 0)) }
    mutating func double(_ v: Double) { check(limelight_bus_append_double(pointer, v)) }
    mutating func int16(_ v: Int16) {
        var value = v
        check(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "n")), &value))
    }

    /// Writes a container (`a`, `r`, `v`, `e`) of `contents` with `body` inside.
    mutating func container(_ type: Character, _ contents: String, _ body: (inout BusMessage) -> Void) {
        check(contents.withCString { sd_bus_message_open_container(pointer, CChar(type.asciiValue!), $0) })
        body(&self)
        check(sd_bus_message_close_container(pointer))
    }

    // MARK: - Reading

    mutating func readString() -> String? {
        var out: UnsafePointer<CChar>?
        guard limelight_bus_read_text(pointer, CChar(UInt8(ascii: "s")), &out) > 0, let out else { return nil }
        return String(cString: out)
    }

    mutating func readObjectPath() -> String? {
        var out: UnsafePointer<CChar>?
        guard limelight_bus_read_text(pointer, CChar(UInt8(ascii: "o")), &out) > 0, let out else { return nil }
        return String(cString: out)
    }

    mutating func readInt32() -> Int32? {
        var v: Int32 = 0
        return limelight_bus_read_int32(pointer, &v) > 0 ? v : nil
    }

    mutating func readUInt32() -> UInt32? {
        var v: UInt32 = 0
        return limelight_bus_read_uint32(pointer, &v) > 0 ? v : nil
    }

    mutating func readDouble() -> Double? {
        var v: Double = 0
        return limelight_bus_read_double(pointer, &v) > 0 ? v : nil
    }

    mutating func readBool() -> Bool? {
        var v: Int32 = 0
        return sd_bus_message_read_basic(pointer, CChar(UInt8(ascii: "b")), &v) > 0 ? v != 0 : nil
    }

    /// The interface, member and path of the message.
    var interface: String { sd_bus_message_get_interface(pointer).map { String(cString: $0) } ?? "" }
    var member: String { sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    var path: String { sd_bus_message_get_path(pointer).map { String(cString: $0) } ?? "" }
}
