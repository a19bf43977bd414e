import Foundation
import Headless
import SettingsApp
import Testing

/// The redesign drill over the settings app, as a team runs it on its own app: every element with
/// an id and a name, through every scripted change (an id renamed, relabelled, wrapped, its list
/// reordered, German instead of English, moved to another tab, deleted). Targets recorded as the
/// editor records them re-attach after the changes that keep their element, never attach to a
/// wrong one, and every change that takes the element away is reported.
@Suite(.serialized) @MainActor struct SettingsRedesignDrillTests {
    @Test func targetsSurviveARedesignAndNeverAttachWrongly() throws {
        let report = try RedesignDrill.run(launch: { try AppSession(SettingsApp.definition) }, languages: SettingsApp.definition.languages)
        #expect(report.trials.count >= 50, "\(report.trials.count) trials")
        #expect(report.wrong.isEmpty, "\(report.wrong.map { "\($0.change.rawValue) \($0.target): \($0.detail)" })")
        #expect(report.unreported.isEmpty, "\(report.unreported.map { "\($0.change.rawValue) \($0.target): \($0.detail)" })")
        #expect(report.reattachRate >= 0.95, "\(report.table)")
        if let out = ProcessInfo.processInfo.environment["LIMELIGHT_DRILL_TABLE"] {
            try (report.table + "\n").write(toFile: out, atomically: true, encoding: .utf8)
        }
    }
}
