import Foundation
import FoundationXML

/// XLIFF 2.0 (OASIS): a `<file>` per tour (and one for Limelight's own words), a `<unit>` per text
/// named by its context, the translator's note and the source reference as `<notes>`, a segment's
/// `state` saying whether it is translated (`initial` with a target: fuzzy). Read with libxml2
/// (Foundation's `XMLParser`).
enum XLIFFFormat {
    static let namespace = "urn:oasis:names:tc:xliff:document:2.0"

    static func text(of file: TranslationFile) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"\(namespace)\" version=\"2.0\" srcLang=\"\(escaped(file.sourceLanguage))\" trgLang=\"\(escaped(file.language))\">\n"
        var groups: [(String, [TranslationUnit])] = []
        for unit in file.units where !unit.isObsolete {
            let owner = String(unit.context.prefix { $0 != "/" })
            if let i = groups.firstIndex(where: { $0.0 == owner }) { groups[i].1.append(unit) } else { groups.append((owner, [unit])) }
        }
        var number = 0
        for (g, (owner, units)) in groups.enumerated() {
            let original = units.first?.references.first.map { String($0.prefix { $0 != ":" }) } ?? owner
            out += "  <file id=\"f\(g + 1)\" original=\"\(escaped(original))\">\n"
            for unit in units {
                number += 1
                out += "    <unit id=\"u\(number)\" name=\"\(escaped(unit.context))\">\n"
                if !unit.note.isEmpty || !unit.references.isEmpty {
                    out += "      <notes>\n"
                    if !unit.note.isEmpty { out += "        <note category=\"layout\">\(escaped(unit.note))</note>\n" }
                    for reference in unit.references { out += "        <note category=\"location\">\(escaped(reference))</note>\n" }
                    out += "      </notes>\n"
                }
                let state = unit.translation.isEmpty || unit.isFuzzy ? "initial" : "translated"
                out += "      <segment state=\"\(state)\"\(unit.isFuzzy ? " subState=\"limelight:fuzzy\"" : "")>\n"
                out += "        <source>\(escaped(unit.source))</source>\n"
                if !unit.translation.isEmpty { out += "        <target>\(escaped(unit.translation))</target>\n" }
                out += "      </segment>\n    </unit>\n"
            }
            out += "  </file>\n"
        }
        return out + "</xliff>\n"
    }

    /// `s` with `&`, `<`, `>` and `"` as entities, and a line break or tab kept as a character
    /// reference (attribute values would otherwise lose them).
    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func read(path: String, text: String) throws(LocalizationError) -> TranslationFile {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let reader = Reader(path: path)
        parser.delegate = reader
        let parsed = parser.parse()
        if let problem = reader.problem { throw LocalizationError(problem) }
        guard parsed else {
            let line = parser.lineNumber
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "not well-formed XML"
            throw LocalizationError("\(path):\(line): \(reason) (expected an XLIFF 2.0 file)")
        }
        guard let language = reader.language else {
            throw LocalizationError("\(path): expected an XLIFF 2.0 file (<xliff version=\"2.0\" xmlns=\"\(namespace)\" trgLang=\"…\">)")
        }
        return TranslationFile(language: language, sourceLanguage: reader.sourceLanguage, units: reader.units)
    }

    /// Collects the units as libxml2 reports the elements.
    private final class Reader: NSObject, XMLParserDelegate {
        let path: String
        var language: String?
        var sourceLanguage = "en"
        var units: [TranslationUnit] = []
        var problem: String?
        private var unit: TranslationUnit?
        /// The unit's notes other than locations, joined with line breaks when it ends (appending
        /// each to the note so far would copy it once a note: a unit of many notes took minutes).
        private var notes: [String] = []
        /// How many notes the unit has had.
        private var noteCount = 0
        private var noteCategory: String?
        private var text: String?
        private var segmentState = ""
        private var subState = ""

        init(path: String) { self.path = path }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            guard problem == nil else { return }
            if element == "xliff" {
                guard namespaceURI == XLIFFFormat.namespace, attributes["version"] == "2.0" else {
                    fail(parser, "expected XLIFF 2.0 (version=\"2.0\" in the namespace \(XLIFFFormat.namespace))"); return
                }
                guard let target = attributes["trgLang"], !target.isEmpty else { fail(parser, "the <xliff> element names no trgLang (the translation's language)"); return }
                language = target
                sourceLanguage = attributes["srcLang"] ?? "en"
                return
            }
            guard namespaceURI == XLIFFFormat.namespace else { return }
            switch element {
            case "unit":
                guard let name = attributes["name"], !name.isEmpty else { fail(parser, "a <unit> without a name (the text's context, as export writes it)"); return }
                unit = TranslationUnit(context: name, source: "", line: parser.lineNumber)
                notes = []; noteCount = 0
            case "note":
                if let u = unit {
                    noteCount += 1
                    guard noteCount <= TranslationUnit.maxNotes else {
                        fail(parser, "\(u.context): more than \(TranslationUnit.maxNotes) notes in one <unit> (an exported unit has a layout note and the place its text is written)"); return
                    }
                }
                noteCategory = attributes["category"] ?? ""; text = ""
            case "segment": segmentState = attributes["state"] ?? "initial"; subState = attributes["subState"] ?? ""
            case "source", "target": text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard problem == nil, namespaceURI == XLIFFFormat.namespace else { return }
            switch element {
            case "note":
                if noteCategory == "location" { unit?.references.append(text ?? "") } else if let t = text, unit != nil { notes.append(t) }
                text = nil
            case "source": unit?.source += text ?? ""; text = nil
            case "target": unit?.translation += text ?? ""; text = nil
            case "segment":
                if let u = unit, !u.translation.isEmpty, segmentState == "initial" || subState == "limelight:fuzzy" { unit?.isFuzzy = true }
            case "unit":
                if var u = unit {
                    u.note = notes.drop(while: \.isEmpty).joined(separator: "\n")
                    units.append(u)
                }
                notes = []
                unit = nil
            default: break
            }
        }

        /// libxml2 goes on after an error (and `parse()` may still say yes): the first one stops
        /// the read.
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            guard problem == nil else { return }
            let code = (parseError as NSError).code
            let what: String
            switch code {
            case 76: what = "a closing tag does not match the element it closes"
            case 5: what = "the document ends inside an element"
            case 4, 9: what = "not XML (or not UTF-8)"
            case 23, 41: what = "an attribute is not written name=\"value\""
            case 26: what = "an entity that is not defined (only &amp; &lt; &gt; &quot; &apos; and character references)"
            default: what = "not well-formed XML (libxml2's error \(code))"
            }
            fail(parser, what + " (expected an XLIFF 2.0 file)")
        }

        private func fail(_ parser: XMLParser, _ message: String) {
            problem = "\(path):\(parser.lineNumber): \(message)"
            parser.abortParsing()
        }
    }
}
