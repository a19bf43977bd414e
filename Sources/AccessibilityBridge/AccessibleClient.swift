import CSDBus
import Foundation
import Views

/// The client side of AT-SPI2: a connection to the accessibility bus that lists the applications
/// on it and reads an application's objects (role, name, description, states, extents, children,
/// id), as a screen reader or `limelight capture --atspi` does. Each call waits at most
/// `callTimeout` for its answer; one thread uses a client at a time.
public final class AccessibleClient {
    private let bus: OpaquePointer
    /// Seconds a call waits for its answer.
    public var callTimeout = 5.0

    /// One object on the bus: the bus name of its application and its path there.
    public struct Reference: Hashable, Sendable {
        /// The application's unique bus name.
        public var bus: String
        /// The object's path.
        public var path: String
    }

    /// What a client reads of one object.
    public struct Object: Sendable {
        /// AT-SPI's role number (`AtspiRole`).
        public var role: UInt32
        /// Its accessible name.
        public var name: String
        /// Its description.
        public var description: String
        /// Its states, two words of bits (`AtspiStateType`).
        public var states: [UInt32]
        /// Its box in screen pixels, when it is a component.
        public var extents: (x: Int32, y: Int32, width: Int32, height: Int32)?
        /// The toolkit's id for it (`AccessibleId`), when it gives one.
        public var id: String?
        /// Limelight's role for it; nil for what is only structure (a panel, a filler).
        public var semanticRole: SemanticRole? { ATSPIVocabulary.semanticRole(role) }
        /// Whether it is shown on the screen now (`showing`).
        public var isShowing: Bool { has(25) }
        /// Whether it is its application's active window (`active`).
        public var isActive: Bool { has(1) }
        /// Its states as Limelight's: selected, disabled (not enabled), busy, focused, checked
        /// (or pressed).
        public var semanticState: SemanticState {
            var state: SemanticState = []
            if has(23) { state.insert(.selected) }
            if !has(8) { state.insert(.disabled) }
            if has(3) { state.insert(.busy) }
            if has(12) { state.insert(.focused) }
            if has(4) || has(18) { state.insert(.checked) }
            return state
        }
        /// Whether state `bit` is set.
        public func has(_ bit: Int) -> Bool { bit / 32 < states.count && states[bit / 32] & (1 << UInt32(bit % 32)) != 0 }
    }

