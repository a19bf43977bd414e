import Views

/// One face inside a font file, as fontconfig (or the caller) named it.
struct FaceSource: Hashable, Sendable {
    /// The font file's path.
    var file: String
    /// The face's index inside the file (non-zero only in collections such as `.ttc`).
    var index: Int
    /// The family name shown in messages and returned by `family(drawing:)`.
    var family: String
    /// Whether FreeType should embolden the outlines because the face itself is not bold.
    var syntheticBold: Bool = false
    /// Whether the face is italic or oblique (kept behind upright faces in a fallback chain).
    var isSlanted: Bool = false
    /// The face's fontconfig weight (80 regular, 200 bold).
    var weight: Int = 80
}

/// The faces tried in order for each character: the primary face first, then fallbacks.
struct FallbackChain: Sendable {
    var faces: [FaceSource]
    var primary: FaceSource { faces[0] }
    /// The weight the chain is for.
    let weight: Font.Weight
    /// The language (fontconfig's spelling) its fallbacks were chosen for; nil for none.
    let language: String?
    /// The family asked for by name (`Font.family`), nil for the engine's.
    var family: String? = nil

    /// A chain starting with `primary`, followed by `fallbacks` without repeating a face.
    /// Fallbacks in the requested style keep their order ahead of the others (so a glyph missing in a
    /// regular face is looked up in another regular face before a bold or oblique one).
    init(primary: FaceSource, fallbacks: [FaceSource], weight: Font.Weight, language: String?) {
        self.weight = weight
        self.language = language
        var seen: Set<String> = ["\(primary.file)#\(primary.index)"]
        var matching: [FaceSource] = [], others: [FaceSource] = []
        for face in fallbacks where seen.insert("\(face.file)#\(face.index)").inserted {
            let boldFace = face.weight >= FontCatalog.demiBoldWeight
            if !face.isSlanted && boldFace == (weight == .bold) { matching.append(face) } else { others.append(face) }
        }
        faces = [primary] + matching + others
        if weight == .bold {
            for i in faces.indices where faces[i].weight < FontCatalog.demiBoldWeight { faces[i].syntheticBold = true }
        }
    }
}
