import Files
import FontText
import Foundation
import Localization
import Schema
import ScreensApp
import Tours
import TranslationFiles
import Views

/// `limelight l10n export|import|status`: tours' texts and Limelight's words out to translators
/// (PO or XLIFF 2.0), their work back into the tour files, and how far each language is.
@MainActor
enum L10nCommand {
    static let help = """
    usage: \(programName) l10n export TOURS… --lang TAG [--format po|xliff] [--out FILE] [--source TAG]
           \(programName) l10n import FILE… [--tours DIR] [--lang TAG] [--strings DIR] [--source TAG]
           \(programName) l10n status TOURS… [FILES…] [--require TAG,…] [--source TAG]
      TOURS are tour files, screens files, checklist files or folders of them; FILES are translators'
      files (.po, .xliff or .xlf).
      export  every text of the tours (titles, texts, labels, button titles) and of screens files (the
              app's name, tabs' and screens' titles, views' texts), and Limelight's own words (Next,
              Back, Skip, Done, "Step %1 of %2", role and state words) as the app says them (its own
              "strings" over Limelight's), each with a stable context (TOUR/STEP/KEY: the step's id,
              else steps[N]; APP/VIEW/KEY: the view's id, else where the text is), its file and line,
              and a note of what the bubble allows at the narrowest screen the tour is tested on.
              PO as gettext writes it (msgctxt, #. notes, #: references, #, qt-format on texts with
              %1 and python-brace-format on those with {name}, which gettext's tools then check);
              XLIFF 2.0 with notes. The format is
              --format, else the --out file's extension, else po. Over an existing --out file its
              translations are kept, a text whose source changed is marked fuzzy (#| msgid: what it
              was translated from) and one no longer in the tours is kept as obsolete (#~), as
              msgmerge does. Without --out the file goes to stdout.
      import  writes each translated entry into its tour or screens file (the step's "text" becomes
              {"en": …, "de": …}), changing only what changes: an import of unchanged translations
              leaves every file byte for byte. Fuzzy, obsolete and unknown entries, and entries
              whose source text changed since the export, are skipped with a line each. Tours are
              the .json files of --tours DIR, else of the folders the entries' references name
              inside the current folder (references outside it are ignored, and said). A
              translation no tour could load (a text over \(SchemaReader.maxTextCharacters) characters, a file
              over \(TourLoader.maxFileSize >> 20) MiB), or one that drops or adds a placeholder of its source
              (%1, %2; {name} in a screens file's text), refuses the file, with the entry's line, and
              no file is written.
              Limelight's own words go to DIR/TAG.po with --strings DIR (a folder for
              LIMELIGHT_STRINGS). A file in another language than --lang, in the source language,
              or none of whose entries belongs to the tours, is refused.
      status  per language and tour (or screens file): translated, missing, fuzzy and obsolete
              texts, and Limelight's own words ("limelight": the app's own "strings" count as
              translated). Languages: those the tours and files name, and --require.
              Exits 1 when a --require'd language has anything missing or fuzzy.
      --source TAG   the language the texts are written in (default en)
      Pseudo-locales en-XA (accented, ~40% longer) and ar-XB (mirrored) need no translation: give
      them to --lang of any command or to test.languages.
      Exits 0 when done, 1 when a required language is incomplete, 2 for bad usage or a bad file,
      3 when a file cannot be written.
    """

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        guard let sub = words.first, !sub.hasPrefix("-") else {
            if words.first == "--help" || words.first == "-h" { print(help); return }
            throw .usage("l10n: expected export, import or status (see \(programName) l10n --help)")
        }
        let rest = Array(words.dropFirst())
        switch sub {
        case "export": try export(rest, app: app)
        case "import": try importFiles(rest, app: app)
        case "status": try status(rest, app: app)
        default: throw .usage("l10n: unknown subcommand \(Arguments.printable(sub)) (expected export, import or status)")
        }
    }

    // MARK: - export

    static func export(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "l10n export"
        let args = try Arguments(words, command: c, valued: ["--lang", "--format", "--out", "--source"], switches: ["--help"], positionalPaths: "a tour file or folder")
        if args.has("--help") { print(help); return }
        guard let language = args.value("--lang") else { throw .usage("\(c): expected --lang TAG, the language to translate into (e.g. de)") }
        let source = try sourceLanguage(args, command: c)
        try checkTag(language, option: "--lang", command: c, source: source)
        let format: TranslationFile.Format
        if let f = args.value("--format") {
            guard let chosen = TranslationFile.Format(rawValue: f) else { throw .usage("\(c): --format expects po or xliff (got \"\(Arguments.printable(f))\")") }
            format = chosen
        } else {
            format = args.value("--out").flatMap(TranslationFile.Format.init(path:)) ?? .po
        }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected one or more tour files, screens files or folders") }
        // A file that cannot be written is said before any tour is read.
        if let out = args.value("--out") { try checkOutputPath(out, option: "--out", command: c, exitCode: 3) }
        let (tours, words) = try readTexts(args.positional, command: c, source: source, app: app, measure: true)
        var existing: TranslationFile?
        if let out = args.value("--out") {
            // A file there is merged into; a device or a pipe (/dev/null) is only written into.
            if (try? AtomicFile.destination(of: out)) == .replaced, (try? InputFile.kind(of: out)) != .some(nil) {
                do { existing = try TranslationFile.read(out) } catch { throw .usage("\(c): --out \(error.description)") }
                if let e = existing, e.language != language {
                    throw .usage("\(c): --out \(out): the file is in \(e.language), not \(language): give another --out")
                }
            }
        }
        let file = TranslationExport.file(of: tours, language: language, sourceLanguage: source,
                                          interface: words, over: existing)
        let text = file.text(as: format)
        if let out = args.value("--out") {
            try save(text, to: out, command: c)
            let translated = file.units.filter { $0.isTranslated }.count
            let live = file.units.filter { !$0.isObsolete }.count
            print("\(out): \(live) text\(live == 1 ? "" : "s") (\(translated) translated, \(file.units.filter(\.isFuzzy).count) fuzzy), \(file.units.count - live) obsolete")
        } else {
            print(text, terminator: "")
        }
    }

    // MARK: - import

    static func importFiles(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "l10n import"
        let args = try Arguments(words, command: c, valued: ["--tours", "--lang", "--strings", "--source"], switches: ["--help"], positionalPaths: "a translators' file, .po or .xliff")
        if args.has("--help") { print(help); return }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected one or more translators' files (.po, .xliff)") }
        let source = try sourceLanguage(args, command: c)
        // Checked now, made when its first file is written: a refused import leaves nothing behind.
        if let folder = args.value("--strings") { try checkOutputFolder(folder, option: "--strings", command: c, exitCode: 3) }
        var files: [(String, TranslationFile)] = []
        for path in args.positional {
            do { files.append((path, try TranslationFile.read(path))) } catch { throw .usage("\(c): \(error.description)") }
        }
        for (path, file) in files where !LanguageTag.isWellFormed(file.language) {
            throw .usage("\(c): \(path): its language \(Arguments.printable(file.language)) is not a language tag such as de or pt-BR")
        }
        var imported = try importedTours(for: files, folder: args.value("--tours"), command: c)
        let index = Dictionary(imported.tours.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
        let words = try interfaceWords(of: imported.tours.map(\.path), command: c, app: app)
        // Every file is planned before any tour is written: a file refused (a translation no tour
        // could load) leaves every tour as it was.
        var written = 0, changedFiles = 0
        var newTexts: [Int: String] = [:]
        var summaries: [String] = []
        var interface: [String: [InterfaceStrings.Key: String]] = [:]
        for (path, file) in files {
            let plan: TranslationImport
            do {
                plan = try TranslationImport.plan(file, path: path, tours: imported.tours.map { ($0.path, $0.bytes) },
                                                  language: args.value("--lang"), sourceLanguage: source)
            } catch { throw .usage("\(c): \(error.description)") }
            for note in plan.notes { warn("\(c): \(note)") }
            for change in plan.changes {
                guard let i = index[change.path] else { continue }
                imported.tours[i].bytes = Array(change.text.utf8)
                newTexts[i] = change.text
                written += change.count
                changedFiles += 1
            }
            // Limelight's words the app already says so are no change.
            let said = words.table[file.language] ?? [:]
            let changed = plan.interface.filter { said[$0.key] != $0.value }
            if !changed.isEmpty { interface[file.language, default: [:]].merge(changed) { $1 } }
            let n = plan.changes.reduce(0) { $0 + $1.count }
            summaries.append("\(path): \(n) translation\(n == 1 ? "" : "s") written, \(plan.unchanged) unchanged, \(plan.untranslated) untranslated, \(plan.notes.count) skipped")
        }
        for (i, text) in newTexts.sorted(by: { $0.key < $1.key }) { try imported.write(text, toTourAt: i, command: c) }
        for line in summaries { print(line) }
        for (language, words) in interface.sorted(by: { $0.key < $1.key }) {
            guard let folder = args.value("--strings") else {
                warn("\(c): \(words.count) of Limelight's own words in \(language) not written: give --strings DIR (a folder for LIMELIGHT_STRINGS)")
                continue
            }
            try writeInterface(words, language: language, folder: folder, app: app, command: c)
        }
        if files.count > 1 { print("\(written) translation\(written == 1 ? "" : "s") written into \(changedFiles) file\(changedFiles == 1 ? "" : "s")") }
    }

    /// Limelight's words of `language` merged into `folder/language.po`.
    private static func writeInterface(_ words: [InterfaceStrings.Key: String], language: String, folder: String, app: CLIApp, command c: String) throws(CLIError) {
        let path = (folder as NSString).appendingPathComponent(language + ".po")
        var existing: TranslationFile?
        if FileManager.default.fileExists(atPath: path) {
            do { existing = try TranslationFile.read(path) } catch { throw .usage("\(c): --strings \(error.description)") }
        }
        let known = existing.map(InterfaceWords.strings(of:)) ?? InterfaceStrings([:])
        let merged = InterfaceStrings.builtIn.adding(known).adding(InterfaceStrings([language: words]))
        let file = TranslationExport.file(of: [], language: language, interface: merged, over: existing)
        if let problem = OutputFolders.prepare(folder) { throw CLIError(message: "\(c): --strings \(folder): \(problem)", exitCode: 3) }
        try save(file.text(as: .po), to: path, command: c)
        print("\(path): \(words.count) of Limelight's own words")
    }

    // MARK: - status

    static func status(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "l10n status"
        let args = try Arguments(words, command: c, valued: ["--require", "--source"], switches: ["--help"], positionalPaths: "a tour file or folder, or a translators' file")
        if args.has("--help") { print(help); return }
        let source = try sourceLanguage(args, command: c)
        let required = (args.value("--require") ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for tag in required { try checkTag(tag, option: "--require", command: c, source: source, allowsPseudo: true) }
        let translatorFiles = args.positional.filter { TranslationFile.Format(path: $0) != nil }
        let tourArguments = args.positional.filter { TranslationFile.Format(path: $0) == nil }
        guard !tourArguments.isEmpty else { throw .usage("\(c): expected one or more tour files, screens files or folders") }
        let (tours, words) = try readTexts(tourArguments, command: c, source: source, app: app, measure: false)
        var files: [TranslationFile] = []
        for path in translatorFiles {
            do { files.append(try TranslationFile.read(path)) } catch { throw .usage("\(c): \(error.description)") }
        }
        var languages: [String] = []
        for tag in tours.flatMap(\.languages) + files.map(\.language) + required where tag != source && !languages.contains(tag) { languages.append(tag) }
        let report = TranslationStatus(tours: tours, languages: languages, files: files, interface: words)
        let width = max(9, (report.rows.map(\.tour.count).max() ?? 0))
        print("language  " + "tour".padding(toLength: width, withPad: " ", startingAt: 0) + "  translated  missing  fuzzy  obsolete")
        for row in report.rows {
            print(row.language.padding(toLength: 8, withPad: " ", startingAt: 0) + "  " + row.tour.padding(toLength: width, withPad: " ", startingAt: 0)
                  + "  " + pad(row.translated, 10) + "  " + pad(row.missing, 7) + "  " + pad(row.fuzzy, 5) + "  " + pad(row.obsolete, 8))
        }
        let incomplete = report.incomplete(required)
        if !incomplete.isEmpty {
            let missing = report.rows.filter { incomplete.contains($0.language) }.reduce(0) { $0 + $1.missing + $1.fuzzy }
            throw .failure("\(c): \(incomplete.joined(separator: ", ")) \(incomplete.count == 1 ? "is" : "are") required and incomplete (\(missing) text\(missing == 1 ? "" : "s") missing or fuzzy)")
        }
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }

    // MARK: - Shared

    private static func sourceLanguage(_ args: Arguments, command: String) throws(CLIError) -> String {
        let tag = args.value("--source") ?? "en"
        guard LanguageTag.isWellFormed(tag) else { throw .usage("\(command): --source expects a language tag such as en (got \"\(Arguments.printable(tag))\")") }
        return tag
    }

    private static func checkTag(_ tag: String, option: String, command: String, source: String, allowsPseudo: Bool = false) throws(CLIError) {
        if PseudoLocale.isPseudo(tag) {
            guard allowsPseudo else { throw .usage("\(command): \(option) \(tag): a pseudo-locale is made from \(source) when shown; it needs no translation") }
            return
        }
        guard LanguageTag.isWellFormed(tag) else { throw .usage("\(command): \(option) expects a language tag such as de, ja or pt-BR (got \"\(Arguments.printable(tag))\")") }
        guard tag != source || option == "--require" else { throw .usage("\(command): \(option) \(tag) is the source language: there is nothing to translate") }
    }

    /// The texts of every tour and screens file named, with the bubble's lines measured in the
    /// app's font, and the words of Limelight's that app says (`interfaceWords`).
    private static func readTexts(_ paths: [String], command c: String, source: String, app: CLIApp,
                                  measure: Bool) throws(CLIError) -> (texts: [TourTexts], words: InterfaceStrings) {
        let files = try TestCommand.tourFiles(paths, command: c, forTranslation: true)
        let said = try appSaying(files, command: c, app: app)
        var lines: TourTexts.LineCount?
        // Lines are measured in the font of the app the tours run over.
        if measure, let engine = try? SystemTextEngine(family: said.fontFamily, fallbackLanguages: said.fallbackLanguages) {
            lines = { text, font, width in engine.lines(of: text, font: font, scale: 1, maxWidth: width, lineLimit: nil, language: source).count }
        }
        var out: [TourTexts] = []
        for file in files {
            let bytes = try read(file, command: c)
            do { out.append(try TourTexts.read(bytes, file: file, sourceLanguage: source, lines: lines)) } catch { throw .usage("\(c): \(error.description)") }
        }
        if let twice = Dictionary(grouping: out, by: \.tourID).first(where: { $0.value.count > 1 }) {
            let what = twice.value.contains(where: \.isScreensFile) ? "the tour or app" : "the tour"
            throw .usage("\(c): \(twice.value[0].file) and \(twice.value[1].file) are both \(what) \"\(twice.key)\": contexts would clash (give each its own id)")
        }
        return (out, said.interfaceStrings)
    }

    /// The words of Limelight's the app of `files` says (`AppDefinition.interfaceStrings`: the
    /// shipped ones, its own `strings` over them, the team's over both).
    static func interfaceWords(of files: [String], command c: String, app: CLIApp) throws(CLIError) -> InterfaceStrings {
        try appSaying(files, command: c, app: app).interfaceStrings
    }

    /// The app whose words and font `files` are translated with: the one the tours run over (the
    /// command line's, `--app`, or the screens file they name), else, for screens files alone, the
    /// first one's, as declared (its images not read).
    private static func appSaying(_ files: [String], command c: String, app: CLIApp) throws(CLIError) -> AppDefinition {
        let screens = files.filter { ScreensLoader.isScreensFile(path: $0) }
        let tours = files.filter { !screens.contains($0) }
        guard tours.isEmpty, !app.isNamedByCommandLine, let first = screens.first else {
            return try app.forTours(tours, command: c).definition
        }
        let root: JSONNode
        do { root = try JSONParser.parse(try read(first, command: c), maxValues: ScreensLoader.maxValues) } catch let error as JSONSyntaxError {
            throw .usage("\(c): \(first):\(error.line): \(error.message)")
        } catch let error as CLIError { throw error } catch { throw .usage("\(c): \(first): \(error)") }
        do { return try ScreensLoader.decode(root, file: first).appDefinition } catch {
            throw .usage("\(c): \(error.diagnostics.first?.description ?? first)")
        }
    }

    /// The bytes of the tour or screens file at `path`, as its loader reads them.
    private static func read(_ path: String, command c: String) throws(CLIError) -> [UInt8] {
        if ScreensLoader.isScreensFile(path: path) {
            do { return try InputFile.read(path, limit: ScreensLoader.maxFileSize, kind: "a screens file, JSON") } catch {
                throw .usage("\(c): \(path): \(error.reason)")
            }
        }
        do { return try TourLoader.read(path) } catch { throw .usage("\(c): \(error.diagnostics.first?.description ?? path)") }
    }

    private static func save(_ text: String, to path: String, command c: String) throws(CLIError) {
        do { try AtomicFile().write(Data(text.utf8), to: path) } catch {
            throw CLIError(message: "\(c): \(path): cannot write (\(error.reason))", exitCode: 3)
        }
    }
}