    /// Why the bus could not be reached or answered.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        public var description: String
    }

    /// A connection to the accessibility bus (`AT_SPI_BUS_ADDRESS`, else the one the session bus's
    /// `org.a11y.Bus` names).
    public static func connect() throws(Failure) -> AccessibleClient {
        guard let address = AccessibilityBridge.accessibilityBusAddress() else {
            throw Failure(description: "no accessibility bus (neither AT_SPI_BUS_ADDRESS nor a session bus with org.a11y.Bus: is at-spi2-core running?)")
        }
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let bus = made else { throw Failure(description: "cannot make a bus connection") }
        guard address.withCString({ sd_bus_set_address(bus, $0) }) >= 0, sd_bus_set_bus_client(bus, 1) >= 0, sd_bus_start(bus) >= 0 else {
            sd_bus_unref(bus)
            throw Failure(description: "cannot connect to the accessibility bus at \(address)")
        }
        return AccessibleClient(bus: bus)
    }

    private init(bus: OpaquePointer) { self.bus = bus }
    deinit { sd_bus_flush_close_unref(bus) }

    /// The registry's desktop: every application on the bus.
    public static let desktop = Reference(bus: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root")

    /// The applications on the bus, with their names.
    public func applications() throws(Failure) -> [(name: String, root: Reference)] {
        try children(of: Self.desktop).map { app throws(Failure) in (try string(app, "Name"), app) }
    }

    /// The objects inside `object`, in order.
    public func children(of object: Reference) throws(Failure) -> [Reference] {
        try call(object, "org.a11y.atspi.Accessible", "GetChildren") { reply in
            var out: [Reference] = []
            guard sd_bus_message_enter_container(reply.pointer, CChar(UInt8(ascii: "a")), "(so)") > 0 else { return out }
            while sd_bus_message_enter_container(reply.pointer, CChar(UInt8(ascii: "r")), "so") > 0 {
                if let name = reply.readString(), let path = reply.readObjectPath() { out.append(Reference(bus: name, path: path)) }
                sd_bus_message_exit_container(reply.pointer)
            }
            sd_bus_message_exit_container(reply.pointer)
            return out
        }
    }

    /// What `object` is: its role, name, description, states, extents and id.
    public func read(_ object: Reference) throws(Failure) -> Object { try read([object])[0].object }

    /// What each of `objects` is, with the objects inside it: every call for all of them sent at
    /// once and their answers gathered (a tree is read in as many round trips as it is deep, not
    /// as it has objects). An object that has gone answers as nothing: no role, no children.
    public func read(_ objects: [Reference]) throws(Failure) -> [(object: Object, children: [Reference])] {
        let calls: [(String, String, (inout BusMessage) -> Void)] = [
            ("org.a11y.atspi.Accessible", "GetRole", { _ in }),
            ("org.a11y.atspi.Accessible", "GetState", { _ in }),
            ("org.a11y.atspi.Component", "GetExtents", { $0.uint32(0) }),
            ("org.freedesktop.DBus.Properties", "GetAll", { $0.string("org.a11y.atspi.Accessible") }),
            ("org.a11y.atspi.Accessible", "GetChildren", { _ in }),
        ]
        let replies = try gather(objects.flatMap { o in calls.map { (o, $0.0, $0.1, $0.2) } })
        defer { for case let m? in replies { sd_bus_message_unref(m) } }
        return objects.indices.map { i in
            let r = Array(replies[(i * calls.count)..<((i + 1) * calls.count)])
            var object = Object(role: 0, name: "", description: "", states: [], extents: nil, id: nil)
            if let m = r[0] { var reply = BusMessage(m); object.role = reply.readUInt32() ?? 0 }
            if let m = r[1] {
                var reply = BusMessage(m)
                if sd_bus_message_enter_container(m, CChar(UInt8(ascii: "a")), "u") > 0 {
                    while let w = reply.readUInt32() { object.states.append(w) }
                    sd_bus_message_exit_container(m)
                }
            }
            if let m = r[2], sd_bus_message_enter_container(m, CChar(UInt8(ascii: "r")), "iiii") > 0 {
                var reply = BusMessage(m)
                if let x = reply.readInt32(), let y = reply.readInt32(), let w = reply.readInt32(), let h = reply.readInt32() { object.extents = (x, y, w, h) }
            }
            if let m = r[3] {
                let properties = Self.strings(m)
                object.name = properties["Name"] ?? ""
                object.description = properties["Description"] ?? ""
                object.id = properties["AccessibleId"].flatMap { $0.isEmpty ? nil : $0 }
            }
            var children: [Reference] = []
            if let m = r[4], sd_bus_message_enter_container(m, CChar(UInt8(ascii: "a")), "(so)") > 0 {
                var reply = BusMessage(m)
                while sd_bus_message_enter_container(m, CChar(UInt8(ascii: "r")), "so") > 0 {
                    if let name = reply.readString(), let path = reply.readObjectPath() { children.append(Reference(bus: name, path: path)) }
                    sd_bus_message_exit_container(m)
                }
                sd_bus_message_exit_container(m)
            }
            return (object, children)
        }
    }

    /// The string members of a properties answer (`a{sv}`), by name; others are skipped.
    private static func strings(_ m: OpaquePointer) -> [String: String] {
        var out: [String: String] = [:]
        guard sd_bus_message_enter_container(m, CChar(UInt8(ascii: "a")), "{sv}") > 0 else { return out }
        var reply = BusMessage(m)
        while sd_bus_message_enter_container(m, CChar(UInt8(ascii: "e")), "sv") > 0 {
            if let key = reply.readString() {
                var type: CChar = 0
                var contents: UnsafePointer<CChar>?
                if sd_bus_message_peek_type(m, &type, &contents) > 0, let contents, String(cString: contents) == "s",
                   sd_bus_message_enter_container(m, CChar(UInt8(ascii: "v")), "s") > 0 {
                    out[key] = reply.readString()
                    sd_bus_message_exit_container(m)
                } else {
                    sd_bus_message_skip(m, "v")
                }
            }
            sd_bus_message_exit_container(m)
        }
        sd_bus_message_exit_container(m)
        return out
    }

    /// One answer awaited: where it goes in the list of answers.
    private final class Awaited {
        let index: Int
        let answers: Answers
        init(_ index: Int, _ answers: Answers) { self.index = index; self.answers = answers }
    }
    /// The answers of calls sent together, nil for an error or no answer.
    private final class Answers {
        var messages: [OpaquePointer?]
        var count = 0
        init(_ n: Int) { messages = Array(repeating: nil, count: n) }
    }

    /// Sends every call of `calls` at once and waits for all their answers (each at most
    /// `callTimeout`); an error answer is nil. The answers are the caller's to unref.
    private func gather(_ calls: [(Reference, String, String, (inout BusMessage) -> Void)]) throws(Failure) -> [OpaquePointer?] {
        let answers = Answers(calls.count)
        let handler: sd_bus_message_handler_t = { message, userdata, _ in
            guard let userdata else { return 0 }
            let awaited = Unmanaged<Awaited>.fromOpaque(userdata).takeRetainedValue()
            if let message, sd_bus_message_is_method_error(message, nil) == 0 {
                awaited.answers.messages[awaited.index] = sd_bus_message_ref(message)
            }
            awaited.answers.count += 1
            return 0
        }
        for (i, (object, interface, member, arguments)) in calls.enumerated() {
            var made: OpaquePointer?
            guard sd_bus_message_new_method_call(bus, &made, object.bus, object.path, interface, member) >= 0, let message = made else {
                answers.count += 1
                continue
            }
            var writer = BusMessage(message)
            arguments(&writer)
            let awaited = Unmanaged.passRetained(Awaited(i, answers))
            if sd_bus_call_async(bus, nil, message, handler, awaited.toOpaque(), UInt64(callTimeout * 1_000_000)) < 0 {
                awaited.release()
                answers.count += 1
            }
            sd_bus_message_unref(message)
        }
        while answers.count < calls.count {
            let r = sd_bus_process(bus, nil)
            if r < 0 { throw Failure(description: "the accessibility bus closed (\(String(cString: strerror(-r))))") }
            if r > 0 { continue }
            if sd_bus_wait(bus, UInt64(callTimeout * 1_000_000)) < 0 { throw Failure(description: "the accessibility bus stopped answering") }
        }
        return answers.messages
    }

    /// The string property `property` of `object`'s Accessible interface.
    private func string(_ object: Reference, _ property: String) throws(Failure) -> String {
        try call(object, "org.freedesktop.DBus.Properties", "Get", arguments: { $0.string("org.a11y.atspi.Accessible"); $0.string(property) }) { reply in
            guard sd_bus_message_enter_container(reply.pointer, CChar(UInt8(ascii: "v")), "s") > 0 else { return "" }
            defer { sd_bus_message_exit_container(reply.pointer) }
            return reply.readString() ?? ""
        }
    }

    /// Calls `member` of `interface` on `object` with `arguments`, and reads the answer.
    private func call<T>(_ object: Reference, _ interface: String, _ member: String, arguments: (inout BusMessage) -> Void = { _ in },
                         _ read: (inout BusMessage) -> T) throws(Failure) -> T {
        var made: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &made, object.bus, object.path, interface, member) >= 0, let message = made else {
            throw Failure(description: "cannot call \(member) on \(object.path)")
        }
        defer { sd_bus_message_unref(message) }
        var writer = BusMessage(message)
        arguments(&writer)
        var reply: OpaquePointer?
        var problem = [CChar](repeating: 0, count: 256)
        guard limelight_bus_call(bus, message, UInt64(callTimeout * 1_000_000), &reply, &problem, problem.count) >= 0, let reply else {
            throw Failure(description: "\(interface).\(member) on \(object.bus) \(object.path): \(String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        defer { sd_bus_message_unref(reply) }
        var answer = BusMessage(reply)
        return read(&answer)
    }
}
