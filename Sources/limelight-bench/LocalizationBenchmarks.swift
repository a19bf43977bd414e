import FontText
import Foundation
import Localization
import Schema
import Tours
import TranslationFiles
import Views

/// `l10n export` and `import` of 1,000 steps in 8 languages (ten tours of 100 steps, each step a
/// title and a text in English and seven translations), against reading the same tours.
@MainActor
enum LocalizationBenchmarks {
    static let languages = ["de", "fr", "es", "it", "pt-BR", "ja", "ar"]

    /// A tour of `steps` steps, each text in English and every language of `languages`.
    static func tour(_ number: Int, steps: Int) -> String {
        var out = "{\n  \"id\": \"t\(number)\",\n  \"steps\": [\n"
        for s in 0..<steps {
            func texts(_ english: String) -> String {
                ([("en", english)] + languages.map { ($0, "\($0.uppercased()) \(english)") })
                    .map { "        \"\($0.0)\": \"\($0.1)\"" }.joined(separator: ",\n")
            }
            out += "    {\n      \"target\": \"fab\",\n      \"id\": \"s\(s)\",\n"
            out += "      \"title\": {\n\(texts("Step \(s) of tour \(number)"))\n      },\n"
            out += "      \"text\": {\n\(texts("Tap this button to add an item to the list, then look at card \(s)."))\n      }\n"
            out += "    }\(s + 1 < steps ? "," : "")\n"
        }
        return out + "  ]\n}\n"
    }

    static func run(_ h: Harness) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-l10n-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tours = (0..<10).map { (path: "\(folder)/t\($0).json", bytes: Array(tour($0, steps: 100).utf8)) }
        let engine = try SystemTextEngine(family: "DejaVu Sans")
        let size = "1000x8"
        h.record("l10n.read-tours", size: size) {
            for t in tours { _ = try? TourDecoder.decode(JSONParser.parse(t.bytes), file: t.path) }
        }
        let lines: TourTexts.LineCount = { text, font, width in
            engine.lines(of: text, font: font, scale: 1, maxWidth: width, lineLimit: nil, language: "en").count
        }
        var exported: [String: String] = [:]
        let export = h.median {
            let texts = tours.compactMap { try? TourTexts.read($0.bytes, file: $0.path, lines: lines) }
            for language in languages {
                exported[language] = TranslationExport.file(of: texts, language: language, interface: .builtIn).text(as: .po)
            }
        }
        h.add("l10n.export", size: size, milliseconds: export, baseline: "l10n.read-tours")
        // The translators changed every text: each file's translations are new.
        for language in languages {
            try exported[language]!.replacingOccurrences(of: "msgstr \"\(language.uppercased()) ", with: "msgstr \"NEW ")
                .write(toFile: "\(folder)/\(language).po", atomically: true, encoding: .utf8)
        }
        let importing = h.median {
            for language in languages {
                guard let file = try? TranslationFile.read("\(folder)/\(language).po"),
                      let plan = try? TranslationImport.plan(file, path: "\(language).po", tours: tours) else { fatalError("the import failed") }
                precondition(plan.changes.count == tours.count)
            }
        }
        h.add("l10n.import", size: size, milliseconds: importing, baseline: "l10n.read-tours")
        h.note("l10n.*@1000x8: 10 tours of 100 steps, a title and a text each in 8 languages; export = the tours' texts (lines measured) and 7 PO files written; import = 7 PO files read (libgettextpo) and every text written into the tours; × is to l10n.read-tours")
    }
}
