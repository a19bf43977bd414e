import Files
import Foundation

/// How a tour ended.
public enum TourOutcome: String, Codable, Hashable, Sendable {
    /// Completed, or left early.
    case finished, skipped
}

/// Which tours were finished or skipped: the contents of `state.json`.
public struct TourProgress: Codable, Hashable, Sendable {
    /// One finished or skipped tour.
    public struct Entry: Codable, Hashable, Sendable {
        /// How it ended.
        public var outcome: TourOutcome
        /// When it ended (ISO 8601 in the file).
        public var date: Date
        /// An entry.
        public init(outcome: TourOutcome, date: Date) { self.outcome = outcome; self.date = date }
    }

    /// The file format's version.
    public var version = 1
    /// Entries by tour id.
    public var tours: [String: Entry] = [:]

    /// Empty progress.
    public init() {}

    /// How the tour `id` ended, nil when it never did.
    public func outcome(ofTour id: String) -> TourOutcome? { tours[id]?.outcome }
}

/// A saved-progress problem, as one line.
public struct TourProgressError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line to show.
    public var message: String
    /// A problem described by `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Saved tour progress in `<directory>/state.json`, by default `$XDG_STATE_HOME/limelight`
/// (`~/.local/state/limelight`).
///
/// Saves are atomic: the new contents go to a temporary file in the same folder, which is flushed
/// (fsync) and then renamed over `state.json`, and the folder is flushed. A crash at any point
/// leaves either the old file or the new one. A file that cannot be read as saved progress is
/// set aside as `state.json.corrupt-<time>`, reported, and replaced by empty progress — never fatal.
public final class TourProgressStore: Sendable {
    /// The folder holding `state.json`.
    public let directory: String
    private let writer: AtomicFile

    /// A store in `directory`, saving through `steps` (the real file system by default).
    public init(directory: String, steps: AtomicFile.Steps = .system) {
        self.directory = directory
        writer = AtomicFile(steps: steps, mode: 0o644)
    }

    /// `$XDG_STATE_HOME/limelight` when XDG_STATE_HOME is an absolute path, else
    /// `$HOME/.local/state/limelight`; nil without either.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("limelight")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return (home as NSString).appendingPathComponent(".local/state/limelight")
    }

    /// The saved-progress file.
    public var path: String { (directory as NSString).appendingPathComponent("state.json") }

    /// Reads the saved progress. A missing file is empty progress. A corrupt one is set aside and
    /// replaced; `warning` then says what happened (and any trouble doing it).
    public func load() -> (progress: TourProgress, warning: String?) {
        let fm = FileManager.default
        guard fm.fileExists(atPath: path) else { return (TourProgress(), nil) }
        guard let data = fm.contents(atPath: path) else {
            return (TourProgress(), "\(path): cannot read saved tour progress (permission denied?); tours count as not seen")
        }
        do {
            let progress = try TourProgressStore.decoder.decode(TourProgress.self, from: data)
            guard progress.version == 1 else { throw TourProgressError("version \(progress.version) (expected 1)") }
            return (progress, nil)
        } catch {
            let reason = (error as? TourProgressError)?.message ?? "not valid JSON saved progress"
            var warning = "\(path): \(reason)"
            let aside = setAsideName()
            do {
                try fm.moveItem(atPath: path, toPath: aside)
                warning += "; set aside as \((aside as NSString).lastPathComponent)"
            } catch {
                warning += "; could not set it aside (\(error.localizedDescription))"
            }
            do {
                try save(TourProgress())
                warning += " and replaced with empty progress"
            } catch {
                warning += "; could not write a new one (\(error.message))"
            }
            return (TourProgress(), warning)
        }
    }

    /// Records that the tour `id` ended with `outcome`.
    public func record(_ outcome: TourOutcome, forTour id: String, date: Date = Date()) throws(TourProgressError) {
        var progress = load().progress
        progress.tours[id] = TourProgress.Entry(outcome: outcome, date: date)
        try save(progress)
    }

    /// Forgets every tour (`--reset-tours`).
    public func reset() throws(TourProgressError) { try save(TourProgress()) }

    /// Writes `progress` atomically.
    public func save(_ progress: TourProgress) throws(TourProgressError) {
        let data: Data
        do { data = try TourProgressStore.encoder.encode(progress) } catch {
            throw TourProgressError("cannot encode saved tour progress (\(error))")
        }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw TourProgressError("\(directory): cannot create the folder for saved tour progress (\(error.localizedDescription))")
        }
        do { try writer.write(data, to: path) } catch {
            throw TourProgressError("\(path): cannot save tour progress (\(error)); the previous file is unchanged")
        }
    }

    private func setAsideName() -> String {
        let stamp = TourProgressStore.stampFormatter.string(from: Date())
        var candidate = path + ".corrupt-" + stamp
        var n = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = path + ".corrupt-" + stamp + "-\(n)"
            n += 1
        }
        return candidate
    }

    private static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        e.dateEncodingStrategy = .iso8601
        return e
    }

    private static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }

    private static var stampFormatter: DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return f
    }
}
