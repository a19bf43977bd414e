/// Owns FreeType for one engine and the faces it opened, by file, index, pixel size and synthetic
/// bold. Sizes in a UI are few: past `capacity` open faces the cache starts over.
@MainActor
final class FontCache {
    /// How many open faces the cache keeps before `trimIfNeeded()` closes them all.
    static let capacity = 64

    private struct Key: Hashable {
        var file: String
        var index: Int
        var pixelSize: Int
        var syntheticBold: Bool
    }

    private let library: FreeTypeLibrary
    private var faces: [Key: ShapingFace] = [:]
    private var failures: Set<Key> = []

    /// Starts FreeType.
    init() throws { library = try FreeTypeLibrary() }

    /// `face` opened at `pixelSize`, or nil when FreeType cannot open it.
    func face(for source: FaceSource, pixelSize: Int) -> ShapingFace? {
        let key = Key(file: source.file, index: source.index, pixelSize: pixelSize, syntheticBold: source.syntheticBold)
        if let face = faces[key] { return face }
        if failures.contains(key) { return nil }
        guard let face = ShapingFace(file: source.file, index: source.index, pixelSize: pixelSize,
                                     syntheticBold: source.syntheticBold, library: library) else {
            failures.insert(key)
            return nil
        }
        faces[key] = face
        return face
    }

    /// Whether FreeType failed to open `source`.
    func failed(_ source: FaceSource, pixelSize: Int) -> Bool {
        failures.contains(Key(file: source.file, index: source.index, pixelSize: pixelSize, syntheticBold: source.syntheticBold))
    }

    /// Closes every open face once more than `capacity` are open.
    func trimIfNeeded() {
        guard faces.count > Self.capacity else { return }
        faces.removeAll(keepingCapacity: true)
    }
}
