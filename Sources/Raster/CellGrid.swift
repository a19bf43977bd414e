/// Cover and area accumulators for the cells of a mask, in 24.8 fixed point.
/// Hazard: the pointers are only valid while the `Storage` they come from is allocated.
struct CellGrid {
    /// The memory of a grid of up to `width`×`height` cells (cover, area, and a flag per eight
    /// cells), allocated once for the rasterizations of one mask; never initialized up front.
    struct Storage {
        let cover: UnsafeMutablePointer<Int32>
        let area: UnsafeMutablePointer<Int32>
        let touched: UnsafeMutablePointer<UInt8>

        init(width: Int, height: Int) {
            let blocks = (max(0, width) + 7) >> 3, rows = max(0, height)
            // Cover and area in one block. A mask's strips keep it to about 128 KiB
            // (`Rasterizer.stripRows`); only a grid for all rows (`fill(edges:fillRule:into:)`) grows
            // with the mask.
            let cells = max(1, blocks * 8 * rows)
            cover = .allocate(capacity: 2 * cells)
            area = cover + cells
            touched = .allocate(capacity: max(1, blocks * rows))
        }

        func deallocate() { cover.deallocate(); touched.deallocate() }
    }

    let cover: UnsafeMutablePointer<Int32>
    let area: UnsafeMutablePointer<Int32>
    /// One flag per eight cells of a row (`blocks` per row), set when a piece lands in them.
    let touched: UnsafeMutablePointer<UInt8>
    let blocks: Int
    let stride: Int
    let width: Int
    let height: Int

    /// Adds a line whose endpoints are sorted top to bottom (y0 ≤ y1); `sign` is its winding.
    ///
    /// Clipping never moves the line: where it enters and leaves each row, and where it crosses each
    /// cell boundary, are always found from its own two ends, so the cells inside the mask get exactly
    /// what they would get in a mask of any other size (a partial repaint equals a full one). Rows
    /// above or below the mask add nothing; parts left of it count towards the winding on its left
    /// side, parts right of it are dropped.
    mutating func addLine(x0: Int, y0: Int, x1: Int, y1: Int, sign: Int) {
        let maxY = height << 8
        guard y0 < y1, y1 > 0, y0 < maxY else { return }
        // Wholly right of the mask: every piece would be dropped.
        guard min(x0, x1) < width << 8 else { return }
        let yEnd = min(maxY, y1)
        if max(x0, x1) <= 0 {
            // Wholly left of the mask: all it adds is its winding, on the left side of each row.
            var ya = max(0, y0)
            while ya < yEnd {
                let row = ya >> 8
                let yb = min(yEnd, (row + 1) << 8)
                emit(base: row * stride, flags: row * blocks, x0: 0, y0: 0, x1: 0, y1: yb - ya, sign: Int32(sign))
                ya = yb
            }
            return
        }
        var ya = max(0, y0)
        var xa = ya == y0 ? x0 : Self.x(at: ya, x0, y0, x1, y1)
        // Where the line leaves each row, x0 + (x1 − x0)·(y − y0) / (y1 − y0) at y = the row's bottom,
        // stepped a row at a time: the quotient and remainder of |x1 − x0|·(y − y0) by y1 − y0 grow
        // by constant amounts, so each row costs additions, not a division, and gets the same value
        // (the division truncates towards zero, hence the magnitude and sign).
        let dx = x1 - x0, span = y1 - y0
        let magnitude = dx.magnitude, negative = dx < 0
        var bottom = min(yEnd, ((ya >> 8) + 1) << 8)
        // (Nothing to divide for a vertical line, or one that ends in its first row.)
        var along = SteppedDivision(dx != 0 && bottom != y1 ? Int(magnitude) * (bottom - y0) : 0, step: Int(magnitude) << 8, by: span)
        while ya < yEnd {
            let row = ya >> 8
            let yb = bottom
            let xb = yb == y1 ? x1 : (negative ? x0 - along.quotient : x0 + along.quotient)
            addRowPiece(row: row, xa: xa, ya: ya, xb: xb, yb: yb, sign: Int32(sign))
            ya = yb; xa = xb
            // Row bottoms are 256 apart, except a last one cut short by the line's end, whose x is x1.
            bottom = min(yEnd, yb + 256)
            if ya < yEnd && dx != 0 { along.advance() }
        }
    }

