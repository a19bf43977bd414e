import Foundation
import Schema
import Seeded
import Testing
import Tours

/// What a message offers for a name not known: the one meant, else the nearest few of however
/// many and a count, measured with a bounded edit distance that agrees with the full one.
@MainActor @Suite struct KnownNamesTests {
    @Test func theBoundedDistanceIsTheFullOneWithinItsBound() {
        var random = SeededGenerator(seed: 7)
        let letters = Array("abcab.")
        func word() -> [Character] { (0..<random.below(9)).map { _ in random.pick(letters) } }
        for _ in 0..<5_000 {
            let a = word(), b = word(), limit = random.below(5)
            let full = editDistance(String(a), String(b))
            #expect(boundedEditDistance(a, b, atMost: limit) == (full <= limit ? full : nil), "\(String(a)) \(String(b)) within \(limit)")
        }
        #expect(boundedEditDistance(Array("gird"), Array("grid"), atMost: 1) == 1, "a swap of neighbours is one edit")
    }

    @Test func tenThousandNamesAreTheNearestSixAndACount() {
        let names = (0..<10_000).map { "view.\($0)" }
        #expect(KnownNames.suggestion(for: "veiw.42", among: names) == #" (did you mean "view.42"?)"#)
        #expect(KnownNames.suggestion(for: "card", among: names) == " (known: view.0, view.1, view.2, view.3, view.4, view.5 and 9,994 more)")
        #expect(KnownNames.list(names, near: "view.4217x") == "view.4217, view.217, view.417, view.421, view.427, view.1217 and 9,994 more")
        #expect(KnownNames.list(["a", "b"], near: "zzz") == "a, b", "a short list is every name, in order")
        #expect(KnownNames.counted(9_997) == "9,997" && KnownNames.counted(1_000_000) == "1,000,000" && KnownNames.counted(12) == "12")
    }

    @Test func onlyTheFirstHundredWordsAreMeasured() {
        var names = NameSuggestions((0..<1_000).map { "level\($0)" })
        for i in 0..<NameSuggestions.maxWordsMeasured { #expect(names.nearMiss(for: "lvel\(i)") == "level\(i)") }
        #expect(names.nearMiss(for: "lvel7") == "level7", "a word measured before is answered again")
        #expect(names.nearMiss(for: "lvel500") == nil, "the hundred-and-first is not measured")
        #expect(names.suggestion(for: "lvel500") == " (known: level0, level1, level2, level3, level4, level5 and 994 more)")
    }

    @Test func aTourNamingThousandsOfUnknownIdsListsAFewOfTenThousand() throws {
        let ids = Set((0..<10_000).map { "row.\($0)" })
        let catalog = TargetCatalog(tabs: [], ids: ["": ids])
        let steps = (0..<5_000).map { #"{"target": "roww.\#($0)", "text": "x"}"# }.joined(separator: ",\n")
        let json = "{\"id\": \"t\", \"steps\": [\n\(steps)]}"
        do {
            _ = try TourLoader.load(bytes: Array(json.utf8), file: "t.json", folder: "/nonexistent", appCatalog: { catalog })
            Issue.record("unknown ids load")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 5_000)
            #expect(lines[3] == #"t.json:5: steps[3].target: no view with id "roww.3" can exist (known: row.3, row.0, row.1, row.13, row.2, row.23 and 9,994 more)"#, "\(lines[3])")
            #expect(lines.allSatisfy { $0.hasSuffix("and 9,994 more)") })
        }
    }
}
