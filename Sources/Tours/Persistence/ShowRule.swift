import Foundation
import Schema

/// When a tour shows, from what saved progress says (`"show"` and `"after"` in the tour file):
/// once (the default), always, after so many launches or events, at most so many times, not
/// again within a while, or only after another tour was finished.
public struct ShowRule: Hashable, Sendable {
    /// An app event and how many times it must have happened.
    public struct EventCount: Hashable, Sendable {
        /// The event, one of the app's (`AppDefinition.events`) or `launch`.
        public var name: String
        /// How many times.
        public var count: Int
        /// The counts a file may ask for.
        public static let counts: ClosedRange<Double> = 1...100_000
        /// `count` times `name`.
        public init(name: String, count: Int) { self.name = name; self.count = count }
    }

    /// Launches of the app there must have been (counting this one).
    public var afterLaunches: Int?
    /// One of the app's events and how many times it must have happened.
    public var afterEvent: EventCount?
    /// The most times the tour shows; nil: no limit (`"always"`).
    public var maxTimes: Int? = 1
    /// Seconds that must pass after it showed before it shows again.
    public var notWithin: Double?
    /// A tour that must have been finished first.
    public var afterTour: String?

    /// Once: the default.
    public init() {}

    /// The longest `notWithin` a tour may give: ten years, in seconds.
    public static let maxDuration = 3650.0 * 86400

    /// `seconds` as a person would say it: "45 s", "30 min", "12 h", "7 d" (any number, however
    /// large, is spelled without trapping).
    public static func describe(seconds: Double) -> String {
        func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.1f", v) }
        if seconds >= 86400 { return n(seconds / 86400) + " d" }
        if seconds >= 3600 { return n(seconds / 3600) + " h" }
        if seconds >= 60 { return n(seconds / 60) + " min" }
        return n(seconds) + " s"
    }

    /// Reads a duration such as `"7d"`, `"12h"`, `"30m"` or `"45s"` as seconds.
    public static func duration(_ text: String) -> Double? {
        guard let unit = text.last, let n = Double(text.dropLast()), n.isFinite, n >= 0 else { return nil }
        switch unit {
        case "s": return n
        case "m": return n * 60
        case "h": return n * 3600
        case "d": return n * 86400
        case "w": return n * 7 * 86400
        default: return nil
        }
    }
}

/// Whether a tour shows now, and which of its steps.
public struct ShowDecision: Hashable, Sendable {
    /// Whether it shows.
    public var shows: Bool
    /// The steps it shows (0-based): all, or those that changed since it was finished.
    public var steps: [Int]
    /// Why (one phrase: "first time", "after 3 launches (2 so far)", "steps 2, 4 changed since it
    /// was finished", "was finished before").
    public var reason: String
    /// Whether it does not show because it was shown as often as its rule allows.
    public var isUsedUp = false

    /// What `tour`'s rule says with `progress` at `now`. `stepVersions` are its steps'
    /// `contentVersion`s when the caller has them: a digest of everything a step shows, which one
    /// that decides again and again (`limelight simulate`, at every launch of a log) makes once.
    public static func decide(_ tour: Tour, progress: TourProgress, now: Date, stepVersions: [String]? = nil) -> ShowDecision {
        decide(tour.show, entry: progress.tours[tour.id], progress: progress, now: now, steps: tour.steps.count,
               versions: { stepVersions.flatMap { $0.count == tour.steps.count ? $0 : nil } ?? tour.steps.map(\.contentVersion) })
    }

    /// What `rule` says of a tour (or a checklist) of `steps` steps whose showings so far are
    /// `entry`, with `progress` at `now`; `versions` gives its steps' versions when a finished one
    /// is asked whether any changed.
    static func decide(_ rule: ShowRule, entry: TourProgress.Entry?, progress: TourProgress, now: Date, steps: Int,
                       versions: () -> [String]) -> ShowDecision {
        let all = Array(0..<steps)
        func no(_ why: String) -> ShowDecision { ShowDecision(shows: false, steps: [], reason: why) }
        if let other = rule.afterTour, progress.tours[other]?.outcome != .finished {
            return no("waits for the tour \(quoted(other)) to be finished")
        }
        if let n = rule.afterLaunches, progress.launches < n {
            return no("after \(n) launches (\(progress.launches) so far)")
        }
        if let e = rule.afterEvent, progress.count(of: e.name) < e.count {
            return no("after \(e.count) × \(e.name) (\(progress.count(of: e.name)) so far)")
        }
        if let within = rule.notWithin, let last = entry?.lastShown, now.timeIntervalSince(last) < within {
            return no("shown \(ShowRule.describe(seconds: now.timeIntervalSince(last))) ago, not again within \(ShowRule.describe(seconds: within))")
        }
        let times = entry?.timesShown ?? (entry == nil ? 0 : 1)
        if let max = rule.maxTimes, times >= max {
            var usedUp = no(max == 1 ? "was \(entry?.outcome.rawValue ?? "shown") before" : "was shown \(times) of at most \(max) times")
            usedUp.isUsedUp = true
            // Finished before: only the steps whose content changed since show again.
            guard entry?.outcome == .finished, let seen = entry?.seenVersions else { return usedUp }
            let versions = versions()
            let changed = all.filter { $0 >= seen.count || seen[$0] != versions[$0] }
            guard !changed.isEmpty else { return usedUp }
            return ShowDecision(shows: true, steps: changed, reason: "step\(changed.count == 1 ? "" : "s") \(changed.map { String($0 + 1) }.joined(separator: ", ")) changed since it was finished")
        }
        return ShowDecision(shows: true, steps: all, reason: times == 0 ? "first time" : "shown \(times) time\(times == 1 ? "" : "s") before")
    }
}

extension TourStep {
    /// The step's version: its `version`, else a digest of what it shows (targets, shape, texts in
    /// every language), so an edit to it is a new version.
    public var contentVersion: String {
        if let version { return version }
        var h: UInt64 = 0xcbf29ce484222325
        func mix(_ s: String) { for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }; h = (h ^ 0xff) &* 0x100000001b3 }
        // An element's query by its own words: reflection would print its private container's type
        // with an address, a new version in every process.
        mix(targets.map { if case .element(let q) = $0 { "element(\(q.description))" } else { String(describing: $0) } }.joined(separator: ", "))
        mix(String(describing: shape))
        mix(title ?? ""); mix(text ?? "")
        for (k, v) in titles.sorted(by: { $0.key < $1.key }) { mix(k); mix(v) }
        for (k, v) in texts.sorted(by: { $0.key < $1.key }) { mix(k); mix(v) }
        return String(h, radix: 16)
    }
}

extension ShowRule {
    /// The tours among `tours` that can never show because their `after` rules wait in a circle
    /// (a tour after itself, two after each other, …), each with the circle as ids in order.
    public static func circles(in tours: [Tour]) -> [(index: Int, circle: [String])] {
        var byID: [String: Int] = [:]
        for (i, t) in tours.enumerated() where byID[t.id] == nil { byID[t.id] = i }
        var found: [(index: Int, circle: [String])] = []
        for (i, tour) in tours.enumerated() {
            var path = [tour.id]
            var current = tour
            while let next = current.show.afterTour, let j = byID[next] {
                if next == tour.id { found.append((i, path + [next])); break }
                if path.contains(next) || path.count > tours.count { break }  // a circle that does not pass through this tour
                path.append(next)
                current = tours[j]
            }
        }
        return found
    }
}
