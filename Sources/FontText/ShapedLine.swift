import CHarfBuzz
import Views

/// One glyph placed on a line: its face, its id, the character it came from, and where its pen is.
struct PlacedGlyph {
    /// The face's position in the fallback chain.
    var faceIndex: Int
    /// The glyph's id in the face.
    var id: UInt32
    /// The character (of the line) the glyph's cluster starts at.
    var character: Int
    /// The scalar (of the line) HarfBuzz's cluster starts at.
    var cluster: Int
    /// Pen position and offsets, 26.6 device pixels.
    var x: Int, xOffset: Int, yOffset: Int
    /// The advance, 26.6 device pixels.
    var advance: Int
}

/// A run of a paragraph with one embedding level, script and face.
struct TextItem {
    /// The characters it covers.
    var range: Range<Int>
    var level: UInt8
    var script: hb_script_t
    var faceIndex: Int
}

/// A line shaped and put in visual order: its glyphs left to right, its advance, and each
/// character's advance (for line filling).
struct ShapedLine {
    var glyphs: [PlacedGlyph]
    /// The line's advance, 26.6 device pixels.
    var advance: Int
    /// Each character's share of the advance (a ligature's characters after its first get 0).
    var characterAdvances: [Int]
}

extension SystemTextEngine {
    /// The items of `paragraph`'s characters `range`: split where the level, the script or the face
    /// changes. Characters of common script (spaces, digits, punctuation) and combining marks take
    /// the script around them.
    func items(of paragraph: BidiParagraph, in range: Range<Int>, chain: FallbackChain, language: String?) -> [TextItem] {
        guard !range.isEmpty else { return [] }
        let funcs = hb_unicode_funcs_get_default()
        var scripts = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: paragraph.characters.count)
        for i in range {
            let first = paragraph.characters[i].unicodeScalars.first!.value
            scripts[i] = hb_unicode_script(funcs, first)
        }
        // Common and inherited characters take the script before them (or after, at the start).
        var last: hb_script_t?
        for i in range {
            if scripts[i] == HB_SCRIPT_COMMON || scripts[i] == HB_SCRIPT_INHERITED || scripts[i] == HB_SCRIPT_UNKNOWN {
                if let last { scripts[i] = last }
            } else {
                last = scripts[i]
            }
        }
        let firstReal = range.first { !(scripts[$0] == HB_SCRIPT_COMMON || scripts[$0] == HB_SCRIPT_INHERITED || scripts[$0] == HB_SCRIPT_UNKNOWN) }
        if let firstReal { for i in range.lowerBound..<firstReal { scripts[i] = scripts[firstReal] } }
        // A space keeps the face of the text around it when that face has it (as Pango does: a
        // face is never chosen just to draw a space), so Devanagari words are spaced by their own
        // font; but not the colour emoji face, whose space is as wide as an emoji.
        var faces = [Int?](repeating: nil, count: paragraph.characters.count)
        for i in range where !paragraph.characters[i].isWhitespace {
            faces[i] = faceIndex(for: paragraph.characters[i], chain: chain)
        }
        for i in range where paragraph.characters[i].isWhitespace {
            let neighbour = (range.lowerBound..<i).reversed().lazy.compactMap { faces[$0] }.first
                ?? (i..<range.upperBound).lazy.compactMap { faces[$0] }.first
            if let neighbour, !isColor(chain.faces[neighbour]), covers(chain.faces[neighbour], Array(paragraph.characters[i].unicodeScalars)) {
                faces[i] = neighbour
            } else {
                faces[i] = faceIndex(for: paragraph.characters[i], chain: chain)
            }
        }
        var out: [TextItem] = []
        var previousFace = 0
        for i in range {
            let face = faces[i] ?? previousFace
            previousFace = face
            let level = paragraph.levels[i]
            if var item = out.last, item.level == level, item.script == scripts[i], item.faceIndex == face {
                item.range = item.range.lowerBound..<(i + 1)
                out[out.count - 1] = item
            } else {
                out.append(TextItem(range: i..<(i + 1), level: level, script: scripts[i], faceIndex: face))
            }
        }
        return out
    }

    /// Shapes the characters `range` of `paragraph` (its other characters give the context) and
    /// puts them in visual order, left to right, at `pixelSize`.
    func shape(_ paragraph: BidiParagraph, range: Range<Int>, chain: FallbackChain, pixelSize: Int, language: String?) -> ShapedLine {
        let items = items(of: paragraph, in: range, chain: chain, language: language)
        var characterAdvances = [Int](repeating: 0, count: paragraph.characters.count)
        var shapedItems: [(item: TextItem, glyphs: [PlacedGlyph])] = []
        let hbLanguage = language.map { hb_language_from_string($0, -1) } ?? hb_language_get_default()
        // A scalar's character, for the clusters HarfBuzz returns.
        var characterOfScalar = [Int](repeating: 0, count: paragraph.scalars.count)
        for c in 0..<paragraph.characters.count {
            for s in paragraph.firstScalar[c]..<paragraph.firstScalar[c + 1] { characterOfScalar[s] = c }
        }
        for item in items {
            guard let face = fonts.face(for: chain.faces[item.faceIndex], pixelSize: pixelSize) else { continue }
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            let start = paragraph.firstScalar[item.range.lowerBound], end = paragraph.firstScalar[item.range.upperBound]
            paragraph.scalars.withUnsafeBufferPointer { s in
                hb_buffer_add_codepoints(buffer, s.baseAddress, Int32(s.count), UInt32(start), Int32(end - start))
            }
            hb_buffer_set_direction(buffer, item.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, item.script)
            hb_buffer_set_language(buffer, hbLanguage)
            hb_shape(face.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            var glyphs: [PlacedGlyph] = []
            glyphs.reserveCapacity(Int(count))
            let k = face.strikeScale
            for g in 0..<Int(count) {
                let p = positions[g]
                var advance = Int(p.x_advance)
                if k != 1 { advance = Int((Double(advance) * k).rounded()) }
                if advance != 0 { advance += Int(face.emboldenAdvance) }
                let cluster = Int(infos[g].cluster), character = characterOfScalar[cluster]
                glyphs.append(PlacedGlyph(faceIndex: item.faceIndex, id: infos[g].codepoint, character: character, cluster: cluster, x: 0,
                                          xOffset: Int((Double(p.x_offset) * k).rounded()), yOffset: Int((Double(p.y_offset) * k).rounded()),
                                          advance: advance))
                characterAdvances[character] += advance
            }
            shapedItems.append((item, glyphs))
        }
        // Rule L1 already applied by the caller; rule L2 on the items.
        let visual = BidiParagraph.visualOrder(shapedItems) { $0.item.level }
        var pen = 0
        var placed: [PlacedGlyph] = []
        for (_, glyphs) in visual {
            for var g in glyphs {
                g.x = pen
                pen += g.advance
                placed.append(g)
            }
        }
        return ShapedLine(glyphs: placed, advance: pen, characterAdvances: characterAdvances)
    }
}
