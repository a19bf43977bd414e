/// A rectangle of premultiplied ARGB8888 pixels (0xAARRGGBB in native-endian UInt32), row by row.
///
/// Pixmaps own their memory, unless made over a host's (`init(borrowing:…)`). Rows are `stride`
/// pixels apart (`stride >= width`), so a pixmap can be handed to SDL as a streaming texture's
/// source without copying. The class has reference semantics:
/// two variables may name the same pixels; use `copy()` for a separate buffer.
public final class Pixmap {
    /// The largest side a pixmap may have, in pixels.
    public static let maxSide = 16384
    /// The largest buffer a pixmap may use, in bytes (512 MiB).
    public static let maxBytes = 512 * 1024 * 1024

    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The distance between the starts of two rows, in pixels.
    public let stride: Int
    /// The first pixel of the first row.
    public let pixels: UnsafeMutablePointer<UInt32>
    /// Whether the pixels are the pixmap's own, freed with it (false over a host's frame).
    public let ownsPixels: Bool

    /// A transparent pixmap. Refuses zero, negative or absurd sizes with `RasterError.invalidSize`.
    public init(width: Int, height: Int) throws(RasterError) {
        try Pixmap.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.stride = width
        ownsPixels = true
        let count = width * height
        pixels = .allocate(capacity: count)
        Pixmap.adviseHugePages(pixels, bytes: count * 4)
        pixels.initialize(repeating: 0, count: count)
    }

    /// A pixmap whose pixels are left as memory gives them, for one that is painted whole before
    /// any pixel is read (a frame or a layer repainted in full): it saves clearing it first.
    public init(unfilledWidth width: Int, height: Int) throws(RasterError) {
        try Pixmap.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.stride = width
        ownsPixels = true
        pixels = .allocate(capacity: width * height)
        Pixmap.adviseHugePages(pixels, bytes: width * height * 4)
    }

    /// A pixmap over memory it does not own (an app's own frame, drawn and shown by the app), rows
    /// `stride` pixels apart; it is never freed by the pixmap. Refuses the sizes `validate` refuses
    /// and a stride under the width.
    ///
    /// Hazard: the memory must hold `stride * (height - 1) + width` pixels and outlive the pixmap;
    /// nothing can check either.
    public init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) throws(RasterError) {
        try Pixmap.validate(width: width, height: height)
        guard stride >= width, stride <= Pixmap.maxSide * 2 else {
            throw .invalidSize(width: width, height: height, reason: "rows \(stride) pixels apart cannot hold \(width) pixels each")
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        ownsPixels = false
    }

    /// A pixmap filled with `color`.
    public convenience init(width: Int, height: Int, fill color: Color) throws(RasterError) {
        try self.init(width: width, height: height)
        fill(color)
    }

    /// Checks a size against the limits without allocating.
    public static func validate(width: Int, height: Int) throws(RasterError) {
        guard width > 0, height > 0 else {
            throw .invalidSize(width: width, height: height, reason: "width and height must be at least 1 pixel")
        }
        guard width <= maxSide, height <= maxSide else {
            throw .invalidSize(width: width, height: height, reason: "a side may be at most \(maxSide) pixels")
        }
        guard width * height * 4 <= maxBytes else {
            throw .invalidSize(width: width, height: height, reason: "the buffer would exceed \(maxBytes / 1024 / 1024) MiB")
        }
    }

    deinit { if ownsPixels { pixels.deallocate() } }

    /// The whole pixmap as an integer rectangle at the origin.
    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// A pointer to row `y` (no bounds check: callers clip first).
    @inlinable public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * stride }

    /// The pixel at (x, y), or 0 outside the pixmap.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { (x >= 0 && y >= 0 && x < width && y < height) ? pixels[y * stride + x] : 0 }
        set { if x >= 0 && y >= 0 && x < width && y < height { pixels[y * stride + x] = newValue } }
    }

    /// The straight-alpha colour at (x, y).
    public func color(x: Int, y: Int) -> Color { Color(premultiplied: self[x, y]) }

    /// Sets every pixel to `color` (no blending).
    public func fill(_ color: Color) { fill(color, in: bounds) }

    /// Sets every pixel of `rect` (clipped to the pixmap) to `color` (no blending).
    public func fill(_ color: Color, in rect: IntRect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let v = color.premultiplied
        for y in r.y..<r.maxY { (row(y) + r.x).update(repeating: v, count: r.width) }
    }

    /// A separate pixmap with the same pixels.
    public func copy() -> Pixmap {
        let p = try! Pixmap(width: width, height: height) // same size was already valid
        p.copyPixels(from: self, in: bounds)
        return p
    }

    /// Copies the pixels of `rect` from `source` (same size) into this pixmap.
    public func copyPixels(from source: Pixmap, in rect: IntRect) {
        let r = rect.intersection(bounds).intersection(source.bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { (row(y) + r.x).update(from: source.row(y) + r.x, count: r.width) }
    }

    /// Whether the two pixmaps have the same size and the same pixels.
    public func hasSamePixels(as other: Pixmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height where memcmp(row(y), other.row(y), width * 4) != 0 { return false }
        return true
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Pixmap {
    /// Whether new buffers ask the kernel for huge pages (`adviseHugePages`): off unless the
    /// program's host turns it on at start (`limelight` does), a process-wide choice that is the
    /// host's to make, not a library's. Set it once, before any pixmap exists.
    nonisolated(unsafe) public static var advisesHugePages = false

    /// Asks the kernel to back the whole 2 MiB blocks inside a new buffer with huge pages
    /// (`MADV_HUGEPAGE`: Linux's transparent huge pages, in their default `madvise` mode), when the
    /// host asked for it (`advisesHugePages`): a frame of 1536x2048 pixels is then faulted in 6
    /// times instead of 3,072, which halved the page faults of a `limelight test` run
    /// (BENCHMARKS.md). Smaller buffers, and memory the kernel cannot give as huge pages, keep
    /// ordinary pages; the pixels are the same either way.
    static func adviseHugePages(_ pointer: UnsafeMutablePointer<UInt32>, bytes: Int) {
        #if canImport(Glibc)
        guard advisesHugePages else { return }
        let huge = 2 << 20
        let start = (Int(bitPattern: pointer) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: pointer) + bytes) & ~(huge - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
        #endif
    }
}
