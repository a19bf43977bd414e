import Raster

/// A small least-recently-used cache of prepared pixels, owned by a root (Flutter keeps a raster
/// cache for the same reason): views with the same geometry share one entry, so every card's shadow
/// is blurred once and every card image is resampled once, not on each paint.
///
/// Entries depend only on their key, never on the dirty rectangle being painted, so a partial repaint
/// draws exactly the pixels a full one does.
@MainActor
public final class PaintCache {
    /// What an entry depends on, in device pixels.
    struct Key: Hashable {
        var kind: String
        var values: [Double]
        /// The source image, by identity (the entry keeps it alive, so the identity stays unique).
        var source: ObjectIdentifier?
    }

    private enum Entry {
        case mask(Mask)
        case pixmap(Pixmap, source: AnyObject?)
    }

    let capacity: Int
    /// The most bytes of pixels and coverage kept at once.
    let byteBudget: Int
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    private var bytes = 0

    /// A cache of at most `capacity` entries and `byteBudget` bytes. Keys are in device pixels and
    /// name their source image by identity, so roots of any size and scale may share one (a test
    /// run gives each group's root the run's).
    public init(capacity: Int = 32, byteBudget: Int = 32 << 20) { self.capacity = max(1, capacity); self.byteBudget = byteBudget }

    /// The coverage mask for `key`, made by `make` when it is not cached.
    func mask(for key: Key, make: () -> Mask) -> Mask {
        if case .mask(let m)? = lookUp(key) { return m }
        let m = make()
        store(.mask(m), for: key)
        return m
    }

    /// The pixmap for `key`, made by `make` when it is not cached (nil results are not cached).
    func pixmap(for key: Key, source: AnyObject?, make: () -> Pixmap?) -> Pixmap? {
        if case .pixmap(let p, _)? = lookUp(key) { return p }
        guard let p = make() else { return nil }
        store(.pixmap(p, source: source), for: key)
        return p
    }

    /// The number of entries held.
    var count: Int { entries.count }

    private func lookUp(_ key: Key) -> Entry? {
        guard let e = entries[key] else { return nil }
        if let i = order.firstIndex(of: key), i != order.count - 1 { order.remove(at: i); order.append(key) }
        return e
    }

    private func store(_ entry: Entry, for key: Key) {
        entries[key] = entry
        order.append(key)
        bytes += size(of: entry)
        while order.count > 1 && (order.count > capacity || bytes > byteBudget) {
            if let gone = entries.removeValue(forKey: order.removeFirst()) { bytes -= size(of: gone) }
        }
    }

    /// An entry's bytes.
    private func size(of entry: Entry) -> Int {
        switch entry {
        case .mask(let m): return m.bounds.width * m.bounds.height
        case .pixmap(let p, _): return p.width * p.height * 4
        }
    }
}