    /// The x of the line through (x0, y0)–(x1, y1) at height `y`.
    @inline(__always) static func x(at y: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int {
        // A vertical edge (every side of a rectangle) needs no division.
        x0 == x1 ? x0 : x0 + Int((Int64(x1 - x0) * Int64(y - y0)) / Int64(y1 - y0))
    }

    /// One row's part of a line, split at cell boundaries. The crossings are found from the part's
    /// own ends whatever the mask's width; the walk skips straight to the mask's sides, so a line far
    /// outside costs no more than one inside.
    mutating func addRowPiece(row: Int, xa: Int, ya: Int, xb: Int, yb: Int, sign: Int32) {
        let base = row * stride, flags = row * blocks
        let rowTop = row << 8
        let maxX = width << 8
        if xa >> 8 == xb >> 8 || max(xa, xb) <= 0 || min(xa, xb) >= maxX {
            emitClamped(base: base, flags: flags, x0: xa, y0: ya - rowTop, x1: xb, y1: yb - rowTop, sign: sign)
            return
        }
        var cx = xa, cy = ya
        // The piece's y at each cell boundary it crosses, ya + (yb − ya)·d / |xb − xa| with d the
        // boundary's distance from xa: every term is non-negative, and d grows by 256 a boundary.
        // Boundaries are walked from xa towards xb, skipping to the mask's side when xa is off it.
        @inline(__always) func walk(right: Bool) {
            let dx = right ? xb - xa : xa - xb, dy = yb - ya
            var boundary = right ? max(0, ((xa >> 8) + 1) << 8) : min(maxX, ((xa - 1) >> 8) << 8)
            @inline(__always) func crossed(_ b: Int) -> Bool { right ? b < xb && b <= maxX : b > xb && b >= 0 }
            guard crossed(boundary) else { return }
            var across = SteppedDivision(dy * (right ? boundary - xa : xa - boundary), step: dy << 8, by: dx)
            while true {
                let y = ya + across.quotient
                emitClamped(base: base, flags: flags, x0: cx, y0: cy - rowTop, x1: boundary, y1: y - rowTop, sign: sign)
                cx = boundary; cy = y
                boundary += right ? 256 : -256
                guard crossed(boundary) else { break }
                across.advance()
            }
        }
        // Each direction its own copy of the walk.
        if xb > xa { walk(right: true) } else { walk(right: false) }
        emitClamped(base: base, flags: flags, x0: cx, y0: cy - rowTop, x1: xb, y1: yb - rowTop, sign: sign)
    }

    /// `emit` with x clamped to the mask: a piece left of it lies on its left side; one right of it is dropped.
    @inline(__always) mutating func emitClamped(base: Int, flags: Int, x0: Int, y0: Int, x1: Int, y1: Int, sign: Int32) {
        let maxX = width << 8
        emit(base: base, flags: flags, x0: min(maxX, max(0, x0)), y0: y0, x1: min(maxX, max(0, x1)), y1: y1, sign: sign)
    }

    /// Adds a piece lying inside one cell (y in 0...256 within the row).
    @inline(__always) mutating func emit(base: Int, flags: Int, x0: Int, y0: Int, x1: Int, y1: Int, sign: Int32) {
        let dy = Int32(y1 - y0) * sign
        guard dy != 0 else { return }
        let cell = x0 == x1 ? x0 >> 8 : min(x0, x1) >> 8
        // A piece on the right side (cell == width) changes no pixel of the mask: coverage adds up
        // from the left.
        guard cell < width else { return }
        let block = cell >> 3
        if touched[flags + block] == 0 {
            touched[flags + block] = 1
            (cover + base + (block << 3)).update(repeating: 0, count: 8)
            (area + base + (block << 3)).update(repeating: 0, count: 8)
        }
        let fx = Int32(x0 + x1 - 2 * (cell << 8))
        cover[base + cell] &+= dy
        area[base + cell] &+= dy &* fx
    }
}
