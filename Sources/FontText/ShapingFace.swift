import CFreeType
import CHarfBuzz
import Raster

/// The FreeType library of one engine.
@MainActor
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.libraryUnavailable(name: "FreeType", reason: "FT_Init_FreeType failed")
        }
        handle = library
    }

    isolated deinit { FT_Done_FreeType(handle) }
}

/// One face of a font file opened at one pixel size: FreeType draws its glyphs, HarfBuzz shapes
/// with it. Metrics follow SDL_ttf's arithmetic (ceilings of the scaled ascender, descender and
/// line height), so lines keep their height whatever draws them.
///
/// A colour bitmap font (Noto Color Emoji has one strike, 109 pixels) is opened at its strike and
/// scaled to the size asked for: `strikeScale` multiplies its advances and bitmaps. A face asked to
/// be bold without a bold outline of its own is emboldened (FreeType's synthesis), its advances
/// widened by the same amount.
@MainActor
final class ShapingFace {
    let face: FT_Face
    let hbFont: OpaquePointer
    /// Kept so the library outlives every face opened with it.
    private let library: FreeTypeLibrary
    /// The pixel size asked for.
    let pixelSize: Int
    /// Whether glyphs come in colour (BGRA bitmaps or layers).
    let isColor: Bool
    /// Target pixels per pixel of the face's own size (1 for outline fonts).
    let strikeScale: Double
    /// Whether outlines are emboldened, and by how much each advance grows (26.6 pixels).
    let synthesizesBold: Bool
    let emboldenAdvance: Int32
    /// Ascent, descent (positive) and line spacing, in whole pixels.
    let ascent: Int, descent: Int, lineSkip: Int
    /// The load flags of every glyph.
    let loadFlags: Int32
    private var glyphs = BoundedCache<UInt32, RenderedGlyph>(capacity: 8192)

    /// A rendered glyph: coverage (or a colour image) and where it sits from the pen on the baseline.
    struct RenderedGlyph {
        var coverage: [UInt8]
        var color: Pixmap?
        var left: Int, top: Int, width: Int, height: Int
    }

    init?(file: String, index: Int, pixelSize: Int, syntheticBold: Bool, library: FreeTypeLibrary) {
        var opened: FT_Face?
        guard FT_New_Face(library.handle, file, FT_Long(index), &opened) == 0, let face = opened else { return nil }
        self.face = face
        self.library = library
        self.pixelSize = pixelSize
        isColor = limelight_ft_has_color(face) != 0
        var scale = 1.0
        if limelight_ft_is_scalable(face) != 0 {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize * 64), 72, 72) == 0 else { FT_Done_Face(face); return nil }
        } else {
            // A bitmap font: the strike nearest the size, scaled to it.
            let count = Int(face.pointee.num_fixed_sizes)
            guard count > 0, let sizes = face.pointee.available_sizes else { FT_Done_Face(face); return nil }
            var best = 0
            for i in 0..<count where abs(Int(sizes[i].y_ppem >> 6) - pixelSize) < abs(Int(sizes[best].y_ppem >> 6) - pixelSize) { best = i }
            guard FT_Select_Size(face, FT_Int(best)) == 0 else { FT_Done_Face(face); return nil }
            scale = Double(pixelSize) / Double(max(1, sizes[best].y_ppem >> 6))
        }
        strikeScale = scale
        loadFlags = Int32(FT_LOAD_DEFAULT) | limelight_ft_load_target_light() | (isColor ? Int32(FT_LOAD_COLOR) : 0)
        synthesizesBold = syntheticBold && !isColor
        // FreeType's own strength for FT_GlyphSlot_Embolden: a 24th of the em.
        let em = Int(face.pointee.size.pointee.metrics.y_ppem)
        emboldenAdvance = synthesizesBold ? Int32((em * 64) / 24) : 0
        let metrics = face.pointee.size.pointee.metrics
        func ceil26(_ v: Int) -> Int { (v + 63) >> 6 }
        if limelight_ft_is_scalable(face) != 0 {
            let yScale = metrics.y_scale
            let a = FT_MulFix(FT_Long(face.pointee.ascender), yScale), d = FT_MulFix(FT_Long(face.pointee.descender), yScale)
            ascent = ceil26(Int(a))
            descent = -ceil26(Int(d))
            lineSkip = ceil26(Int(FT_MulFix(FT_Long(face.pointee.height), yScale)))
        } else {
            ascent = Int((Double(ceil26(Int(metrics.ascender))) * scale).rounded())
            descent = Int((Double(-ceil26(Int(metrics.descender))) * scale).rounded())
            lineSkip = Int((Double(ceil26(Int(metrics.height))) * scale).rounded())
        }
        hbFont = hb_ft_font_create_referenced(face)
        hb_ft_font_set_load_flags(hbFont, loadFlags)
    }

    isolated deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// Whether the face has a glyph for every one of `scalars`.
    func covers(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.allSatisfy { FT_Get_Char_Index(face, FT_ULong($0.value)) != 0 }
    }

    /// The glyph `id` rendered (from the cache after the first time).
    func glyph(_ id: UInt32) -> RenderedGlyph? {
        if let hit = glyphs[id] { return hit }
        guard FT_Load_Glyph(face, id, loadFlags) == 0, let slot = face.pointee.glyph else { return nil }
        if synthesizesBold { FT_GlyphSlot_Embolden(slot) }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var out = RenderedGlyph(coverage: [], color: nil, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: w, height: h)
        guard w > 0, h > 0, let buffer = bitmap.buffer else {
            glyphs.insert(out, for: id)
            return out
        }
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
            // Premultiplied BGRA, as a Pixmap stores it; scaled from the strike to the size asked for.
            guard let image = try? Pixmap(width: w, height: h) else { return nil }
            for y in 0..<h {
                let row = (buffer + y * pitch).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
                image.row(y).update(from: row, count: w)
            }
            if strikeScale != 1 {
                let tw = max(1, Int((Double(w) * strikeScale).rounded())), th = max(1, Int((Double(h) * strikeScale).rounded()))
                out.color = image.areaAveraged(width: tw, height: th) ?? image
                out.left = Int((Double(out.left) * strikeScale).rounded())
                out.top = Int((Double(out.top) * strikeScale).rounded())
                out.width = tw; out.height = th
            } else {
                out.color = image
            }
        } else {
            var coverage = [UInt8](repeating: 0, count: w * h)
            let gray = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            for y in 0..<h {
                let row = buffer + y * pitch
                for x in 0..<w {
                    coverage[y * w + x] = gray ? row[x] : ((row[x >> 3] >> (7 - UInt8(x & 7))) & 1) * 255
                }
            }
            out.coverage = coverage
        }
        glyphs.insert(out, for: id)
        return out
    }
}
