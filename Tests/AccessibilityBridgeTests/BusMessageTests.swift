@testable import AccessibilityBridge
import CSDBus
import Testing

/// The D-Bus messages the bridge writes and reads through sd-bus (`BusMessage`), with no bus
/// daemon (a `PeerConnection`): every type it writes goes out in D-Bus's wire format, aligned as
/// the format says, and comes back the same after sd-bus parses it; a writer that cannot take what
/// it is given says so as `RecordedReply` does (a reply the tests trust to be sendable is); and
/// what a client sends is read into a `MethodCall` whatever it holds.
@Suite struct BusMessageTests {
    typealias V = RecordedReply.Value

    /// Writes `values` into `writer`: each basic value by its call, each container around its own.
    static func write<W: BusWriter>(_ values: [V], into writer: inout W) {
        for value in values {
            switch value {
            case .string(let v): writer.string(v)
            case .objectPath(let v): writer.objectPath(v)
            case .int32(let v): writer.int32(v)
            case .uint32(let v): writer.uint32(v)
            case .bool(let v): writer.bool(v)
            case .double(let v): writer.double(v)
            case .int16(let v): writer.int16(v)
            case .container(let type, let contents, let inner): writer.container(type, contents) { write(inner, into: &$0) }
            }
        }
    }

    /// `(so)`: an object reference.
    static func reference(_ name: String, _ path: String) -> V { .container("r", "so", [.string(name), .objectPath(path)]) }

    /// Writes `values` into a new method call through `BusMessage`, and into a `RecordedReply`:
    /// the message's bytes on the wire (nil when it could not be sent), and whether each writer failed.
    static func send(_ values: [V], on connection: PeerConnection) -> (wire: [UInt8]?, failed: Bool, recordedFailed: Bool) {
        guard let call = connection.call() else { return (nil, true, true) }
        defer { sd_bus_message_unref(call) }
        var message = BusMessage(call)
        write(values, into: &message)
        var reply = RecordedReply()
        write(values, into: &reply)
        return (message.failed ? nil : connection.wire(of: call), message.failed, reply.failed)
    }

    /// The body of the message `values` make on the wire.
    static func body(_ values: [V], on connection: PeerConnection) -> [UInt8]? {
        let sent = send(values, on: connection)
        #expect(!sent.failed && !sent.recordedFailed, "\(values)")
        return sent.wire.map(WireMessage.body)
    }

    /// What sd-bus reads back from `bytes` written by the peer: each value of the first message.
    static func readBack(_ bytes: [UInt8], on connection: PeerConnection) -> [V]? {
        connection.write(bytes)
        let (messages, _) = connection.received()
        defer { for m in messages { sd_bus_message_unref(m) } }
        guard let first = messages.first else { return nil }
        return WireReader.values(first)
    }

    // MARK: - Every type, aligned

