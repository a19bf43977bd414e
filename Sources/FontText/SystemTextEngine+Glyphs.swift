import Foundation
import Raster
import Views

/// A shaped line drawn: glyph coverage into one mask, colour glyphs as images beside it.
extension SystemTextEngine {
    /// The glyphs of `line` drawn: coverage tinted later, colour glyphs kept as images.
    func draw(_ line: ShapedLine, font: Font, pixelSize: Int, language: String?) -> RenderedText {
        let chain = chain(for: font, language: language)
        var pieces: [(glyph: ShapingFace.RenderedGlyph, x: Int, y: Int)] = []
        var bounds = IntRect(x: 0, y: 0, width: 0, height: 0)
        var colors: [RenderedText.ColorGlyph] = []
        for g in line.glyphs {
            guard let face = fonts.face(for: chain.faces[g.faceIndex], pixelSize: pixelSize), let glyph = face.glyph(g.id) else { continue }
            // Whole pixels, the pen floored (as SDL_ttf places its glyphs, so Latin text is drawn
            // as before).
            let x = ((g.x + g.xOffset) >> 6) + glyph.left
            let y = -glyph.top - (g.yOffset >> 6)
            if let color = glyph.color {
                colors.append(RenderedText.ColorGlyph(image: color, x: x, y: y))
                continue
            }
            guard glyph.width > 0, glyph.height > 0 else { continue }
            let r = IntRect(x: x, y: y, width: glyph.width, height: glyph.height)
            bounds = bounds.isEmpty ? r : bounds.union(r)
            pieces.append((glyph, x, y))
        }
        var mask = Mask(bounds: bounds)
        if !bounds.isEmpty {
            mask.bytes.withUnsafeMutableBufferPointer { out in
                for (glyph, x, y) in pieces {
                    for row in 0..<glyph.height {
                        let dst = (y + row - bounds.y) * bounds.width + (x - bounds.x)
                        let src = row * glyph.width
                        for col in 0..<glyph.width {
                            let v = glyph.coverage[src + col]
                            if v > out[dst + col] { out[dst + col] = v }
                        }
                    }
                }
            }
        }
        return RenderedText(mask: mask, advance: Double(line.advance) / 64, colorGlyphs: colors)
    }
}
