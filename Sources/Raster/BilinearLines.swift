/// The columns of a bilinear draw: for each device column, the two image columns it reads
/// (clamped to the image) and its weight between them, worked out once per draw.
struct BilinearColumns {
    /// The left source column of each device column.
    let left: UnsafeMutablePointer<Int>
    /// The right source column (the left one at the image's right side).
    let right: UnsafeMutablePointer<Int>
    /// The weight of the right column, 0...255.
    let weight: UnsafeMutablePointer<UInt32>
    /// The device columns.
    let count: Int

    /// The columns of `count` device pixels whose 16.16 source positions start at `start` and
    /// advance by `step`, in an image whose last column is `maxX`.
    init(start: Int, step: Int, count: Int, maxX: Int) {
        self.count = count
        left = .allocate(capacity: max(1, count))
        right = .allocate(capacity: max(1, count))
        weight = .allocate(capacity: max(1, count))
        var u = start
        for i in 0..<count {
            let ux = u >> 16
            left[i] = min(maxX, max(0, ux))
            right[i] = min(maxX, max(0, ux + 1))
            weight[i] = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
            u &+= step
        }
    }

    /// Frees the tables.
    func deallocate() {
        left.deallocate()
        right.deallocate()
        weight.deallocate()
    }
}

/// The two image rows a bilinear draw reads last, each already interpolated across its columns:
/// device rows that fall between the same two image rows (an image drawn larger) reuse them.
struct InterpolatedLines {
    private var first: UnsafeMutablePointer<UInt32>
    private var second: UnsafeMutablePointer<UInt32>
    private var firstRow = -1
    private var secondRow = -1
    private let width: Int

    /// Room for two lines of `width` device pixels.
    init(width: Int) {
        self.width = width
        first = .allocate(capacity: max(1, width))
        second = .allocate(capacity: max(1, width))
    }

    /// Image row `row` interpolated across `columns`, made now unless kept; the line kept for
    /// `keeping` (the other row the device row reads) is not overwritten.
    mutating func line(_ row: Int, keeping other: Int, of image: Pixmap, columns: BilinearColumns) -> UnsafePointer<UInt32> {
        if firstRow == row { return UnsafePointer(first) }
        if secondRow == row { return UnsafePointer(second) }
        let target: UnsafeMutablePointer<UInt32>
        if firstRow != other || secondRow == other {
            target = first
            firstRow = row
        } else {
            target = second
            secondRow = row
        }
        let source = image.row(row)
        for i in 0..<width {
            target[i] = Canvas.lerp(source[columns.left[i]], source[columns.right[i]], columns.weight[i])
        }
        return UnsafePointer(target)
    }

    /// Frees the lines.
    func deallocate() {
        first.deallocate()
        second.deallocate()
    }
}
