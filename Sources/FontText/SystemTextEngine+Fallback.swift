import Foundation
import Raster
import Views

/// The faces a text is drawn in: per font and language a chain (the language's own faces, the
/// app's fallback languages', colour emoji, then fontconfig's sorted list), and per character the
/// first face of the chain that has all it needs.
extension SystemTextEngine {
    /// The faces tried for text at `weight` in `language`, in the engine's family.
    func chain(for weight: Font.Weight, language: String?) -> FallbackChain { chain(for: Font(size: 1, weight: weight), language: language) }

    /// The faces tried for text in `font` (its family first, when it names one) in `language`.
    func chain(for font: Font, language: String?) -> FallbackChain {
        let weight = font.weight
        let key = ChainKey(weight: weight, language: language.map(Self.fontconfigLanguage), family: font.family)
        if let chain = chains[key] { return chain }
        var fallbacks: [FaceSource] = []
        // The language's own faces first (its Han forms), then those of the languages the app
        // prefers for text that says nothing, then colour emoji, then the sorted list.
        if let lang = key.language, let match = catalog.bestMatch(family: nil, weight: weight, language: lang) { fallbacks.append(match.face) }
        for preferred in fallbackLanguages {
            if let match = catalog.bestMatch(family: nil, weight: weight, language: Self.fontconfigLanguage(preferred)) { fallbacks.append(match.face) }
        }
        if let emoji = catalog.bestMatch(family: "emoji", weight: .regular) { fallbacks.append(emoji.face) }
        fallbacks += catalog.sortedMatches(family: family ?? "sans-serif", weight: weight)
        var all = fallbacks
        if font.family != nil { all.insert(weight == .bold ? boldPrimary : regularPrimary, at: 0) }
        var chain = FallbackChain(primary: primary(for: font), fallbacks: all, weight: weight, language: key.language)
        chain.family = font.family
        chains.insert(chain, for: key)
        return chain
    }

    /// fontconfig's spelling of a language tag (`zh-Hans` is `zh-cn`, `pt_BR` is `pt-br`).
    static func fontconfigLanguage(_ tag: String) -> String {
        let lower = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
        switch lower {
        case "zh", "zh-hans", "zh-hans-cn", "zh-cn", "zh-sg": return "zh-cn"
        case "zh-hant", "zh-hant-tw", "zh-tw": return "zh-tw"
        case "zh-hk", "zh-hant-hk": return "zh-hk"
        default: return lower
        }
    }

    /// The face for `character`: the first with every glyph it needs (the emoji face first for an
    /// emoji), else the first with its base glyph, else the primary. Nil for characters that draw
    /// nothing on their own.
    func faceIndex(for character: Character, chain: FallbackChain) -> Int? {
        let key = FaceChoiceKey(character: character, chain: ChainKey(weight: chain.weight, language: chain.language, family: chain.family))
        if let index = faceChoices[key] { return index }
        let scalars = Array(character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.value != 0xFE0F })
        guard let base = scalars.first else { return nil }
        var order = Array(chain.faces.indices)
        if Self.isEmoji(character), let emoji = chain.faces.firstIndex(where: { isColor($0) }) {
            order.removeAll { $0 == emoji }
            order.insert(emoji, at: 0)
        }
        let index = order.first { covers(chain.faces[$0], scalars) } ?? order.first { covers(chain.faces[$0], [base]) } ?? 0
        faceChoices.insert(index, for: key)
        return index
    }

    func covers(_ face: FaceSource, _ scalars: [Unicode.Scalar]) -> Bool {
        var probe = face
        probe.syntheticBold = false  // coverage does not depend on emboldening
        return fonts.face(for: probe, pixelSize: Self.probeSize)?.covers(scalars) ?? false
    }

    func isColor(_ face: FaceSource) -> Bool {
        var probe = face
        probe.syntheticBold = false
        return fonts.face(for: probe, pixelSize: Self.probeSize)?.isColor ?? false
    }

    /// Whether a cluster shows as an emoji: an emoji presentation, a variation selector 16, a
    /// skin-tone modifier, a ZWJ sequence of emoji, or a flag.
    static func isEmoji(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        if scalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiModifier }) { return true }
        if scalars.contains(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) { return true }
        guard let first = scalars.first else { return false }
        return first.properties.isEmojiPresentation || (scalars.count > 1 && scalars.contains { $0.value == 0x200D } && first.properties.isEmoji)
    }

    /// The family rendering draws `character` with at `weight` in `language` (the face
    /// `faceIndex(for:chain:)` picks), or nil when that face has no glyph for it either.
    func family(drawing character: Character, weight: Font.Weight = .regular, language: String? = nil) -> String? {
        let chain = chain(for: weight, language: language)
        guard let index = faceIndex(for: character, chain: chain) else { return nil }
        let scalars = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.value != 0xFE0F }
        return covers(chain.faces[index], Array(scalars.prefix(1))) ? chain.faces[index].family : nil
    }
}
