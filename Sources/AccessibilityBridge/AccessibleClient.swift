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
    public func read(_ object: Reference) throws(Failure) -> Object {
        let role: UInt32 = try call(object, "org.a11y.atspi.Accessible", "GetRole") { $0.readUInt32() ?? 0 }
        let states: [UInt32] = try call(object, "org.a11y.atspi.Accessible", "GetState") { reply in
            var words: [UInt32] = []
            guard sd_bus_message_enter_container(reply.pointer, CChar(UInt8(ascii: "a")), "u") > 0 else { return words }
            while let w = reply.readUInt32() { words.append(w) }
            sd_bus_message_exit_container(reply.pointer)
            return words
        }
        var extents: (Int32, Int32, Int32, Int32)?
        extents = try? call(object, "org.a11y.atspi.Component", "GetExtents", arguments: { $0.uint32(0) }) { reply in
            guard sd_bus_message_enter_container(reply.pointer, CChar(UInt8(ascii: "r")), "iiii") > 0,
                  let x = reply.readInt32(), let y = reply.readInt32(), let w = reply.readInt32(), let h = reply.readInt32() else { return nil }
            return (x, y, w, h)
        }
        let id = (try? string(object, "AccessibleId")).flatMap { $0.isEmpty ? nil : $0 }
        return Object(role: role, name: try string(object, "Name"), description: (try? string(object, "Description")) ?? "",
                      states: states, extents: extents, id: id)
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
