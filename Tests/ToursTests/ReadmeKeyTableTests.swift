import Foundation
import Testing
import Schema
@testable import Tours

/// The README's tables of tour keys are made from the one declaration of every key (`TourSchema`):
/// a key added, renamed or redocumented there and not in the README fails here.
/// `LIMELIGHT_RECORD_README=1` writes the tables into the README instead.
@Suite(.serialized) struct ReadmeKeyTableTests {
    static let readme = repositoryFolder.appendingPathComponent("README.md")

    /// The text between `<!-- NAME -->` and `<!-- end NAME -->` in `text`, and where it is.
    func section(_ name: String, in text: String) -> Range<String.Index>? {
        guard let start = text.range(of: "<!-- \(name) -->\n"), let end = text.range(of: "\n<!-- end \(name) -->", range: start.upperBound..<text.endIndex)
        else { return nil }
        return start.upperBound..<end.lowerBound
    }

    @Test(arguments: [("tour keys", TourSchema.tourTable), ("test keys", TourSchema.testTable), ("step keys", TourSchema.stepTable),
                      ("capture keys", CaptureFormat.table), ("checklist keys", ChecklistFormat.table)])
    func theReadmesTableIsTheDeclaredOne(name: String, table: String) throws {
        var text = try String(contentsOf: Self.readme, encoding: .utf8)
        let range = try #require(section(name, in: text), "README.md has no <!-- \(name) --> … <!-- end \(name) --> section")
        if ProcessInfo.processInfo.environment["LIMELIGHT_RECORD_README"] == "1" {
            text.replaceSubrange(range, with: table)
            try text.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[range]) == table, "README.md's \(name) differ from TourSchema (LIMELIGHT_RECORD_README=1 writes them)")
    }

    @MainActor @Test func everyDeclaredKeyIsKnownToTheDecoderAndSuggested() throws {
        let lines = problems("{\"id\": \"t\", \"steps\": [{\"target\": \"fab\", \"paddng\": 2}], \"alowSkip\": true}").map(\.message)
        #expect(lines.contains("unknown key (did you mean \"padding\"?)"))
        #expect(lines.contains("unknown key (did you mean \"allowSkip\"?)"))
        #expect(StepSchema.step.map(\.name).contains("scrollIntoView") && TourSchema.tour.map(\.name).contains("background"))
    }
}

/// No number key states its range twice: the README's words of every number key of the tour format
/// name the bounds of its kind, so a range changed in one place cannot leave the other behind.
@Suite struct NumberRowTests {
    @Test func everyNumberKeysWordsNameItsRange() {
        var numbers = 0
        for info in TourFormat.keys {
            guard let range = info.kind.numberRange else { continue }
            numbers += 1
            let whole: Bool
            if case .wholeNumber = info.kind { whole = true } else { whole = false }
            #expect(info.value.hasPrefix(ValueKind.numberText(range, whole: whole)), "\(info.path): \(info.value) against \(range)")
        }
        #expect(numbers >= 10, "the tour format has number keys (\(numbers))")
    }
}
