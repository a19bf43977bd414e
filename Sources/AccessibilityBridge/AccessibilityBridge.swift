import CSDBus
import Foundation
import Raster
import Views
#if canImport(Glibc)
import Glibc
#endif

/// The screen's semantics tree on the accessibility bus (AT-SPI2), so screen readers such as Orca
/// read an app that draws its own pixels, as AccessKit does for other toolkits.
///
/// `connect(name:)` finds the accessibility bus through `org.a11y.Bus` on the session bus, connects
/// with sd-bus and registers with the AT-SPI registry; where there is no session bus, no
/// accessibility bus or no registry it returns nil and nothing runs. The bus is served on a thread
/// of its own from the last tree `publish` gave (a value): a frame never waits on the bus, and the
/// bus never reads the view tree. What a client asks to be done (an action, a focus) waits in
/// `takeRequests()`, its descriptor readable, for the main actor to perform.
///
/// A screen reader is taken to be listening while a client of the registry listens for focus
/// events (Orca does from its start; `GetRegisteredEvents` and the registry's
/// `EventListenerRegistered` signals say so): `screenReaderListens`, which the window reads to
/// stand its own speech down.
///
/// `@unchecked Sendable`: the tree, the requests and the listeners it shares between the main
/// actor and the bus's thread are read and written under its lock alone.
public final class AccessibilityBridge: @unchecked Sendable {
    /// What a client asked for, performed on the main actor.
    public enum Request: Hashable, Sendable {
        /// Perform `action` on the view `id`.
        case perform(SemanticAction, id: String)
        /// Move the keyboard focus to the view `id`.
        case focus(id: String)
        /// Set the value of the view `id` (a slider's, a switch's).
        case setValue(Double, id: String)
        /// Select `range` (characters) of the field `id`; an empty range places the caret.
        case select(Range<Int>, id: String)
    }

    /// The path of the application's root object.
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The prefix of every object's path.
    static let pathPrefix = "/org/a11y/atspi/accessible"

    private let bus: OpaquePointer
    private let uniqueName: String
    private let appName: String
    private var desktop: (name: String, path: String) = ("org.a11y.atspi.Registry", AccessibilityBridge.rootPath)
    private var applicationID: Int32 = 0
    private let lock = NSLock()
    private var tree: AccessibleTree?
    private var origin = Point(x: 0, y: 0)
    private var pixelsPerPoint = 1.0
    private var locale = "en"
    private var numbers = ElementNumbers()
    private var signals: [Signal] = []

    /// What goes out on the bus's thread: an event, or a change of the cache clients keep.
    enum Signal {
        /// An `org.a11y.atspi.Event.Object` signal.
        case event(AccessibleEvents.Event)
        /// `AddAccessible`: element `index` of `tree`, new, as a cache item; `placedByEvent` when
        /// its parent was there before and a `ChildrenChanged` event places it (`AccessibleCache.item`).
        case added(AccessibleTree, Int, placedByEvent: Bool)
        /// `RemoveAccessible`: the element at `path` is gone.
        case removed(String)
    }
    private var requests: [Request] = []
    private var running = true
    private var listenersChanged = true
    private var listening = false
    private let wake: Int32
    /// Readable while requests wait: add it to the main loop's sources.
    public let requestDescriptor: Int32
    private var thread: Thread?

    /// What an event carries in its `any_data`.
    enum AnyData { case int(Int32), reference(String), text(String) }

