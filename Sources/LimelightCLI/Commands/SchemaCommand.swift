import Files
import Foundation
import ScreensApp
import Tours

/// `limelight schema tour|screens|capture|checklist [--out FILE]`: the JSON Schema of a file format, for editors
/// that complete and check keys as one types (VS Code's `json.schemas`, a file's `"$schema"`).
@MainActor
enum SchemaCommand {
    static let help = """
    usage: \(programName) schema tour|screens|capture|checklist [--out FILE]
      Prints the JSON Schema (draft 2020-12) of tour, screens, capture or checklist files, made from the keys
      Limelight reads, so an editor completes keys and flags unknown ones as you type. The same
      schemas ship in schemas/ (tour.schema.json, screens.schema.json, capture.schema.json, checklist.schema.json).
      --out FILE  write it to FILE instead (in one step: a failed write keeps what was there; a
                  device such as /dev/null or a pipe someone reads is written into, never replaced)
    """

    static func run(_ words: [String]) throws(CLIError) {
        let c = "schema"
        let args = try Arguments(words, command: c, valued: ["--out"], switches: ["--help"])
        if args.has("--help") { print(help); return }
        guard args.positional.count == 1 else { throw .usage("\(c): expected tour, screens, capture or checklist (see \(programName) schema --help)") }
        let text: String
        switch args.positional[0] {
        case "tour", "tours": text = TourFormat.jsonSchema
        case "screens": text = ScreensFormat.jsonSchema
        case "capture": text = CaptureFormat.jsonSchema
        case "checklist": text = ChecklistFormat.jsonSchema
        default: throw .usage("\(c): expected tour, screens, capture or checklist, found \"\(Arguments.printable(args.positional[0]))\"")
        }
        guard let out = args.value("--out") else { print(text, terminator: ""); return }
        try checkOutputPath(out, option: "--out", command: c)
        do { try AtomicFile().write(Data(text.utf8), to: out) } catch { throw .failure("\(c): --out \(Arguments.printable(out)): cannot write (\(error.reason))") }
        // Written to stdout itself (`--out /dev/stdout`): saying so there would add a line to the schema.
        if (try? AtomicFile.destination(of: out)) != .descriptor(STDOUT_FILENO) { print("wrote \(out)") }
    }
}