    @Test func eachBasicTypeIsLaidOutAsDBusSays() throws {
        let c = try PeerConnection()
        // n: two bytes, then two of padding before an i at a multiple of 4.
        #expect(Self.body([.int16(-2), .int32(Int32.min)], on: c) == [0xFE, 0xFF, 0, 0, 0x00, 0x00, 0x00, 0x80])
        // b is four bytes; a d is at a multiple of 8.
        #expect(Self.body([.bool(true), .double(-0.0)], on: c) == [1, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0x80])
        // s and o: a length, the UTF-8 bytes and a NUL; a u after them at a multiple of 4.
        #expect(Self.body([.string("é"), .uint32(UInt32.max), .objectPath("/a")], on: c)
                == [2, 0, 0, 0, 0xC3, 0xA9, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF] + [2, 0, 0, 0, 0x2F, 0x61, 0])
    }

    @Test func containersAreAlignedAsDBusSays() throws {
        let c = try PeerConnection()
        // A struct starts at a multiple of 8, after an i's four bytes.
        #expect(Self.body([.int32(7), Self.reference(":1.1", "/r")], on: c)
                == [7, 0, 0, 0, 0, 0, 0, 0] + [4, 0, 0, 0] + Array(":1.1".utf8) + [0] + [0, 0, 0] + [2, 0, 0, 0, 0x2F, 0x72, 0])
        // An array's length counts its elements' bytes, not the padding before the first struct.
        #expect(Self.body([.container("a", "(so)", [Self.reference("a", "/")])], on: c)
                == [14, 0, 0, 0, 0, 0, 0, 0] + [1, 0, 0, 0, 0x61, 0, 0, 0] + [1, 0, 0, 0, 0x2F, 0])
        // A variant: its signature (a length byte, the types, a NUL), then the value at its own alignment.
        #expect(Self.body([.container("v", "d", [.double(1)])], on: c) == [1, 0x64, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
        // An empty array of dictionary entries: its length, then the padding to where one would start.
        #expect(Self.body([.container("a", "{sv}", [])], on: c) == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    /// Values of every type the bridge writes, in the shapes it writes them.
    /// Made for each use, not kept in a static: a value kept for the process holds its indirect
    /// cases through tagged pointers, which LeakSanitizer cannot follow and reports as leaks.
    static var shapes: [(String, [V])] { [
        ("the ends of every number", [Int32.min, -1, 0, Int32.max].map(V.int32) + [UInt32.min, 1, UInt32.max].map(V.uint32)
            + [Int16.min, -1, Int16.max].map(V.int16) + [-Double.infinity, -0.0, .leastNonzeroMagnitude, 1e308, .infinity].map(V.double)
            + [.bool(false), .bool(true)]),
        ("texts", ["", "Zoë 👩‍👩‍👧 e\u{301}", "عربي", String(repeating: "a", count: 70_000)].map(V.string)
            + ["/", "/org/a11y/atspi/accessible/root", "/a_1/B2"].map(V.objectPath)),
        ("a cache item", [.container("a", "(" + AccessibleCache.itemSignature + ")", (0..<3).map { n in
            .container("r", AccessibleCache.itemSignature, [
                reference(":1.1", "/o/\(n)"), reference(":1.1", "/o/root"), reference("", "/"), .int32(Int32(n)), .int32(-1),
                .container("a", "s", [.string("org.a11y.atspi.Accessible")]), .string("Name \(n)"), .uint32(43), .string(""),
                .container("a", "u", [.uint32(1 << 30), .uint32(0)]),
            ])
        })]),
        ("properties in variants and dictionary entries", [
            .container("a", "{sv}", [
                .container("e", "sv", [.string("Name"), .container("v", "s", [.string("Fab")])]),
                .container("e", "sv", [.string("Parent"), .container("v", "(so)", [reference(":1.1", "/p")])]),
                .container("e", "sv", [.string("Value"), .container("v", "d", [.double(.nan)])]),
            ]),
            .container("v", "v", [.container("v", "i", [.int32(5)])]),
            .container("a", "(iisv)", []),
        ]),
    ] }

    @Test func whatIsWrittenComesBackTheSameThroughTheWire() throws {
        let c = try PeerConnection()
        for (name, values) in Self.shapes {
            let sent = Self.send(values, on: c)
            #expect(!sent.failed && !sent.recordedFailed, "\(name)")
            let wire = try #require(sent.wire, "\(name) went out")
            let back = try #require(Self.readBack(wire, on: c), "\(name) came back")
            #expect(WireReader.same(back, values), "\(name): \(back) vs \(values)")
        }
    }

    @Test func aStringIsCutAtItsFirstNULAsDBusHoldsNone() throws {
        let c = try PeerConnection()
        let sent = Self.send([.string("a\u{0}b")], on: c)
        #expect(!sent.failed)
        #expect(try Self.readBack(#require(sent.wire), on: c) == [.string("a")])
    }

    // MARK: - What cannot be sent

    @Test func whatSdBusRefusesToWriteTheRecordedReplyRefusesToo() throws {
        let c = try PeerConnection()
        let refused: [(String, [V])] = [
            ("an object path that is none", [.objectPath("not/a/path")]),
            ("an empty object path", [.objectPath("")]),
            ("a path with an empty name", [.objectPath("/a//b")]),
            ("a path ending in /", [.objectPath("/a/")]),
            ("a path with a letter beyond ASCII", [.objectPath("/é")]),
            ("a reference to a path that is none", [Self.reference(":1.1", "nowhere")]),
            ("an array of strings holding a number", [.container("a", "s", [.int32(1)])]),
            ("a struct short of its fields", [.container("r", "so", [.string("a")])]),
            ("a variant of two values", [.container("v", "s", [.string("a"), .string("b")])]),
            ("an empty variant", [.container("v", "s", [])]),
            ("a variant of another type", [.container("v", "s", [.int32(1)])]),
            ("a dictionary entry of one value", [.container("a", "{sv}", [.container("e", "sv", [.string("a")])])]),
            ("a bad value deep inside", [.container("a", "(so)", [.container("r", "so", [.string("a"), .objectPath("x")])])]),
        ]
        for (name, values) in refused {
            let sent = Self.send(values, on: c)
            #expect(sent.failed, "sd-bus refuses \(name)")
            #expect(sent.recordedFailed, "RecordedReply refuses \(name)")
        }
        // An empty struct sd-bus writes, but D-Bus has none (a bus daemon drops the message): the
        // recorded reply is stricter.
        let empty = Self.send([.container("r", "", [])], on: c)
        #expect(!empty.failed && empty.recordedFailed)
    }
}

