import Files
import Foundation
import Schema

/// What each golden was drawn from when it was recorded: the fingerprints of the tour file and of
/// every file the tour runs over (its app's screens file, the captures and screenshots), per case,
/// in `inputs.json` in the goldens folder. When a case fails, its line says what changed since:
/// the app (a capture taken again, a new screenshot, the screens file), the tour, both, or neither
/// (the rendering did), so a team tells a golden broken by the product from one broken by the tour.
package enum GoldenInputs {
    /// The record's file in a goldens folder.
    package static let fileName = "inputs.json"
    /// The largest record read.
    static let limit = 16 << 20

    /// One case's record: `tour` and each input's `kind path`, with their fingerprints.
    package typealias Record = [String: String]

    /// The record of `planned` as the run read its files.
    static func record(of planned: PlannedTour) -> Record {
        var record = ["tour": planned.digest]
        for input in planned.inputs { record[input.kind + " " + input.path] = input.digest }
        return record
    }

    /// The records in `planned`'s goldens folder, by case (its short name), read beneath the tour
    /// file's folder; empty when there is none, or it is not one a run wrote (any entry that is not
    /// a string of at most 4096 bytes leaves the whole record out).
    package static func read(_ planned: PlannedTour) -> [String: Record] {
        guard let (folder, relative) = place(of: planned),
              let bytes = try? folder.read(relative, limit: limit, kind: "a goldens' inputs record"),
              let records = try? JSONDecoder().decode([String: Record].self, from: Data(bytes)),
              records.allSatisfy({ $0.key.utf8.count <= 4096 && $0.value.allSatisfy { $0.key.utf8.count <= 4096 && $0.value.utf8.count <= 64 } })
        else { return [:] }
        return records
    }

    private static func place(of planned: PlannedTour) -> (OwnedFolder, String)? {
        guard let folder = try? planned.openTourFolder(),
              let relative = folder.relativePath(of: (planned.goldensFolder as NSString).appendingPathComponent(fileName)), !relative.isEmpty else { return nil }
        return (folder, relative)
    }

    /// Records, for each tour, what its cases that have goldens and pass now were drawn from (after
    /// `--update` or `accept`: their goldens are what these files draw), keeping the records of
    /// the cases not run; written only when it changed.
    package static func update(with results: [CaseResult], tours: [PlannedTour]) {
        for planned in tours where !planned.digest.isEmpty {
            let mine = results.filter { $0.testCase.tour == planned.name && $0.goldenExists && $0.outcome == .passed }
            guard !mine.isEmpty else { continue }
            var records = read(planned)
            let before = records
            let now = record(of: planned)
            for r in mine { records[r.testCase.shortName] = now }
            guard records != before, let (folder, relative) = place(of: planned) else { continue }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(records) else { continue }
            try? folder.write(data, to: relative)
        }
    }

    /// Adds to each case whose frame differs from its golden what changed since that golden was
    /// recorded, when its record says.
    package static func explain(_ results: inout [CaseResult], tours: [PlannedTour]) {
        for planned in tours where planned.tour != nil && !planned.digest.isEmpty {
            let indices = results.indices.filter { results[$0].testCase.tour == planned.name && results[$0].outcome == .failed && (results[$0].differingPixels ?? 0) > 0 }
            guard !indices.isEmpty else { continue }
            let records = read(planned)
            guard !records.isEmpty else { continue }
            let now = record(of: planned)
            for i in indices {
                guard let then = records[results[i].testCase.shortName] else { continue }
                results[i].problems.append(sentence(then: then, now: now))
            }
        }
    }

    /// What changed between the record `then` and `now`, as the case's line says it.
    static func sentence(then: Record, now: Record) -> String {
        let tourChanged = then["tour"] != now["tour"]
        let inputs = Set(then.keys).union(now.keys).subtracting(["tour"]).sorted().filter { then[$0] != now[$0] }
        let named = inputs.map { key -> String in
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            let what = parts.count == 2 ? "the \(parts[0] == "app" ? "app (screens file)" : parts[0]) \(parts[1])" : key
            return then[key] == nil ? what + " (new)" : now[key] == nil ? what + " (no longer read)" : what
        }
        let list = named.count <= 1 ? named.joined() : named.dropLast().joined(separator: ", ") + " and " + named.last!
        switch (tourChanged, named.isEmpty) {
        case (false, false): return "since its golden was recorded, the app changed (\(list)), the tour file did not"
        case (true, true): return "since its golden was recorded, the tour file changed, what it runs over did not"
        case (true, false): return "since its golden was recorded, both the tour file and the app changed (\(list))"
        case (false, true): return "since its golden was recorded, neither the tour file nor what it runs over changed (the rendering did: Limelight, a font, the machine)"
        }
    }
}
