/// A cache that holds at most `capacity` values: the recent ones, in two generations. Values go
/// into the young generation; when it is full it becomes the old one (the one before is dropped),
/// and a value found in the old generation moves back into the young. So a working set smaller
/// than half the capacity is never dropped, and nothing grows past the capacity, whatever the text.
struct BoundedCache<Key: Hashable, Value> {
    /// The most values held.
    let capacity: Int
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]

    /// An empty cache of at most `capacity` values (at least 2).
    init(capacity: Int) { self.capacity = max(2, capacity) }

    /// How many values are held.
    var count: Int { young.count + old.count }

    /// The value for `key`, nil when it is not held; a value found in the old generation is kept again.
    subscript(key: Key) -> Value? {
        mutating get {
            if let value = young[key] { return value }
            guard let value = old.removeValue(forKey: key) else { return nil }
            insert(value, for: key)
            return value
        }
    }

    /// Holds `value` for `key`.
    mutating func insert(_ value: Value, for key: Key) {
        if young.count >= capacity / 2 {
            old = young
            young.removeAll(keepingCapacity: true)
        }
        young[key] = value
    }

    /// Drops every value.
    mutating func removeAll() {
        young.removeAll()
        old.removeAll()
    }
}
