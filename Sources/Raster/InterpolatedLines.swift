/// The two image rows a bilinear draw read last, each already interpolated across its columns:
/// device rows that fall between the same two image rows (an image drawn larger) reuse them. Each
/// device column's two source columns (clamped to the image) and its weight between them are
/// worked out once per draw.
struct InterpolatedLines {
    private let left: UnsafeMutablePointer<Int>
    private let right: UnsafeMutablePointer<Int>
    private let weight: UnsafeMutablePointer<UInt32>
    private let first: UnsafeMutablePointer<UInt32>
    private let second: UnsafeMutablePointer<UInt32>
    private var firstRow = -1
    private var secondRow = -1
    private let width: Int

    /// Lines of `width` device pixels whose 16.16 source positions start at `start` and advance by
    /// `step`, in an image whose last column is `maxX`.
    init(start: Int, step: Int, width: Int, maxX: Int) {
        self.width = width
        let room = max(1, width)
        left = .allocate(capacity: room)
        right = .allocate(capacity: room)
        weight = .allocate(capacity: room)
        first = .allocate(capacity: room)
        second = .allocate(capacity: room)
        var u = start
        for i in 0..<width {
            let ux = u >> 16
            left[i] = min(maxX, max(0, ux))
            right[i] = min(maxX, max(0, ux + 1))
            weight[i] = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
            u &+= step
        }
    }

    /// Image row `row` interpolated across, made now unless kept; the line kept for `other` (the
    /// other row the device row reads) is not overwritten.
    mutating func line(_ row: Int, keeping other: Int, of image: Pixmap) -> UnsafePointer<UInt32> {
        if firstRow == row { return UnsafePointer(first) }
        if secondRow == row { return UnsafePointer(second) }
        let target: UnsafeMutablePointer<UInt32>
        if firstRow != other {
            target = first
            firstRow = row
        } else {
            target = second
            secondRow = row
        }
        let source = image.row(row)
        for i in 0..<width { target[i] = Canvas.lerp(source[left[i]], source[right[i]], weight[i]) }
        return UnsafePointer(target)
    }

    /// Frees the tables and the lines.
    func deallocate() {
        left.deallocate()
        right.deallocate()
        weight.deallocate()
        first.deallocate()
        second.deallocate()
    }
}
