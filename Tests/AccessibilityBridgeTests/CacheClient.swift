@testable import AccessibilityBridge

/// A screen reader's cache of the app, kept by libatspi's rules (at-spi2-core 2.46, Debian 12's:
/// atspi-misc.c and atspi-event-listener.c), with no bus: filled by `GetItems`, then kept by the
/// signals the bridge sends alone.
///
/// - An item (`GetItems`, `AddAccessible`) sets the element's interfaces, name, role, description
///   and states and its parent; it takes the slot of its index in its parent's children (which grow to
///   reach it, empty slots between), and its own children become as many slots as it counts,
///   those it had kept.
/// - `ChildrenChanged` `add` takes the child out of the parent's children where it is, then inserts
///   it at its index (one past the end drops the parent's cached children); `remove` takes it out.
///   Neither is heeded by a parent whose children are not cached.
/// - `PropertyChange` sets a name or a description; `StateChanged` sets or clears one state.
/// - `RemoveAccessible` forgets the element and takes it out of its parent's children.
///
/// Walking from an element reads what the cache holds, and asks the app (`truth`) for what it
/// does not: an element never filled, children not cached, an empty slot.
struct CacheClient {
    /// What GetItems or AddAccessible says of one element.
    struct Item: Equatable {
        var path: String, parent: String, index: Int32, count: Int32, interfaces: [String]
        var name: String, role: UInt32, description: String, states: [UInt32]

        /// The item in a `RecordedReply`'s value (a `(so)(so)(so)iiassusau` struct); nil for another value.
        init?(_ value: RecordedReply.Value) {
            guard case .container("r", AccessibleCache.itemSignature, let f) = value, f.count == 10,
                  case .container("r", "so", let own) = f[0], case .objectPath(let path)? = own.last,
                  case .container("r", "so", let up) = f[2], case .objectPath(let parent)? = up.last,
                  case .int32(let index) = f[3], case .int32(let count) = f[4], case .container("a", "s", let names) = f[5],
                  case .string(let name) = f[6],
                  case .uint32(let role) = f[7], case .string(let description) = f[8], case .container("a", "u", let words) = f[9]
            else { return nil }
            self.path = path; self.parent = parent; self.index = index; self.count = count
            interfaces = names.compactMap { if case .string(let n) = $0 { return n } else { return nil } }
            self.name = name; self.role = role; self.description = description
            states = words.compactMap { if case .uint32(let w) = $0 { return w } else { return nil } }
        }
    }

    /// One element as the client holds it.
    struct Object {
        var item: Item?
        var parent: String?
        var children: [String?] = []
        var childrenCached = false
    }

    /// What a walk reads of one element and those below it.
    struct Node: Equatable, CustomStringConvertible {
        var path: String, name: String, role: UInt32, describedAs: String, states: [UInt32], interfaces: [String]
        var children: [Node]
        /// Its number and name, and its children's, nested: what a failure shows.
        var description: String {
            "\(path.split(separator: "/").last ?? "") \(name.debugDescription)"
                + (children.isEmpty ? "" : " [" + children.map(\.description).joined(separator: ", ") + "]")
        }
        init(path: String, item: Item, children: [Node]) {
            self.path = path; name = item.name; role = item.role; describedAs = item.description; states = item.states
            interfaces = item.interfaces
            self.children = children
        }
    }

    private(set) var objects: [String: Object] = [:]

    /// The items of `tree` as `GetItems` answers them.
    static func items(of tree: AccessibleTree) -> [Item] {
        var reply = RecordedReply()
        AccessibleCache.items(into: &reply, context: AccessibleObject.Context(tree: tree))
        guard case .container("a", _, let all)? = reply.values.first else { return [] }
        return all.compactMap(Item.init)
    }

    /// A client that met the app showing `tree`.
    init(meeting tree: AccessibleTree) {
        for item in Self.items(of: tree) { take(item) }
    }

