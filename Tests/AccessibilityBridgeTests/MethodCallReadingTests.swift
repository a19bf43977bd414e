@testable import AccessibilityBridge
import CSDBus
import Seeded
import TestSupport
import Testing

/// A client's call as the bus's thread reads it (`MethodCall(message)`), from bytes on the wire
/// parsed by sd-bus, with no bus daemon: every argument type, values of types no method takes,
/// more arguments than any method has, variants nested as deep as D-Bus allows; and bytes that are
/// no message (bad UTF-8, a body shorter than its signature, lengths past the end, random
/// mutations of real calls) refused by sd-bus or read and answered, never a trap or a hang.
@Suite struct MethodCallReadingTests {
    typealias V = RecordedReply.Value

    /// The call `write` makes (on `path`, `interface.member`), sent to the peer and written back:
    /// the message sd-bus parsed from it, read into a `MethodCall`.
    static func roundTrip(path: String = "/org/a11y/atspi/accessible/1", interface: String = "org.a11y.atspi.Accessible",
                          member: String = "GetChildAtIndex", _ write: (OpaquePointer) -> Void) throws -> MethodCall {
        let c = try PeerConnection()
        let call = try #require(c.call(path: path, interface: interface, member: member))
        defer { sd_bus_message_unref(call) }
        write(call)
        let wire = try #require(c.wire(of: call))
        c.write(wire)
        let (messages, open) = c.received()
        defer { for m in messages { sd_bus_message_unref(m) } }
        #expect(open && messages.count == 1)
        return MethodCall(try #require(messages.first))
    }

    @Test func everyArgumentTypeIsReadInOrder() throws {
        let call = try Self.roundTrip(interface: "org.freedesktop.DBus.Properties", member: "Set") { m in
            var b = BusMessage(m)
            b.int32(-5); b.uint32(7); b.double(2.5); b.bool(true); b.string("Zoë"); b.objectPath("/a/b")
            b.container("v", "s") { $0.string("inside") }
            b.container("v", "v") { $0.container("v", "d") { $0.double(.infinity) } }
        }
        #expect(call.path == "/org/a11y/atspi/accessible/1" && call.interface == "org.freedesktop.DBus.Properties" && call.member == "Set")
        #expect(call.signature == "iudbsovv")
        #expect(call.arguments == [.int32(-5), .uint32(7), .double(2.5), .bool(true), .string("Zoë"), .objectPath("/a/b"),
                                   .variant(.string("inside")), .variant(.variant(.double(.infinity)))])
    }

    @Test func valuesOfTypesNoMethodTakesAreSkippedByTheirSignature() throws {
        let call = try Self.roundTrip { m in
            var b = BusMessage(m)
            b.container("a", "s") { $0.string("x"); $0.string("y") }
            var big: Int64 = .min
            _ = sd_bus_message_append_basic(m, CChar(UInt8(ascii: "x")), &big)
            b.container("r", "ii") { $0.int32(1); $0.int32(2) }
            b.container("a", "{sv}") { $0.container("e", "sv") { $0.string("k"); $0.container("v", "(so)") { $0.reference(":1.1", "/") } } }
            var byte: UInt8 = 0xFF
            _ = sd_bus_message_append_basic(m, CChar(UInt8(ascii: "y")), &byte)
            b.int32(9)
        }
        #expect(call.signature == "asx(ii)a{sv}yi")
        #expect(call.arguments == [.unread("as"), .unread("x"), .unread("(ii)"), .unread("a{sv}"), .unread("y"), .int32(9)],
                "skipped whole, the next argument read where it starts")
        // A method given them answers InvalidArgs.
        var reply = RecordedReply()
        let answer = MethodDispatch.answer(call, context: AccessibleObject.Context(tree: BusCalls.screen), reply: &reply)
        #expect(answer.outcome == .error("org.freedesktop.DBus.Error.InvalidArgs", "org.a11y.atspi.Accessible.GetChildAtIndex takes (i), not (asx(ii)a{sv}yi)"))
    }

    @Test func argumentsPastEightAreNotReadButCounted() throws {
        let call = try Self.roundTrip { m in
            var b = BusMessage(m)
            for n in 0..<200 { b.int32(Int32(n)) }
        }
        #expect(call.signature == String(repeating: "i", count: 200))
        #expect(call.arguments == (0..<Int32(MethodCall.readLimit)).map(MethodCall.Argument.int32) && call.isReadable)
    }

    @Test func variantsNestedAsDeepAsDBusAllowsAreReadAndRefused() throws {
        // D-Bus allows 64 containers in all; a variant of a variant … of a double at that depth.
        var depth = 0
        let slider = "/org/a11y/atspi/accessible/\(BusCalls.screen.elements.first { $0.id == "slider" }!.number)"
        let call = try Self.roundTrip(path: slider, interface: "org.freedesktop.DBus.Properties", member: "Set") { m in
            var b = BusMessage(m)
            b.string("org.a11y.atspi.Value"); b.string("CurrentValue")
            func nest(_ b: inout BusMessage, _ level: Int) {
                if level == 63 { b.container("v", "d") { $0.double(1) }; return }
                b.container("v", "v") { nest(&$0, level + 1) }
            }
            nest(&b, 0)
            #expect(!b.failed, "sd-bus takes 64 levels")
        }
        var argument = call.arguments.last
        while case .variant(let inner)? = argument { depth += 1; argument = inner }
        #expect(depth == 64 && argument == .double(1))
        var reply = RecordedReply()
        let answer = MethodDispatch.answer(call, context: AccessibleObject.Context(tree: BusCalls.screen), reply: &reply)
        #expect(answer.outcome == .error("org.freedesktop.DBus.Error.InvalidArgs", "CurrentValue is a (d), not (v)"))
    }

    // MARK: - Bytes that are no message

    /// A call with no arguments as sd-bus puts it on the wire: the frame the bodies below go into.
    static func emptyCall(on c: PeerConnection) throws -> [UInt8] {
        let call = try #require(c.call())
        defer { sd_bus_message_unref(call) }
        return try #require(c.wire(of: call))
    }

    @Test func bodiesThatBreakTheFormatAreReadUpToTheBreakAndRefused() throws {
        // sd-bus hands a call over with its header checked, and checks the body as it is read.
        let bad: [(String, String, [UInt8], [MethodCall.Argument])] = [
            ("a string that is not UTF-8", "s", [2, 0, 0, 0, 0xC3, 0x28, 0], []),
            ("a string with no NUL", "s", [1, 0, 0, 0, 0x61, 0x62], []),
            ("a string longer than the body", "s", [0xFF, 0xFF, 0, 0, 0x61, 0], []),
            ("a string with a NUL inside", "s", [3, 0, 0, 0, 0x61, 0, 0x62, 0], []),
            ("an object path that is none", "o", [2, 0, 0, 0, 0x2F, 0x2F, 0], []),
            ("an integer cut short", "i", [1, 0], []),
            ("a body shorter than its signature", "ii", [1, 0, 0, 0], [.int32(1)]),
            ("padding that is not zero", "yi", [1, 9, 9, 9, 1, 0, 0, 0], [.unread("y")]),
            ("an array longer than the body", "ai", [0xF0, 0xFF, 0xFF, 0x0F, 1, 0, 0, 0], []),
            ("a variant whose signature is no type", "v", [1, 0x7A, 0, 0, 0, 0, 0, 0], []),
            ("a variant of two types", "v", [2, 0x69, 0x69, 0, 1, 0, 0, 0, 2, 0, 0, 0], []),
        ]
        for (name, signature, body, readable) in bad {
            let c = try PeerConnection()
            let frame = try Self.emptyCall(on: c)
            c.write(WireMessage.replacingBody(of: frame, with: body, signature: signature) + frame)
            let (messages, open) = c.received()
            defer { for m in messages { sd_bus_message_unref(m) } }
            // The bad call, then the good one after it: the connection reads on.
            try #require(open && messages.count == 2, "\(name): \(messages.count) messages, open \(open)")
            let call = MethodCall(messages[0])
            #expect(call.signature == signature && call.arguments == readable && !call.isReadable, "\(name): \(call.arguments)")
            // Refused, not answered with a 0 or an empty string it never read.
            var reply = RecordedReply()
            let answer = MethodDispatch.answer(call, context: AccessibleObject.Context(tree: BusCalls.screen), reply: &reply)
            #expect(answer.outcome == .error("org.freedesktop.DBus.Error.InvalidArgs",
                                             "org.a11y.atspi.Accessible.GetChildAtIndex: argument \(readable.count + 1) of (\(signature)) cannot be read"), "\(name)")
            #expect(reply.values.isEmpty && answer.request == nil)
            let good = MethodCall(messages[1])
            #expect(good.isReadable && good.arguments.isEmpty)
        }
    }

    @Test func aHeaderPastTheSizeLimitEndsTheConnectionWithoutWaitingForIt() throws {
        let c = try PeerConnection()
        var frame = try Self.emptyCall(on: c)
        // A body of 4 GiB - 1 announced.
        frame.replaceSubrange(4..<8, with: WireMessage.littleEndian(UInt32.max))
        c.write(frame)
        let (messages, open) = c.received()
        #expect(messages.isEmpty && !open)
    }

    @Test func mutatedCallsAreRefusedOrReadAndAnsweredNeverTrapping() throws {
        let c = try PeerConnection()
        // Real calls a client makes, as sd-bus writes them.
        var seeds: [[UInt8]] = []
        let shapes: [(String, String, (inout BusMessage) -> Void)] = [
            ("org.a11y.atspi.Component", "GetExtents", { $0.uint32(0) }),
            ("org.a11y.atspi.Text", "GetText", { $0.int32(0); $0.int32(-1) }),
            ("org.freedesktop.DBus.Properties", "Set", { $0.string("org.a11y.atspi.Value"); $0.string("CurrentValue"); $0.container("v", "d") { $0.double(50) } }),
            ("org.freedesktop.DBus.Properties", "GetAll", { $0.string("org.a11y.atspi.Accessible") }),
            ("org.a11y.atspi.Accessible", "GetChildren", { _ in }),
        ]
        for (interface, member, write) in shapes {
            let call = try #require(c.call(path: "/org/a11y/atspi/accessible/2", interface: interface, member: member))
            var b = BusMessage(call)
            write(&b)
            seeds.append(try #require(c.wire(of: call)))
            sd_bus_message_unref(call)
        }
        var rng = SeededGenerator(seed: FuzzSettings.seed(standard: 0xA75_0003))
        let tree = BusCalls.screen
        var arrived = 0
        for _ in 0..<FuzzSettings.iterations(standard: 300) {
            var bytes = rng.pick(seeds)
            for _ in 0..<(1 + rng.below(4)) {
                switch rng.below(4) {
                case 0: bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes[rng.below(bytes.count)] ^= 1 << UInt8(rng.below(8))
                case 2: bytes = Array(bytes.prefix(rng.below(bytes.count + 1)))
                default: bytes += (0..<rng.below(16)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                }
                if bytes.isEmpty { bytes = [0] }
            }
            let peer = try PeerConnection()
            peer.write(bytes)
            let (messages, _) = peer.received()
            for m in messages {
                let call = MethodCall(m)
                #expect(call.arguments.count <= MethodCall.readLimit)
                var made: OpaquePointer?
                if sd_bus_message_new_method_return(m, &made) >= 0, let r = made {
                    var reply = BusMessage(r)
                    _ = MethodDispatch.answer(call, context: AccessibleObject.Context(tree: tree), reply: &reply)
                    sd_bus_message_unref(r)
                }
                sd_bus_message_unref(m)
                arrived += 1
            }
        }
        #expect(arrived > 0, "some mutated calls were still calls, and were answered")
    }
}
