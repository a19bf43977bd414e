import CSDL2TTF
import Raster

/// The coverage of one rendered run, placed relative to the line's pen start and baseline.
struct RunImage {
    /// Where the run's pixels sit: x from the pen start, y from the baseline (negative is above).
    var bounds: IntRect
    /// Row-major coverage, `bounds.width` bytes a row.
    var alpha: [UInt8]

    /// `text` drawn by SDL_ttf in white with `font`, its pen start at `penX`; nil if SDL_ttf draws nothing.
    init?(rendering text: String, in font: OpaquePointer, at penX: Int) {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let rendered = TTF_RenderUTF8_Blended(font, text, white) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        let argb = UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue)
        var surface = rendered
        if rendered.pointee.format.pointee.format != argb {
            guard let converted = SDL_ConvertSurfaceFormat(rendered, argb, 0) else { return nil }
            surface = converted
        }
        defer { if surface != rendered { SDL_FreeSurface(surface) } }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        guard width > 0, height > 0, SDL_LockSurface(surface) == 0 else { return nil }
        defer { SDL_UnlockSurface(surface) }
        guard let pixels = surface.pointee.pixels else { return nil }
        let pitch = Int(surface.pointee.pitch)
        var alpha = [UInt8](repeating: 0, count: width * height)
        alpha.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { out[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
            }
        }
        let top = -Int(TTF_FontAscent(font)) - Self.overflowAbove(text, in: font, surfaceHeight: height)
        self.bounds = IntRect(x: penX, y: top, width: width, height: height)
        self.alpha = alpha
    }

    /// How far SDL_ttf moved the baseline down because a glyph rises above the font's ascent.
    ///
    /// SDL_ttf grows the surface past the font's height for such glyphs but does not say by how much at
    /// the top, so this estimates it from the glyphs' own tops. Hazard: marks placed by shaping (stacked
    /// diacritics) can still sit a pixel or two off.
    private static func overflowAbove(_ text: String, in font: OpaquePointer, surfaceHeight: Int) -> Int {
        let extra = surfaceHeight - Int(TTF_FontHeight(font))
        guard extra > 0 else { return 0 }
        var top: Int32 = 0
        for scalar in text.unicodeScalars {
            var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
            if TTF_GlyphMetrics32(font, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 { top = max(top, maxY) }
        }
        return min(extra, max(0, Int(top) - Int(TTF_FontAscent(font))))
    }

    /// The runs in one mask spanning x 0..<advance and every run's rows; overlaps keep the larger coverage.
    static func compose(_ images: [RunImage], advance: Int) -> Mask {
        var bounds = IntRect(x: 0, y: 0, width: max(0, advance), height: 0)
        for image in images {
            let x0 = min(bounds.x, image.bounds.x), y0 = min(bounds.y, image.bounds.y)
            let x1 = max(bounds.maxX, image.bounds.maxX), y1 = max(bounds.maxY, image.bounds.maxY)
            bounds = IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        var mask = Mask(bounds: bounds)
        guard !mask.isEmpty else { return mask }
        let stride = bounds.width
        mask.bytes.withUnsafeMutableBufferPointer { out in
            for image in images {
                let w = image.bounds.width
                for y in 0..<image.bounds.height {
                    let dst = (image.bounds.y + y - bounds.y) * stride + (image.bounds.x - bounds.x)
                    for x in 0..<w { out[dst + x] = max(out[dst + x], image.alpha[y * w + x]) }
                }
            }
        }
        return mask
    }
}
