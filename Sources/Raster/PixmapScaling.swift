extension Pixmap {
    /// A copy shrunk to `width`×`height` by averaging every source pixel that falls in each target
    /// pixel (a box filter, so stripes and text do not alias). Sizes at least as large as the
    /// image return a plain copy at the image's size; bad sizes return nil.
    ///
    /// Exact: each channel is the area-weighted mean of the source pixels under the target pixel,
    /// rounded to the nearest level (halves up), computed in whole numbers (`ShrinkAxis`), so a
    /// flat colour stays itself, premultiplied pixels stay premultiplied, and the result is the
    /// same on every machine. Separable: the source rows under a target row are summed column by
    /// column first (every source pixel read once, in loops the compiler vectorizes), then each
    /// target pixel sums the few columns it covers. See `AreaShrink` for the ways of summing.
    public func areaAveraged(width: Int, height: Int) -> Pixmap? {
        guard width > 0, height > 0 else { return nil }
        if width >= self.width && height >= self.height { return copy() }
        let w = min(width, self.width), h = min(height, self.height)
        guard let out = try? Pixmap(unfilledWidth: w, height: h) else { return nil }
        let shrink = AreaShrink(columns: ShrinkAxis(source: self.width, target: w), rows: ShrinkAxis(source: self.height, target: h))
        if shrink.isHalving {
            shrink.halving(from: self, into: out)
        } else if shrink.fitsSixteenBitSums { shrink.withSixteenBitSums(from: self, into: out) } else { shrink.withWideSums(from: self, into: out) }
        return out
    }
}
