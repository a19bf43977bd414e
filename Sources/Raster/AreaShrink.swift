/// An area-averaged shrink of one size to another (`Pixmap.areaAveraged`), in whole numbers.
///
/// A target row's source rows are summed column by column, each weighted by the units of it that
/// the target row covers (`ShrinkAxis`); then each target pixel sums the columns it covers, each
/// weighted likewise, and divides by the units of its area (`RoundedQuotient`). Two ways, with the
/// same result to the bit:
/// - `withSixteenBitSums`: a column's sums as four 16-bit lanes, one a byte of the pixel, made by
///   a loop over the row's bytes that the compiler turns into 16-bit vector multiplies; each target
///   pixel's four channels summed and divided as one vector. For shrinks whose target row spans at
///   most 257 units (its column sums reach 255 × 257 = 65,535), which common sizes are (1920x1080
///   to 1056x594: 20 units a row; 390x844 to 222x480: 211).
/// - `withWideSums`: 32-bit column sums in a plane a channel and 64-bit pixel sums, for any size.
/// - `halving`: each target pixel the mean of a 2x2 block, for a shrink to exactly half a side in
///   both (a desktop frame to its storyboard panel), read once as pairs of pixels in 16-bit lanes.
struct AreaShrink {
    /// The horizontal axis.
    let columns: ShrinkAxis
    /// The vertical axis.
    let rows: ShrinkAxis
    /// Division by a target pixel's area in units.
    let quotient: RoundedQuotient

    /// A shrink along `columns` and `rows`.
    init(columns: ShrinkAxis, rows: ShrinkAxis) {
        self.columns = columns
        self.rows = rows
        quotient = RoundedQuotient(divisor: UInt64(columns.spanUnits) * UInt64(rows.spanUnits))
    }

    /// Whether `withSixteenBitSums` may be used: a column's sums fit 16 bits, a pixel's 32, and its
    /// quotients need no more than 64.
    var fitsSixteenBitSums: Bool {
        #if _endian(little)
        return rows.spanUnits <= 257 && quotient.fitsSixtyFourBits
        #else
        return false
        #endif
    }

    /// Whether `halving` may be used: the target is exactly half the source on both sides.
    var isHalving: Bool { columns.source == 2 * columns.target && rows.source == 2 * rows.target }

    /// The shrink to half a side (`isHalving` must hold): each target pixel the rounded mean of the
    /// 2x2 block under it, channel by channel, colours clamped to alpha as the other ways clamp them.
    func halving(from source: Pixmap, into out: Pixmap) {
        let half = SIMD4<UInt16>(repeating: 2)
        for ty in 0..<rows.target {
            let top = UnsafeRawPointer(source.row(2 * ty)), bottom = UnsafeRawPointer(source.row(2 * ty + 1))
            let target = out.row(ty)
            for tx in 0..<columns.target {
                // Two source pixels of each row as eight bytes, widened to 16-bit lanes and summed.
                let a = SIMD8<UInt16>(truncatingIfNeeded: top.loadUnaligned(fromByteOffset: 8 * tx, as: SIMD8<UInt8>.self))
                let b = SIMD8<UInt16>(truncatingIfNeeded: bottom.loadUnaligned(fromByteOffset: 8 * tx, as: SIMD8<UInt8>.self))
                let rows = a &+ b
                let q = (rows.lowHalf &+ rows.highHalf &+ half) &>> 2
                let clamped = q.replacing(with: SIMD4(repeating: q[3]), where: q .> SIMD4(repeating: q[3]))
                target[tx] = UInt32(clamped[3]) << 24 | UInt32(clamped[2]) << 16 | UInt32(clamped[1]) << 8 | UInt32(clamped[0])
            }
        }
    }

    /// Each target column's first source column and the weights of the columns it covers, `count`
    /// a column (unused ones 0): target column `t`'s weights are `weights[t * count ..< (t + 1) * count]`.
    struct ColumnWeights<Weight: FixedWidthInteger> {
        let first: UnsafeMutablePointer<Int>
        let weights: UnsafeMutablePointer<Weight>
        let count: Int

        init(_ axis: ShrinkAxis) {
            count = axis.mostCells
            first = .allocate(capacity: axis.target)
            weights = .allocate(capacity: axis.target * count)
            weights.initialize(repeating: 0, count: axis.target * count)
            for t in 0..<axis.target {
                let cells = axis.cells(of: t)
                first[t] = cells.lowerBound
                for c in cells { weights[t * count + c - cells.lowerBound] = Weight(axis.weight(of: c, in: t)) }
            }
        }