/// Reads a parsed message's values back with `BusMessage`'s readers (and sd-bus's, for what it has
/// none of), as `RecordedReply` values.
enum WireReader {
    /// Every value of `message` from where it stands; nil where a value could not be read.
    static func values(_ message: OpaquePointer, depth: Int = 0) -> [RecordedReply.Value]? {
        var out: [RecordedReply.Value] = []
        var m = BusMessage(message)
        while true {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            let r = sd_bus_message_peek_type(message, &type, &contents)
            if r == 0 { return out }
            guard r > 0, depth < 80 else { return nil }
            let kind = Character(UnicodeScalar(UInt8(bitPattern: type)))
            switch kind {
            case "s": guard let v = m.readString() else { return nil }; out.append(.string(v))
            case "o": guard let v = m.readObjectPath() else { return nil }; out.append(.objectPath(v))
            case "i": guard let v = m.readInt32() else { return nil }; out.append(.int32(v))
            case "u": guard let v = m.readUInt32() else { return nil }; out.append(.uint32(v))
            case "d": guard let v = m.readDouble() else { return nil }; out.append(.double(v))
            case "b": guard let v = m.readBool() else { return nil }; out.append(.bool(v))
            case "n":
                var v: Int16 = 0
                guard sd_bus_message_read_basic(message, type, &v) > 0 else { return nil }
                out.append(.int16(v))
            case "a", "r", "v", "e":
                let inside = contents.map { String(cString: $0) } ?? ""
                guard sd_bus_message_enter_container(message, type, inside) > 0,
                      let inner = values(message, depth: depth + 1), sd_bus_message_exit_container(message) > 0 else { return nil }
                out.append(.container(kind, inside, inner))
            default:
                return nil
            }
        }
    }

    /// Whether `a` and `b` hold the same values (a NaN the same as a NaN).
    static func same(_ a: [RecordedReply.Value], _ b: [RecordedReply.Value]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            switch (x, y) {
            case (.double(let p), .double(let q)): return p.bitPattern == q.bitPattern
            case (.container(let t, let s, let p), .container(let u, let r, let q)): return t == u && s == r && same(p, q)
            default: return x == y
            }
        }
    }
}
