import Foundation
import Headless
import ScreensApp
import Testing
import Tours
import Views

/// The redesign drill over examples/Player: every element with an id and a name on each of its
/// tabs, through every scripted change. Targets recorded as the editor records them re-attach after
/// the changes that keep their element (at least 95 %), never to a wrong element, and every change
/// that takes the element away is reported. `LIMELIGHT_DRILL_TABLE=FILE` writes the table for
/// BENCHMARKS.md.
@Suite(.serialized) @MainActor struct RedesignDrillTests {
    @Test func playerTargetsSurviveARedesignAndNeverAttachWrongly() throws {
        let file = try ScreensLoader.load(path: playerFile)
        let definition = file.appDefinition
        let report = try RedesignDrill.run(launch: { try AppSession(definition) }, languages: definition.languages)
        #expect(report.trials.count >= 200, "\(report.trials.count) trials")
        #expect(report.wrong.isEmpty, "\(report.wrong.map { "\($0.change.rawValue) \($0.target): \($0.detail)" })")
        #expect(report.unreported.isEmpty, "\(report.unreported.map { "\($0.change.rawValue) \($0.target): \($0.detail)" })")
        let lost = report.trials.filter { $0.change.expected == .reattached && $0.outcome != .reattached }
        #expect(report.reattachRate >= 0.95, "\(report.table)\n\(lost.map { "\($0.change.rawValue) \($0.target): \($0.detail)" }.joined(separator: "\n"))")
        for change in RedesignDrill.Change.allCases {
            #expect(report.trials.contains { $0.change == change }, "no trial of \(change.rawValue)")
        }
        if let out = ProcessInfo.processInfo.environment["LIMELIGHT_DRILL_TABLE"] {
            try (report.table + "\n").write(toFile: out, atomically: true, encoding: .utf8)
        }
    }
}
