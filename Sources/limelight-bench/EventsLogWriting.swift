import Analytics
import Files
import Demo
import Foundation
import Schema
import Tours

/// `limelight-bench --events-log FILE --users N [--seed S] [--tour TOUR]`: a synthetic events log
/// (`SyntheticLog`) of N users of the tour (default: examples/analytics/onboarding.json's facts), each
/// user's arm drawn as every host draws it; for the shipped example week and the analyze benchmark.
enum EventsLogWriting {
    static func run(_ arguments: ArraySlice<String>) throws {
        func value(_ flag: String) -> String? {
            guard let i = arguments.firstIndex(of: flag), arguments.index(after: i) < arguments.endIndex else { return nil }
            return arguments[arguments.index(after: i)]
        }
        guard let path = value("--events-log"), let users = value("--users").flatMap(Int.init), users > 0 else {
            throw EventsLogFailure("--events-log FILE needs --users N")
        }
        let tourPath = value("--tour") ?? "examples/analytics/onboarding.json"
        let tour = try MainActor.assumeIsolated { () throws -> Tour in
            do throws(LoadError) { return try TourLoader.load(path: tourPath, appCatalog: { DemoApp.launchCatalog() }).tour } catch {
                throw EventsLogFailure("\(tourPath): \(error.diagnostics.first?.description ?? "does not load")")
            }
        }
        var facts = TourFacts(id: tour.id, steps: tour.steps.count)
        let plan = tour.experimentPlan
        if let plan {
            facts.variants = plan.arms.map { ($0.name, $0.weight) }
            facts.holdout = plan.holdout
        }
        facts.armSteps = Dictionary(tour.variants.compactMap { v in v.steps.map { (v.name, $0.count) } }, uniquingKeysWith: { a, _ in a })
        var synthetic = SyntheticLog.Plan(seed: value("--seed").flatMap(UInt64.init) ?? 1, users: users, tours: [facts])
        synthetic.appEvents = value("--app-events").flatMap(Int.init) ?? 0
        // The sample app's own event is the goal.
        synthetic.goal = value("--goal") ?? "cardAdded"
        if let plan { synthetic.assign = { (_: String, user: String) -> String in plan.arm(forUser: user) } }
        guard let out = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil) else {
            throw EventsLogFailure("cannot write \(path)")
        }
        out.truncateFile(atOffset: 0)
        var buffer = Data()
        _ = SyntheticLog.write(synthetic) { line in
            buffer.append(contentsOf: line.utf8)
            buffer.append(0x0A)
            if buffer.count > 8 << 20 { out.write(buffer); buffer.removeAll(keepingCapacity: true) }
        }
        out.write(buffer)
        out.closeFile()
    }
}

/// Why the log was not written.
struct EventsLogFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
