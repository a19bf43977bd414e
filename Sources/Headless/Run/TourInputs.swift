import Files
import Foundation
import ImageFiles
import Raster
import Tours

extension TestRun {
    /// A file a tour is drawn from besides the tour file itself (the screens file its `app` names,
    /// a screenshot it runs over), as a run read it: `accept` compares them with the checkout's, so
    /// results of an older screenshot are not taken for the new one's.
    package struct InputDigest: Codable, Hashable, Sendable {
        /// What the file is to the tour: `app`, `screenshot` or `capture`.
        package var kind: String
        /// The file as the tour names it (relative to the tour file's folder, as written).
        package var path: String
        /// The fingerprint of its bytes (`TestRun.fingerprint(bytes:)`); empty when it could not be read.
        package var digest: String
        /// An input from its parts.
        package init(kind: String, path: String, digest: String) { self.kind = kind; self.path = path; self.digest = digest }

        /// The file as a message names it: "the screenshot home@3x.png".
        package var described: String { "the \(kind == "app" ? "app (screens file)" : kind) \(path)" }
    }

    /// The inputs of `tour`, a tour in the file `file`: its app's screens file, the `captures` it
    /// runs over (as it names them), and every screenshot it shows (its own, by language, each
    /// step's), each once, in the order the file names them.
    /// Each is read once, size-capped, through `InputFile` (no FIFO, device or folder is waited on).
    package static func inputs(of tour: Tour, file: String, captures: [String] = []) -> [InputDigest] {
        let folder = file.contains("/") ? AtomicFile.split(file).folder : "."
        var named: [(String, String)] = []
        if let app = tour.app { named.append(("app", app)) }
        for capture in captures { named.append(("capture", capture)) }
        if let background = tour.background { named.append(("screenshot", background)) }
        for tag in tour.languageBackgrounds.keys.sorted() { named.append(("screenshot", tour.languageBackgrounds[tag]!)) }
        for step in tour.steps + tour.variants.flatMap({ $0.steps ?? [] }) { if let background = step.background { named.append(("screenshot", background)) } }
        var seen = Set<String>(), inputs: [InputDigest] = []
        for (kind, path) in named where seen.insert(kind + "\u{0}" + path).inserted {
            let limit = kind == "app" ? TourLoader.maxFileSize : kind == "capture" ? CaptureLoader.maxFileSize : Pixmap.maxImageFileBytes
            let bytes = try? InputFile.read(TourLoader.resolve(path, folder: folder), limit: limit, kind: kind)
            inputs.append(InputDigest(kind: kind, path: path, digest: bytes.map { fingerprint(bytes: $0) } ?? ""))
        }
        return inputs
    }

    /// The first of `recorded` (a run's inputs of a tour) that differs from `now` (the checkout's):
    /// changed, gone or unreadable; nil when every one is as the run read it.
    package static func firstChangedInput(recorded: [InputDigest], now: [InputDigest]) -> InputDigest? {
        recorded.first { old in
            !now.contains { $0.kind == old.kind && $0.path == old.path && $0.digest == old.digest && !$0.digest.isEmpty }
        }
    }
}
