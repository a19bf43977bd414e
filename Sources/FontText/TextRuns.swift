import CSDL2TTF
import Views

/// A stretch of text drawn with one face of a fallback chain.
struct TextRun: Equatable {
    /// The face's position in the chain.
    var faceIndex: Int
    var text: String
}

/// A cached answer to "which face draws this character at this weight".
struct FaceChoiceKey: Hashable {
    var character: Character
    var weight: Font.Weight
}

extension SystemTextEngine {
    /// How many per-character face choices are kept before the cache starts over.
    static let faceChoiceCapacity = 4096

    /// `text` split into runs of one face. Control characters (tabs, line breaks, NUL) become spaces, since
    /// the engine draws a single line; characters that draw nothing on their own (joiners, variation
    /// selectors) stay in the run before them.
    func runs(of text: String, weight: Font.Weight) -> [TextRun] {
        var runs: [TextRun] = []
        for character in text {
            let character = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                ? " " : character
            let faceIndex = faceIndex(for: character, weight: weight) ?? runs.last?.faceIndex ?? 0
            if runs.last?.faceIndex == faceIndex {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append(TextRun(faceIndex: faceIndex, text: String(character)))
            }
        }
        return runs
    }

    /// The face for `character`: the first with every glyph it needs, else the first with its base glyph,
    /// else the primary (which then shows its missing-glyph box). Nil for characters that draw nothing.
    private func faceIndex(for character: Character, weight: Font.Weight) -> Int? {
        let key = FaceChoiceKey(character: character, weight: weight)
        if let index = faceChoices[key] { return index }
        let scalars = Array(character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
        guard let base = scalars.first else { return nil }
        let chain = chain(for: weight)
        let index = firstFace(providing: scalars, in: chain) ?? firstFace(providing: [base], in: chain) ?? 0
        if faceChoices.count >= Self.faceChoiceCapacity { faceChoices.removeAll(keepingCapacity: true) }
        faceChoices[key] = index
        return index
    }

    /// The position of the first face in `chain` that has a glyph for every one of `scalars`.
    func firstFace(providing scalars: [Unicode.Scalar], in chain: FallbackChain) -> Int? {
        chain.faces.indices.first { i in
            var face = chain.faces[i]
            face.syntheticBold = false  // coverage does not depend on emboldening; share the probe face
            guard let font = fonts.font(for: face, pixelSize: Self.probeSize) else { return false }
            return scalars.allSatisfy { TTF_GlyphIsProvided32(font, $0.value) != 0 }
        }
    }
}