    /// The bridge for the app called `name` (the window's title), or nil when no accessibility bus
    /// or registry answers.
    public static func connect(name: String) -> AccessibilityBridge? {
        guard let address = accessibilityBusAddress() else { return nil }
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let bus = made else { return nil }
        guard address.withCString({ sd_bus_set_address(bus, $0) }) >= 0, sd_bus_set_bus_client(bus, 1) >= 0, sd_bus_start(bus) >= 0 else {
            sd_bus_unref(bus); return nil
        }
        var unique: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &unique) >= 0, let unique else { sd_bus_unref(bus); return nil }
        let bridge = AccessibilityBridge(bus: bus, uniqueName: String(cString: unique), appName: name)
        guard bridge.register() else { bridge.close(); return nil }
        bridge.start()
        return bridge
    }

    private init(bus: OpaquePointer, uniqueName: String, appName: String) {
        self.bus = bus; self.uniqueName = uniqueName; self.appName = appName
        wake = limelight_wake_descriptor()
        requestDescriptor = limelight_wake_descriptor()
    }

    /// The accessibility bus's address, asked of `org.a11y.Bus` on the session bus
    /// (`AT_SPI_BUS_ADDRESS` when set, as libatspi does).
    static func accessibilityBusAddress() -> String? {
        if let given = ProcessInfo.processInfo.environment["AT_SPI_BUS_ADDRESS"], !given.isEmpty { return given }
        guard let session = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty else { return nil }
        var made: OpaquePointer?
        guard sd_bus_open_user(&made) >= 0, let bus = made else { return nil }
        defer { sd_bus_flush_close_unref(bus) }
        var call: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &call, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") >= 0, let call else { return nil }
        defer { sd_bus_message_unref(call) }
        var reply: OpaquePointer?
        var problem = [CChar](repeating: 0, count: 256)
        guard limelight_bus_call(bus, call, 2_000_000, &reply, &problem, problem.count) >= 0, let reply else { return nil }
        defer { sd_bus_message_unref(reply) }
        var message = BusMessage(reply)
        return message.readString()
    }

    /// Embeds the application in the registry's desktop.
    private func register() -> Bool {
        let handler: sd_bus_message_handler_t = { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<AccessibilityBridge>.fromOpaque(userdata).takeUnretainedValue().handle(message)
        }
        guard sd_bus_add_fallback(bus, nil, Self.pathPrefix, handler, Unmanaged.passUnretained(self).toOpaque()) >= 0 else { return false }
        // libatspi asks the cache for every object at once when it meets the app.
        guard sd_bus_add_object(bus, nil, AccessibleCache.path, handler, Unmanaged.passUnretained(self).toOpaque()) >= 0 else { return false }
        // Clients coming and going: who listens is asked again on the bus's thread.
        let listeners: sd_bus_message_handler_t = { _, userdata, _ in
            guard let userdata else { return 0 }
            let bridge = Unmanaged<AccessibilityBridge>.fromOpaque(userdata).takeUnretainedValue()
            bridge.listenersChanged = true
            return 0
        }
        for member in ["EventListenerRegistered", "EventListenerDeregistered"] {
            let rule = "type='signal',interface='org.a11y.atspi.Registry',member='\(member)'"
            guard sd_bus_add_match(bus, nil, rule, listeners, Unmanaged.passUnretained(self).toOpaque()) >= 0 else { return false }
        }
        var call: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &call, "org.a11y.atspi.Registry", Self.rootPath, "org.a11y.atspi.Socket", "Embed") >= 0, let call else { return false }
        defer { sd_bus_message_unref(call) }
        var m = BusMessage(call)
        m.reference(uniqueName, Self.rootPath)
        guard !m.failed else { return false }
        var reply: OpaquePointer?
        var problem = [CChar](repeating: 0, count: 256)
        guard limelight_bus_call(bus, call, 2_000_000, &reply, &problem, problem.count) >= 0, let reply else { return false }
        defer { sd_bus_message_unref(reply) }
        var r = BusMessage(reply)
        if sd_bus_message_enter_container(reply, CChar(UInt8(ascii: "r")), "so") > 0,
           let name = r.readString(), let path = r.readObjectPath() {
            desktop = (name, path)
        }
        return true
    }

    private func start() {
        let t = Thread { [self] in serve() }
        t.name = "limelight-atspi"
        thread = t
        t.start()
    }

    /// Stops serving and leaves the bus.
    public func stop() {
        lock.lock(); running = false; lock.unlock()
        poke()
        while thread?.isFinished == false { usleep(1000) }
        close()
    }

    private func close() {
        sd_bus_flush_close_unref(bus)
        Glibc.close(wake)
        Glibc.close(requestDescriptor)
    }

    private func poke() { var one: UInt64 = 1; _ = write(wake, &one, 8) }

    // MARK: - Main actor side

    /// Serves `root` from now on: the screen at `origin` (its top-left corner on the screen, in
    /// pixels) with `pixelsPerPoint`, in `language`. Changes since the last tree go out as events:
    /// the focus moving, elements coming and going, names, states and values changing.
    public func publish(_ root: SemanticNode, origin: Point, pixelsPerPoint: Double, language: String) {
        lock.lock()
        var numbers = self.numbers
        lock.unlock()
        let next = AccessibleTree(root, numbers: &numbers)
        lock.lock()
        self.numbers = numbers
        let previous = tree
        tree = next
        self.origin = origin
        self.pixelsPerPoint = pixelsPerPoint
        locale = language
        if let previous { signals += Self.signals(from: previous, to: next) }
        lock.unlock()
        poke()
    }

    /// What goes out on the bus when the screen changes from `previous` to `next`, in order: new
    /// and remade elements into the clients' caches first, then the events that name them, then gone ones out.
    static func signals(from previous: AccessibleTree, to next: AccessibleTree) -> [Signal] {
        let was = Set(AccessibleCache.reachable(previous).map { previous.elements[$0].number })
        let now = AccessibleCache.reachable(next)
        // Still served, if only as a dialog's target beneath it: not gone.
        let kept = Set(next.elements.map(\.number))
        // A parent that was there gets `ChildrenChanged` for its new children (`AccessibleEvents`).
        let before = Set(previous.elements.map(\.number))
        let added: [Signal] = now.filter { !was.contains(next.elements[$0].number) }.map { i in
            .added(next, i, placedByEvent: next.elements[i].parent.map { before.contains(next.elements[$0].number) } ?? false)
        }
        // An element that stayed but became another kind (a role, or an action, a value, a text it
        // did not have) is sent again: a client reads those once and no event changes them. Its
        // place is unchanged, or the events below move it.
        let remade: [Signal] = now.filter { i in
            let e = next.elements[i]
            guard was.contains(e.number), let o = previous.element(numbered: e.number) else { return false }
            let old = previous.elements[o]
            return old.role != e.role || AccessibleObject.optionalInterfaces(of: old) != AccessibleObject.optionalInterfaces(of: e)
        }.map { .added(next, $0, placedByEvent: true) }
        return added + remade + AccessibleEvents.between(previous, next).map(Signal.event)
            + was.subtracting(kept).sorted().map { .removed(Self.pathPrefix + "/\($0)") }
    }

    /// Whether a screen reader listens now (a client of the registry listens for focus events);
    /// a change wakes `requestDescriptor`.
    public var screenReaderListens: Bool { lock.lock(); defer { lock.unlock() }; return listening }

    /// What clients asked for since the last call, in order.
    public func takeRequests() -> [Request] {
        var count: UInt64 = 0
        _ = read(requestDescriptor, &count, 8)
        lock.lock(); defer { lock.unlock() }
        let out = requests
        requests = []
        return out
    }

    private func ask(_ request: Request) {
        lock.lock(); requests.append(request); lock.unlock()
        var one: UInt64 = 1
        _ = write(requestDescriptor, &one, 8)
    }

    // MARK: - The bus's thread

    private func serve() {
        while true {
            lock.lock()
            let go = running
            let out = signals
            signals = []
            lock.unlock()
            guard go else { return }
            for s in out {
                switch s {
                case .event(let event): emit(event)
                case .added(let tree, let index, let placed): emitAdded(index, of: tree, placedByEvent: placed)
                case .removed(let path): emitRemoved(path)
                }
            }
            while sd_bus_process(bus, nil) > 0 {}
            if listenersChanged {
                listenersChanged = false
                updateListening()
            }
            // sd-bus's events are poll's bits, or a negative error: then none.
            var fds = [pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: max(0, sd_bus_get_events(bus))), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            var timeout: UInt64 = 0
            var wait: Int32 = 1000
            if sd_bus_get_timeout(bus, &timeout) > 0, timeout != UInt64.max {
                let now = Self.monotonicMicroseconds()
                wait = timeout <= now ? 0 : Int32(min(1000, (timeout - now) / 1000 + 1))
            }
            _ = poll(&fds, 2, wait)
            if fds[1].revents != 0 { var n: UInt64 = 0; _ = read(wake, &n, 8) }
        }
    }

    /// CLOCK_MONOTONIC in microseconds, as sd-bus's timeouts are given.
    private static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (micros, overflow) = UInt64(clamping: now.tv_sec).multipliedReportingOverflow(by: 1_000_000)
        return overflow ? UInt64.max : micros.addingReportingOverflow(UInt64(clamping: now.tv_nsec) / 1000).partialValue
    }

    /// Asks the registry which events its clients listen for; a change of whether a screen reader
    /// listens wakes the main actor.
    private func updateListening() {
        var made: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &made, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                             "org.a11y.atspi.Registry", "GetRegisteredEvents") >= 0, let call = made else { return }
        defer { sd_bus_message_unref(call) }
        var reply: OpaquePointer?
        var problem = [CChar](repeating: 0, count: 256)
        guard limelight_bus_call(bus, call, 2_000_000, &reply, &problem, problem.count) >= 0, let reply else { return }
        defer { sd_bus_message_unref(reply) }
        var events: [String] = []
        var r = BusMessage(reply)
        if sd_bus_message_enter_container(reply, CChar(UInt8(ascii: "a")), "(ss)") > 0 {
            while sd_bus_message_enter_container(reply, CChar(UInt8(ascii: "r")), "ss") > 0 {
                _ = r.readString()
                if let event = r.readString() { events.append(event) }
                sd_bus_message_exit_container(reply)
            }
        }
        let now = Self.screenReaderListens(to: events)
        lock.lock()
        let changed = now != listening
        listening = now
        lock.unlock()
        if changed { var one: UInt64 = 1; _ = write(requestDescriptor, &one, 8) }
    }

    /// Whether clients listening for `events` include a screen reader: one that follows the focus.
    static func screenReaderListens(to events: [String]) -> Bool {
        events.contains { e in
            let word = e.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            return word.hasPrefix("focus") || word.contains("statechangedfocused") || word == "object" || word == "objectstatechanged"
        }
    }

    /// An `org.a11y.atspi.Event.Object` signal.
    private func emit(_ event: AccessibleEvents.Event) {
        var made: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &made, event.path, "org.a11y.atspi.Event.Object", event.member) >= 0, let signal = made else { return }
        defer { sd_bus_message_unref(signal) }
        var m = BusMessage(signal)
        m.string(event.detail); m.int32(event.detail1); m.int32(event.detail2)
        switch event.any {
        case .int(let v): m.container("v", "i") { $0.int32(v) }
        case .reference(let p): m.container("v", "(so)") { $0.reference(uniqueName, p) }
        case .text(let s): m.container("v", "s") { $0.string(s) }
        }
        m.container("a", "{sv}") { _ in }
        guard !m.failed else { return }
        _ = sd_bus_send(bus, signal, nil)
    }

    /// `AddAccessible`: a new element, with everything the cache keeps of it.
    private func emitAdded(_ index: Int, of tree: AccessibleTree, placedByEvent: Bool) {
        var context = context()
        context.tree = tree
        cacheSignal("AddAccessible") {
            $0.container("r", AccessibleCache.itemSignature) { AccessibleCache.item(&$0, index, context: context, placedByEvent: placedByEvent) }
        }
    }

    /// `RemoveAccessible`: an element gone.
    private func emitRemoved(_ path: String) {
        cacheSignal("RemoveAccessible") { $0.reference(uniqueName, path) }
    }

    private func cacheSignal(_ member: String, _ body: (inout BusMessage) -> Void) {
        var made: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &made, AccessibleCache.path, "org.a11y.atspi.Cache", member) >= 0, let signal = made else { return }
        defer { sd_bus_message_unref(signal) }
        var m = BusMessage(signal)
        body(&m)
        guard !m.failed else { return }
        _ = sd_bus_send(bus, signal, nil)
    }

    /// Answers one method call (`MethodDispatch`); 1 when answered, 0 to let sd-bus say it is unknown.
    private func handle(_ message: OpaquePointer) -> Int32 {
        let call = MethodCall(message)
        var made: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &made) >= 0, let r = made else { return 0 }
        defer { sd_bus_message_unref(r) }
        var reply = BusMessage(r)
        let answer = MethodDispatch.answer(call, context: context(), reply: &reply)
        switch answer.outcome {
        case .unknown:
            return 0
        case .error(let name, let text):
            return limelight_bus_reply_error(message, name, text)
        case .replied:
            guard !reply.failed else {
                return limelight_bus_reply_error(message, "org.freedesktop.DBus.Error.Failed", "the reply could not be written")
            }
            if let id = answer.applicationID { lock.lock(); applicationID = id; lock.unlock() }
            if let request = answer.request { ask(request) }
            return sd_bus_send(bus, r, nil) >= 0 ? 1 : 0
        }
    }

    /// What an answer reads now: the last tree published, and where the screen is.
    private func context() -> AccessibleObject.Context {
        lock.lock(); defer { lock.unlock() }
        return AccessibleObject.Context(tree: tree, uniqueName: uniqueName, appName: appName, desktop: desktop,
                                        applicationID: applicationID, origin: origin, pixelsPerPoint: pixelsPerPoint, locale: locale)
    }
}
