import Files
import Foundation

/// A translators' file of one language: PO (gettext, Poedit, Weblate) or XLIFF 2.0 (Crowdin,
/// Lokalise, memoQ). Written by `limelight l10n export`, read back by `import` and `status`.
public struct TranslationFile: Hashable, Sendable {
    /// The two formats.
    public enum Format: String, CaseIterable, Sendable {
        /// gettext's PO.
        case po
        /// XLIFF 2.0.
        case xliff

        /// The format a file's name says (`.po`, `.pot`; `.xlf`, `.xliff`), or nil.
        public init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "po", "pot": self = .po
            case "xlf", "xliff": self = .xliff
            default: return nil
            }
        }
    }

    /// The language of the translations (a BCP 47 tag).
    public var language: String
    /// The language of the source texts.
    public var sourceLanguage: String
    /// The entries, in the order they were written (obsolete ones last).
    public var units: [TranslationUnit]
    /// Header fields a PO file had that are not made here (`Last-Translator`, `PO-Revision-Date`,
    /// `Plural-Forms`), kept so that an export over an existing file keeps them.
    public var keptHeader: [(String, String)] = []

    /// A file of `units` translating `sourceLanguage` into `language`.
    public init(language: String, sourceLanguage: String = "en", units: [TranslationUnit] = []) {
        self.language = language; self.sourceLanguage = sourceLanguage; self.units = units
    }

    /// The file's text in `format`.
    public func text(as format: Format) -> String {
        switch format {
        case .po: return POFormat.text(of: self)
        case .xliff: return XLIFFFormat.text(of: self)
        }
    }

    /// Reads the translators' file at `path` (its format from its name), checked as any file from
    /// outside is (a regular file, at most `maxSize`, UTF-8).
    public static func read(_ path: String) throws(LocalizationError) -> TranslationFile {
        guard let format = Format(path: path) else {
            throw LocalizationError("\(path): expected a .po or .xliff (.xlf) file")
        }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: maxSize, kind: "a translation file") } catch { throw LocalizationError("\(path): \(error)") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw LocalizationError("\(path): the file is not UTF-8 text") }
        // libgettextpo keeps its error handlers in globals, and libxml2's parser set-up is shared:
        // one translators' file is parsed at a time in the process.
        parseLock.lock()
        defer { parseLock.unlock() }
        switch format {
        case .po: return try POFormat.read(path: path, text: text)
        case .xliff: return try XLIFFFormat.read(path: path, text: text)
        }
    }

    private static let parseLock = NSLock()

    /// The largest translators' file read (64 MiB: a million entries).
    public static let maxSize = 64 * 1024 * 1024

    /// Equal when language, source language and entries are (the kept header is not compared).
    public static func == (a: TranslationFile, b: TranslationFile) -> Bool {
        a.language == b.language && a.sourceLanguage == b.sourceLanguage && a.units == b.units
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(language); hasher.combine(sourceLanguage); hasher.combine(units) }
}

/// A problem with a translators' file or with what it holds, as one line: `de.po:12: …`.
public struct LocalizationError: Error, CustomStringConvertible, Sendable {
    /// The line.
    public let description: String
    /// A problem described by `description`.
    public init(_ description: String) { self.description = description }
}