    /// An item, from `GetItems` or `AddAccessible`.
    mutating func take(_ item: Item) {
        var object = objects[item.path] ?? Object()
        object.item = item
        object.parent = item.parent
        if item.index >= 0, item.parent != item.path {
            var parent = objects[item.parent] ?? Object()
            let index = Int(item.index)
            if index >= parent.children.count { parent.children += Array(repeating: nil, count: index + 1 - parent.children.count) }
            parent.children[index] = item.path
            objects[item.parent] = parent
        }
        if item.count >= 0 {
            let count = Int(item.count)
            object.children = Array(object.children.prefix(count)) + Array(repeating: nil, count: max(0, count - object.children.count))
            object.childrenCached = true
        }
        objects[item.path] = object
    }

    /// A signal the bridge sent.
    mutating func take(_ signal: AccessibilityBridge.Signal) {
        switch signal {
        case .added(let tree, let index, let placed):
            var reply = RecordedReply()
            reply.container("r", AccessibleCache.itemSignature) {
                AccessibleCache.item(&$0, index, context: AccessibleObject.Context(tree: tree), placedByEvent: placed)
            }
            if let item = reply.values.first.flatMap(Item.init) { take(item) }
        case .removed(let path):
            if let parent = objects[path]?.parent, let at = objects[parent]?.children.firstIndex(of: path) {
                objects[parent]!.children.remove(at: at)
            }
            objects[path] = nil
        case .event(let event):
            take(event)
        }
    }

    private mutating func take(_ event: AccessibleEvents.Event) {
        var object = objects[event.path] ?? Object()
        switch (event.member, event.any) {
        case ("ChildrenChanged", .reference(let child)):
            guard object.childrenCached else { return }
            if let at = object.children.firstIndex(of: child) { object.children.remove(at: at) }
            if event.detail == "add" {
                if event.detail1 < 0 || Int(event.detail1) > object.children.count { object.childrenCached = false } else {
                    object.children.insert(child, at: Int(event.detail1))
                }
            }
        case ("PropertyChange", .text(let text)):
            if event.detail == "accessible-name" { object.item?.name = text }
            if event.detail == "accessible-description" { object.item?.description = text }
        case ("StateChanged", _):
            let bits = ["enabled": 8, "sensitive": 24, "focused": 12, "selected": 23, "checked": 4, "busy": 3]
            if let bit = bits[event.detail], var words = object.item?.states, words.count == 2 {
                if event.detail1 != 0 { words[bit / 32] |= 1 << UInt32(bit % 32) } else { words[bit / 32] &= ~(1 << UInt32(bit % 32)) }
                object.item?.states = words
            }
        default:
            return
        }
        objects[event.path] = object
    }

    /// What a client reads walking down from `path`: from the cache where it holds it, else from
    /// `truth` (the app's answers now, by path).
    func walk(_ path: String, truth: [String: Item], depth: Int = 0) -> Node? {
        guard depth < 64, let item = objects[path]?.item ?? truth[path] else { return nil }
        let asked = Self.children(of: path, in: truth)
        let paths: [String]
        if let object = objects[path], object.childrenCached {
            paths = object.children.enumerated().compactMap { k, child in child ?? (asked.indices.contains(k) ? asked[k] : nil) }
        } else {
            paths = asked
        }
        return Node(path: path, item: item, children: paths.compactMap { walk($0, truth: truth, depth: depth + 1) })
    }

    /// What the app answers: the children of `path`, in order.
    static func children(of path: String, in truth: [String: Item]) -> [String] {
        truth.values.filter { $0.parent == path && $0.path != path }.sorted { $0.index < $1.index }.map(\.path)
    }

    /// The walk of a client that asks the app for everything.
    static func fresh(_ path: String, truth: [String: Item], depth: Int = 0) -> Node? {
        guard depth < 64, let item = truth[path] else { return nil }
        return Node(path: path, item: item, children: children(of: path, in: truth).compactMap { fresh($0, truth: truth, depth: depth + 1) })
    }
}
