import CFontconfig
import Views

/// Font discovery through fontconfig: matching, sorted fallbacks and the list of installed families.
///
/// Reads a `FontConfiguration` of its own or one it is given (never fontconfig's process-wide
/// state) and is meant to live only while an engine builds its fallback chains; faces are plain
/// values afterwards.
final class FontCatalog {
    /// fontconfig's weight for "demibold"; faces at or above it count as bold.
    static let demiBoldWeight = Int(FC_WEIGHT_DEMIBOLD)
    /// Family names that fontconfig resolves to its preferred font rather than to a family of that name.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "ui-sans-serif", "ui-serif",
        "ui-monospace", "cursive", "fantasy", "emoji", "math",
    ]

    private let configuration: FontConfiguration
    private var config: OpaquePointer { configuration.config }

    /// A catalog over `configuration`, or over the system's configuration loaded now.
    init(configuration: FontConfiguration? = nil) throws {
        self.configuration = try configuration ?? FontConfiguration()
    }

    /// Whether `family` names a generic family (such as "sans-serif") rather than a concrete one.
    static func isGeneric(_ family: String) -> Bool { genericFamilies.contains(family.lowercased()) }

    /// fontconfig's best face for the request with every family name it carries (a face may have
    /// several, such as "VL Gothic" and "VL ゴシック"), or nil when fontconfig has no font at all.
    func bestMatch(family: String?, weight: Font.Weight, language: String? = nil)
        -> (face: FaceSource, familyNames: [String])? {
        withPattern(family: family, weight: weight, language: language) { pattern in
            var result = FcResultMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            return Self.face(from: match).map { ($0, Self.strings(FC_FAMILY, in: match)) }
        }
    }

    /// fontconfig's sorted fallback list for the request, trimmed to faces that add coverage.
    func sortedMatches(family: String?, weight: Font.Weight) -> [FaceSource] {
        withPattern(family: family, weight: weight, language: nil) { pattern in
            var result = FcResultMatch
            guard let set = FcFontSort(config, pattern, FcBool(FcTrue), nil, &result) else { return [] }
            defer { FcFontSetDestroy(set) }
            return (0..<Int(set.pointee.nfont)).compactMap { i in
                set.pointee.fonts[i].flatMap { Self.face(from: $0) }
            }
        } ?? []
    }

    /// Every installed family's primary name, sorted and without repeats.
    func installedFamilies() -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var names = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            if let font = set.pointee.fonts[i], let name = Self.strings(FC_FAMILY, in: font).first { names.insert(name) }
        }
        return names.sorted { $0.lowercased() < $1.lowercased() }
    }

    /// Whether an installed font covers `language` (a BCP 47 tag; fontconfig's orthographies,
    /// `de`, `ja`, `zh-tw`, decide what covering means).
    func covers(language: String) -> Bool {
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        guard let langs = FcLangSetCreate() else { return false }
        defer { FcLangSetDestroy(langs) }
        _ = language.lowercased().withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcLangSetAdd(langs, $0) } }
        FcPatternAddLangSet(pattern, FC_LANG, langs)
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let set = FcFontList(config, pattern, objects) else { return false }
        defer { FcFontSetDestroy(set) }
        return set.pointee.nfont > 0
    }

    // MARK: - Patterns

    private func withPattern<T>(family: String?, weight: Font.Weight, language: String?,
                                _ body: (OpaquePointer) -> T?) -> T? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if let family { Self.add(family, for: FC_FAMILY, to: pattern) }
        FcPatternAddInteger(pattern, FC_WEIGHT, weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        if let language, let langs = FcLangSetCreate() {
            defer { FcLangSetDestroy(langs) }
            _ = language.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcLangSetAdd(langs, $0) } }
            FcPatternAddLangSet(pattern, FC_LANG, langs)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return body(pattern)
    }

    private static func add(_ value: String, for object: String, to pattern: OpaquePointer) {
        _ = value.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                FcPatternAddString(pattern, object, $0)
            }
        }
    }

    private static func strings(_ object: String, in pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    private static func integer(_ object: String, in pattern: OpaquePointer) -> Int? {
        var value: Int32 = 0
        return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? Int(value) : nil
    }

    /// The face a font pattern names. A matched pattern asks for `embolden` when fontconfig found no bold
    /// face for a bold request; it then also reports the requested weight rather than the face's own.
    private static func face(from pattern: OpaquePointer) -> FaceSource? {
        guard let file = strings(FC_FILE, in: pattern).first else { return nil }
        var embolden: FcBool = 0
        let synthetic = FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden) == FcResultMatch && embolden != 0
        return FaceSource(file: file, index: integer(FC_INDEX, in: pattern) ?? 0,
                          family: strings(FC_FAMILY, in: pattern).first ?? file, syntheticBold: synthetic,
                          isSlanted: (integer(FC_SLANT, in: pattern) ?? 0) != Int(FC_SLANT_ROMAN),
                          weight: integer(FC_WEIGHT, in: pattern) ?? Int(FC_WEIGHT_REGULAR))
    }
}
