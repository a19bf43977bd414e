import Analytics
import Foundation
import Testing

/// `analyze` of checklists: the users each was shown to, who launched and who did each item, who
/// did every item (the file's, when given), in the table, the JSON and the page; a checklist line
/// missing its checklist or item is one line's error.
@Suite struct ChecklistAnalysisTests {
    static func line(_ user: String, _ second: Int, _ event: String, _ extra: String = "") -> String {
        #"{"time": "2026-12-01T10:00:\#(String(format: "%02d", second)).000Z", "user": "\#(user)", "session": "s-\#(user)", "event": "\#(event)"\#(extra)}"#
    }

    static func log() -> String {
        var lines: [String] = []
        for (i, u) in ["u1", "u2", "u3", "u4"].enumerated() {
            lines.append(line(u, 0, "checklistShown", #", "checklist": "start""#))
            // Shown twice in a session, and in a second session: still one user.
            lines.append(line(u, 1, "checklistShown", #", "checklist": "start""#))
            if i < 3 {
                lines.append(line(u, 2, "itemLaunched", #", "checklist": "start", "item": "tour", "tour": "home""#))
                lines.append(line(u, 3, "itemDone", #", "checklist": "start", "item": "tour""#))
            }
            if i < 2 { lines.append(line(u, 4, "itemDone", #", "checklist": "start", "item": "add""#)) }
            if i == 0 { lines.append(line(u, 5, "itemDone", #", "checklist": "start", "item": "menu""#)) }
        }
        // A user never shown the checklist who did an item counts for neither.
        lines.append(line("u9", 0, "itemDone", #", "checklist": "start", "item": "add""#))
        return lines.joined(separator: "\n") + "\n"
    }

    static func analyze(_ text: String, items: [String]? = nil) throws -> AnalysisReport {
        let path = NSTemporaryDirectory() + "checklist-\(UUID().uuidString).jsonl"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = AnalysisOptions()
        if let items { options.checklists = [("start", items)] }
        let analysis = EventAnalysis(options: options)
        try analysis.read(path)
        return analysis.report()
    }

    @Test func itemsDoneAndLaunchedAreCountedByUser() throws {
        let report = try Self.analyze(Self.log())
        let c = try #require(report.checklists.first)
        #expect(report.checklists.count == 1 && c.checklist == "start" && c.shown == 4)
        #expect(c.items.map(\.item) == ["tour", "add", "menu"])
        #expect(c.items.map(\.launched) == [3, 0, 0] && c.items.map(\.done) == [3, 2, 1])
        #expect(c.items.map(\.doneRate) == [0.75, 0.5, 0.25])
        #expect(c.completed == 1 && c.completionRate == 0.25, "only u1 did every item seen")
        #expect(report.tours.isEmpty, "a checklist's lines are no tour's")
        // With the file's items, an item nobody did still counts: nobody did every item.
        let given = try Self.analyze(Self.log(), items: ["tour", "add", "menu", "more"])
        #expect(given.checklists[0].items.map(\.item) == ["tour", "add", "menu", "more"] && given.checklists[0].completed == 0)
        let text = ReportText.text(report)
        #expect(text.contains("checklist start: shown to 4 users, 1 did every item (25.0%)"), "\(text)")
        #expect(text.contains("tour") && text.contains("75.0%"))
        let page = ReportPage.html(report)
        #expect(page.contains("<section class=\"checklist\" id=\"checklist-start\">") && page.contains("3 done (75.0%), 3 launched"))
    }

    @Test func aChecklistLineWithoutItsNamesIsOneLinesError() throws {
        #expect(throws: AnalysisFailure.self) { try Self.analyze(Self.line("u", 0, "itemDone", #", "checklist": "start""#) + "\n") }
        let error = #expect(throws: AnalysisFailure.self) { try Self.analyze(Self.line("u", 0, "checklistShown") + "\n") }
        #expect(error?.description.hasSuffix(":1: a checklistShown event without \"checklist\"") == true, "\(String(describing: error))")
    }
}