        func deallocate() { first.deallocate(); weights.deallocate() }
    }

    /// The shrink with 16-bit column sums (`fitsSixteenBitSums` must hold): `out` is the target size.
    func withSixteenBitSums(from source: Pixmap, into out: Pixmap) {
        let table = ColumnWeights<UInt32>(columns)
        // A row's column sums, a byte's lane each (B, G, R, A in memory order), and `table.count`
        // zero columns past the end that unused weights point at.
        let lanes = 4 * (source.width + table.count)
        let sums = UnsafeMutablePointer<UInt16>.allocate(capacity: lanes)
        sums.initialize(repeating: 0, count: lanes)
        defer { table.deallocate(); sums.deallocate() }
        let bytes = 4 * source.width
        for ty in 0..<rows.target {
            let sourceRows = rows.cells(of: ty)
            for y in sourceRows {
                let weight = UInt16(rows.weight(of: y, in: ty))
                let row = UnsafeRawPointer(source.row(y)).assumingMemoryBound(to: UInt8.self)
                if y == sourceRows.lowerBound {
                    for i in 0..<bytes { sums[i] = UInt16(row[i]) &* weight }
                } else {
                    for i in 0..<bytes { sums[i] &+= UInt16(row[i]) &* weight }
                }
            }
            let target = out.row(ty), raw = UnsafeRawPointer(sums)
            for tx in 0..<columns.target {
                let start = 8 * table.first[tx], weight = table.weights + tx * table.count
                func column(_ k: Int) -> SIMD4<UInt32> {
                    SIMD4<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: start + 8 * k, as: SIMD4<UInt16>.self)) &* weight[k]
                }
                var total: SIMD4<UInt32>
                if table.count == 3 {  // a shrink to more than half a side (a panel): parts of two or three columns
                    total = column(0) &+ column(1) &+ column(2)
                } else {
                    total = .zero
                    for k in 0..<table.count { total &+= column(k) }
                }
                let q = quotient.quotients(total)
                // Premultiplied in, premultiplied out (a colour's mean never exceeds alpha's); the
                // `min` keeps that for a source that breaks it.
                target[tx] = q[3] << 24 | min(q[3], q[2]) << 16 | min(q[3], q[1]) << 8 | min(q[3], q[0])
            }
        }
    }

    /// The shrink with 32-bit column sums, a plane a channel (at most 255 × 16,384 < 2²²), and
    /// 64-bit pixel sums: any size. `out` is the target size.
    func withWideSums(from source: Pixmap, into out: Pixmap) {
        let table = ColumnWeights<UInt64>(columns)
        let planeLength = source.width + table.count
        let planes = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * planeLength)
        planes.initialize(repeating: 0, count: 4 * planeLength)
        defer { table.deallocate(); planes.deallocate() }
        let a = planes, r = planes + planeLength, g = planes + 2 * planeLength, b = planes + 3 * planeLength
        for ty in 0..<rows.target {
            let sourceRows = rows.cells(of: ty)
            for y in sourceRows {
                let weight = UInt32(rows.weight(of: y, in: ty)), row = source.row(y)
                if y == sourceRows.lowerBound {
                    for x in 0..<source.width {
                        let p = row[x]
                        a[x] = (p >> 24) &* weight; r[x] = (p >> 16 & 0xFF) &* weight
                        g[x] = (p >> 8 & 0xFF) &* weight; b[x] = (p & 0xFF) &* weight
                    }
                } else {
                    for x in 0..<source.width {
                        let p = row[x]
                        a[x] &+= (p >> 24) &* weight; r[x] &+= (p >> 16 & 0xFF) &* weight
                        g[x] &+= (p >> 8 & 0xFF) &* weight; b[x] &+= (p & 0xFF) &* weight
                    }
                }
            }
            let target = out.row(ty)
            for tx in 0..<columns.target {
                let start = table.first[tx], weight = table.weights + tx * table.count
                var sa: UInt64 = 0, sr: UInt64 = 0, sg: UInt64 = 0, sb: UInt64 = 0
                for k in 0..<table.count {
                    let wk = weight[k], x = start + k
                    sa &+= wk &* UInt64(a[x]); sr &+= wk &* UInt64(r[x])
                    sg &+= wk &* UInt64(g[x]); sb &+= wk &* UInt64(b[x])
                }
                let alpha = quotient(sa)
                target[tx] = alpha << 24 | min(alpha, quotient(sr)) << 16 | min(alpha, quotient(sg)) << 8 | min(alpha, quotient(sb))
            }
        }
    }
}
