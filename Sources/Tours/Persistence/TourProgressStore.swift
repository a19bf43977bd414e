import Files
import Foundation
import Schema

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
        /// How many times it was shown (nil in files from before this was kept: once).
        public var timesShown: Int?
        /// When it last showed.
        public var lastShown: Date?
        /// The version of each step (`TourStep.contentVersion`) when it was last finished.
        public var seenVersions: [String]?
        /// An entry.
        public init(outcome: TourOutcome, date: Date) { self.outcome = outcome; self.date = date }
    }

    /// The file format's version.
    public var version = 1
    /// Entries by tour id.
    public var tours: [String: Entry] = [:]
    /// How many times the app was launched (nil in older files: none counted).
    public var appLaunches: Int?
    /// How many times each of the app's events happened.
    public var appEvents: [String: Int]?
    /// The anonymous id the events log names this user by (made once, kept).
    public var user: String?
    /// The experiments the user was given an arm of (their `assigned` is written once).
    public var experiments: [String]?
    /// The checklists' items ticked, by checklist id, then item id: when each was first ticked.
    public var checklists: [String: [String: Date]]?
    /// Each checklist's showings, by checklist id, kept as a tour's are (times shown, the last
    /// showing; finished once every item was done).
    public var checklistsShown: [String: Entry]?

    /// Launches counted so far.
    public var launches: Int { appLaunches ?? 0 }
    /// How many times the event `name` happened.
    public func count(of name: String) -> Int { appEvents?[name] ?? 0 }

    /// The progress after a launch of the app. Counts stop at `Int.max` (a file that says so, however
    /// it came to, is counted on from there without overflowing).
    public mutating func recordLaunch() { appLaunches = TourProgress.increment(launches) }
    /// The progress after the app event `name`.
    public mutating func recordEvent(_ name: String) { appEvents = (appEvents ?? [:]).merging([name: TourProgress.increment(count(of: name))]) { $1 } }

    /// `n + 1`, or `n` at `Int.max`.
    static func increment(_ n: Int) -> Int { n == .max ? n : n + 1 }

    /// What is impossible in saved progress: a negative count, a version never written. Nil when
    /// nothing is.
    public var problem: String? {
        if version != 1 { return "version \(version) (expected 1)" }
        if let n = appLaunches, n < 0 { return "appLaunches is \(n) (expected a count, 0 or more)" }
        if let (name, n) = appEvents?.first(where: { $0.value < 0 }) { return "appEvents[\(quoted(name))] is \(n) (expected a count, 0 or more)" }
        if let (id, e) = tours.first(where: { ($0.value.timesShown ?? 0) < 0 }) {
            return "tours[\(quoted(id))].timesShown is \(e.timesShown ?? 0) (expected a count, 0 or more)"
        }
        return nil
    }
    /// The progress after `tour` showed at `date`.
    public mutating func recordShown(_ tour: String, at date: Date) { tours[tour] = Self.shown(tours[tour], at: date) }

    /// `entry` after one more showing at `date` (a first one when nil): a tour's or a checklist's.
    static func shown(_ entry: Entry?, at date: Date) -> Entry {
        var e = entry ?? Entry(outcome: .skipped, date: date)
        e.timesShown = TourProgress.increment(entry == nil ? 0 : (e.timesShown ?? 1))
        e.lastShown = date
        return e
    }
    /// The progress after `tour` ended with `outcome` at `date`, its steps at `versions` when finished.
    public mutating func recordEnd(_ tour: String, outcome: TourOutcome, at date: Date, versions: [String]?) {
        tours[tour] = Self.ended(tours[tour], outcome: outcome, at: date, versions: versions)
    }

    /// `entry` after it ended with `outcome` at `date`, the steps at `versions` when finished.
    static func ended(_ entry: Entry?, outcome: TourOutcome, at date: Date, versions: [String]?) -> Entry {
        var e = entry ?? Entry(outcome: outcome, date: date)
        e.outcome = outcome
        e.date = date
        if outcome == .finished, let versions { e.seenVersions = versions }
        if e.timesShown == nil { e.timesShown = 1 }
        return e
    }

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

    /// The largest saved-progress file read (a few hundred bytes a tour).
    public static let maxFileSize = 16 << 20

    /// The saved-progress file.
    public var path: String { (directory as NSString).appendingPathComponent("state.json") }

    /// Reads the saved progress. A missing file is empty progress. A corrupt one is set aside and
    /// replaced; `warning` then says what happened (and any trouble doing it).
    public func load() -> (progress: TourProgress, warning: String?) {
        let (progress, warning, _) = read()
        return (progress, warning)
    }

    /// `load()`, and whether the file may be replaced: not when it is there but could not be read
    /// (a folder, not readable, too large), which a save must leave as it is.
    private func read() -> (progress: TourProgress, warning: String?, replaceable: Bool) {
        let fm = FileManager.default
        let data: Data
        do { data = Data(try InputFile.read(path, limit: TourProgressStore.maxFileSize, kind: "saved tour progress, JSON")) } catch {
            if error.isMissing { return (TourProgress(), nil, true) }
            return (TourProgress(), "\(path): \(error.reason); tours count as not seen", false)
        }
        do {
            let progress = try TourProgressStore.decoder.decode(TourProgress.self, from: data)
            if let problem = progress.problem { throw TourProgressError(problem) }
            return (progress, nil, true)
        } catch {
            // Valid JSON of the wrong shape names the key and what belongs there.
            let reason = (error as? TourProgressError)?.message
                ?? (error as? DecodingError).flatMap { TourProgress.problem(of: $0, in: [UInt8](data)) }
                ?? "not valid JSON saved progress"
            var warning = "\(path): \(reason)"
            let aside = setAsideName()
            do {
                try fm.moveItem(atPath: path, toPath: aside)
                warning += "; set aside as \((aside as NSString).lastPathComponent)"
            } catch {
                warning += "; could not set it aside (\(SystemErrors.describe(error)))"
            }
            do {
                try save(TourProgress())
                warning += " and replaced with empty progress"
            } catch {
                warning += "; could not write a new one (\(error.message))"
            }
            return (TourProgress(), warning, true)
        }
    }

    /// Records that the tour `id` ended with `outcome` (its steps at `versions` when finished).
    public func record(_ outcome: TourOutcome, forTour id: String, date: Date = Date(), versions: [String]? = nil) throws(TourProgressError) {
        try update { $0.recordEnd(id, outcome: outcome, at: date, versions: versions) }
    }

    /// Loads, changes with `change` and saves atomically (a launch, an app event, a tour shown).
    /// A file that is there but cannot be read is left as it is, and the update fails; one that was
    /// not saved progress is set aside first, and the warning saying so is returned.
    @discardableResult
    public func update(_ change: (inout TourProgress) -> Void) throws(TourProgressError) -> String? {
        let (loaded, warning, replaceable) = read()
        guard replaceable else { throw TourProgressError((warning ?? path) + "; not saved, so it is kept as it is") }
        var progress = loaded
        change(&progress)
        try save(progress)
        return warning
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
            throw TourProgressError("\(directory): cannot create the folder for saved tour progress (\(SystemErrors.describe(error)))")
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
