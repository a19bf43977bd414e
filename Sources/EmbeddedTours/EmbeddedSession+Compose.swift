import Raster
import Views

extension EmbeddedSession {
    /// The frame's size in device pixels: the screen's points times its scale, rounded.
    public var pixelSize: (width: Int, height: Int) { (screen.root.deviceBounds.width, screen.root.deviceBounds.height) }

    /// Says the app drew only `rect` (device pixels, clipped to the frame) since its last compose.
    /// From the first call on, the session keeps a copy of the app's pixels (4 bytes a pixel) and
    /// `compose` takes as new only the rectangles given since the last one: what changed of the
    /// tour alone is composited again from that copy, and a frame where nothing changed is not
    /// touched. A frame at another address than the last one is taken as new everywhere.
    public func damage(_ rect: IntRect) throws(EmbeddedFailure) {
        guard rect.width >= 0, rect.height >= 0 else { throw EmbeddedFailure("a damaged rectangle has a negative width or height") }
        let bounds = screen.root.deviceBounds
        if damaged == nil || damaged?.bounds != bounds {
            damaged = DirtyRegion(bounds: bounds)
            damaged?.addAll()
        }
        let clipped = rect.intersection(bounds)
        if !clipped.isEmpty { damaged?.add(clipped) }
    }

    /// Blends the tour's overlays (dim, holes, bubble) over the app's frame at `pixels` in place:
    /// `width` x `height` device pixels (the session's `pixelSize`), rows `bytesPerRow` apart,
    /// premultiplied alpha in `order`. Runs a frame at the session's time first (see `advance`).
    ///
    /// Without `damage` every pixel is taken as newly drawn and composited over; with it, only what
    /// the app drew and what of the tour changed (see `damage`).
    ///
    /// Hazard: `pixels` must hold `bytesPerRow * (height - 1) + width * 4` bytes, 4-byte aligned;
    /// the session checks all it can (the size, the row length, the alignment), never the memory.
    public func compose(pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, order: PixelOrder) throws(EmbeddedFailure) {
        let (w, h) = pixelSize
        guard width == w, height == h else {
            throw EmbeddedFailure("the frame is \(width)x\(height) pixels, not the session's \(w)x\(h) (its screen's points times its scale)")
        }
        guard bytesPerRow >= width * 4 else {
            throw EmbeddedFailure("rows \(bytesPerRow) bytes apart cannot hold \(width) pixels of 4 bytes")
        }
        guard bytesPerRow % 4 == 0, UInt(bitPattern: pixels) % 4 == 0 else {
            throw EmbeddedFailure("the frame's address and its row length in bytes (\(bytesPerRow)) must be multiples of 4")
        }
        guard bytesPerRow <= Pixmap.maxSide * 2 * 4 else { throw EmbeddedFailure("rows \(bytesPerRow) bytes apart are too far apart (at most \(Pixmap.maxSide * 8))") }
        let frame: Pixmap
        do {
            frame = try Pixmap(borrowing: pixels.assumingMemoryBound(to: UInt32.self), width: width, height: height, stride: bytesPerRow / 4)
        } catch { throw EmbeddedFailure("the frame: \(error.description)") }
        let root = screen.root
        root.frame(into: nil)
        let swaps = order == .rgba
        guard var region = damaged, region.bounds == frame.bounds else {
            // Every pixel is the app's new drawing: the layers composite over all of it, in place.
            damaged = nil
            base = nil
            shadow = nil
            let showing = !screen.overlays.overlays.isEmpty
            if swaps && showing { frame.swapRedAndBlue(in: frame.bounds) }
            root.composite(overAppFrame: frame, from: nil, newlyDrawn: [])
            if swaps && showing { frame.swapRedAndBlue(in: frame.bounds) }
            return
        }
        // The app's pixels are kept: what it drew since the last compose is copied in first.
        if pixels != lastFrame { region.addAll() }
        lastFrame = pixels
        if base?.bounds != frame.bounds {
            do { base = try Pixmap(unfilledWidth: width, height: height) } catch { throw EmbeddedFailure("the copy of the frame: \(error.description)") }
            region.addAll()
        }
        guard let base else { return }
        let drawn = region.rects
        for r in drawn { base.copyPixels(from: frame, in: r, swappingRedAndBlue: swaps) }
        damaged?.removeAll()
        guard swaps else {
            root.composite(overAppFrame: frame, from: base, newlyDrawn: drawn)
            return
        }
        if shadow?.bounds != frame.bounds {
            do { shadow = try Pixmap(unfilledWidth: width, height: height) } catch { throw EmbeddedFailure("the frame's copy: \(error.description)") }
        }
        guard let shadow else { return }
        let written = root.composite(overAppFrame: shadow, from: base, newlyDrawn: drawn)
        // What the layers did not write is the app's own, as it was: only the written rectangles go back.
        for r in written { frame.copyPixels(from: shadow, in: r, swappingRedAndBlue: true) }
    }
}

extension EmbeddedSession {
    /// Follows a new screen: `size` points at `scale`. The next compose takes the frame as new everywhere.
    public func resize(to size: Size, scale: Double) throws(EmbeddedFailure) {
        do { try ViewRoot.validate(size: size, scale: scale) } catch { throw EmbeddedFailure("the screen: \(error.description)") }
        let root = screen.root
        if scale != root.scale {
            do { try root.resize(to: size, scale: scale) } catch { throw EmbeddedFailure("the screen: \(error.description)") }
        }
        // The layers hear of it as of any window's resize.
        root.send(.resize(size))
        damaged = nil
        base = nil
        shadow = nil
    }
}
