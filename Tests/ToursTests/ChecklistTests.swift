import Foundation
import Schema
import Seeded
import Testing
@testable import Tours

/// Checklist files: read with their rows, refused in one line each when wrong; each item's state
/// from saved progress and the app; and saved progress merged when two copies meet — commutative,
/// idempotent, and never undoing a finished tour or a ticked item.
@Suite struct ChecklistTests {
    static let good = #"""
    {
      "checklist": 1,
      "id": "getting-started",
      "title": {"en": "Get started", "de": "Erste Schritte"},
      "show": {"afterLaunches": 2},
      "items": [
        {"id": "tour", "title": "Take the tour", "tour": "home"},
        {"id": "add", "title": "Add a card", "description": "Tap the plus button.", "done": {"event": "cardAdded"}, "tour": "fab"},
        {"id": "menu", "title": "Open the menu", "done": "tab = menu"},
        {"id": "five", "title": {"en": "Add five cards", "ja": "カードを5枚追加"}, "done": "cards >= 5", "after": "add"}
      ]
    }
    """#

    func load(_ text: String) throws(LoadError) -> Checklist { try ChecklistLoader.load(bytes: Array(text.utf8), file: "c.checklist.json") }

    func problems(_ text: String) -> [String] {
        do throws(LoadError) { _ = try load(text); return [] } catch { return error.diagnostics.map(\.description) }
    }

    @Test func aChecklistIsRead() throws {
        let list = try load(Self.good)
        #expect(list.id == "getting-started" && list.title(in: "de") == "Erste Schritte" && list.title(in: "fr") == "Get started")
        #expect(list.show.afterLaunches == 2)
        #expect(list.items.map(\.id) == ["tour", "add", "menu", "five"])
        #expect(list.items[0].doneWhen == .tourFinished("home") && list.items[1].done == .event("cardAdded"))
        #expect(list.items[2].done == .condition(TourCondition(key: "tab", comparison: .equal, value: "menu")))
        #expect(list.items[3].after == ["add"] && list.items[3].title(in: "ja") == "カードを5枚追加" && list.items[1].description(in: "en") == "Tap the plus button.")
    }

    @Test func badChecklistsAreOneLineEach() {
        func with(_ items: String) -> String { #"{"checklist": 1, "id": "c", "title": "C", "items": [\#(items)]}"# }
        #expect(problems(with(#"{"id": "a", "title": "A", "tour": "t"}, {"id": "a", "title": "B", "tour": "u"}"#))
                == [#"c.checklist.json:1: items[1].id: another item is "a" (items[0]; ids must differ)"#])
        #expect(problems(with(#"{"id": "add", "title": "A", "tour": "t"}, {"id": "b", "title": "B", "tour": "u", "after": "ad"}"#))
                == [#"c.checklist.json:1: items[1].after: no item "ad" in this checklist (known: add)"#])
        #expect(problems(with(#"{"id": "a", "title": "A", "tour": "t", "after": "b"}, {"id": "b", "title": "B", "tour": "u", "after": "a"}"#))
                == ["c.checklist.json:1: items[0].after: the items wait on each other in a circle (a → b → a), so none of them can come"])
        #expect(problems(with(#"{"id": "a", "title": "A"}"#))
                == [#"c.checklist.json:1: items[0]: an item needs "done" (when it is done) or "tour" (done when that tour is finished)"#])
        #expect(problems(with(#"{"id": "a", "title": "A", "done": {"score": 3}}"#)).first?.hasPrefix("c.checklist.json:1: items[0].done: expected a condition such as") == true)
        #expect(problems(with(#"{"id": "a", "title": "A", "done": "cards"}"#)).first?.hasPrefix("c.checklist.json:1: items[0].done: ") == true)
        #expect(problems(#"{"checklist": 1, "id": "c", "title": "C", "items": []}"#) == [#"c.checklist.json:1: items: expected a list of 1 to 50 items, found an empty list"#])
        #expect(problems(#"{"id": "c", "title": "C", "items": [{"id": "a", "title": "A", "tour": "t"}]}"#)
                == [#"c.checklist.json:1: missing key "checklist" (the version of the format: 1)"#])
    }

    @Test func eachItemsStateFollowsTheAppAndWhatItComesAfter() throws {
        let list = try load(Self.good)
        var progress = TourProgress()
        var cards = 4
        func states() -> [ChecklistItem.State] {
            list.states(progress: progress) { item in
                guard let done = item.doneWhen else { return false }
                return done.holds(progress: progress) { c in c.key == "cards" && cards >= Int(c.value)! }
            }
        }
        #expect(states() == [.toDo, .toDo, .toDo, .waiting], "five waits for add")
        progress.recordEvent("cardAdded")
        cards = 5
        progress.recordEnd("home", outcome: .skipped, at: Date(), versions: nil)
        #expect(states() == [.toDo, .done, .toDo, .done], "a skipped tour is not a finished one")
        progress.recordEnd("home", outcome: .finished, at: Date(), versions: nil)
        #expect(states()[0] == .done)
        // Ticked once, an item stays done though the app's state went back.
        progress.recordChecked("five", in: list.id, at: Date())
        cards = 1
        #expect(states()[3] == .done)
    }

    /// Random pairs of saved progress: the merge of a and b is the merge of b and a, a with itself
    /// is itself, and what either finished or ticked stays so.
    @Test func aChecklistShowsEveryLaunchUntilItIsCompleteUnlessItsRuleSaysOtherwise() throws {
        func list(_ show: String?) throws -> Checklist {
            let json = #"{"checklist": 1, "id": "c", "title": "C", "items": [{"id": "a", "title": "A", "tour": "t"}]"# + (show.map { ", \"show\": \($0)" } ?? "") + "}"
            return try ChecklistLoader.load(bytes: Array(json.utf8), file: "c.checklist.json")
        }
        var p = TourProgress()
        for _ in 0..<3 { p.recordChecklistShown("c", at: Date()) }
        #expect(try list(nil).showDecision(progress: p, now: Date()).shows, "by default every launch")
        #expect(try !list(#""once""#).showDecision(progress: p, now: Date()).shows)
        p.recordLaunch()
        #expect(try !list(#"{"afterLaunches": 2}"#).showDecision(progress: p, now: Date()).shows, "one launch so far")
        p.recordLaunch()
        #expect(try list(#"{"afterLaunches": 2}"#).showDecision(progress: p, now: Date()).shows, "a rule without maxTimes shows until complete")
        #expect(try !list(#"{"afterLaunches": 2, "maxTimes": 3}"#).showDecision(progress: p, now: Date()).shows)
        p.recordChecklistFinished("c", at: Date())
        let done = try list(#""always""#).showDecision(progress: p, now: Date())
        #expect(!done.shows && done.isUsedUp && done.reason == "was completed before")
    }

    @Test func mergingIsCommutativeIdempotentAndKeepsWhatIsDone() {
        var g = SeededGenerator(seed: 51)
        let tours = ["home", "fab", "menu"], items = ["a", "b", "c"]
        func progress() -> TourProgress {
            var p = TourProgress()
            for id in tours where g.chance(0.7) {
                var e = TourProgress.Entry(outcome: g.chance(0.5) ? .finished : .skipped, date: Date(timeIntervalSince1970: Double(g.int(in: 0...5)) * 1000))
                e.timesShown = g.chance(0.8) ? g.int(in: 1...4) : nil
                e.lastShown = g.chance(0.5) ? Date(timeIntervalSince1970: Double(g.int(in: 0...5)) * 1000) : nil
                e.seenVersions = g.chance(0.5) ? [g.pick(["v1", "v2"])] : nil
                p.tours[id] = e
            }
            if g.chance(0.7) { p.appLaunches = g.int(in: 0...9) }
            if g.chance(0.7) { p.appEvents = ["cardAdded": g.int(in: 0...3)] }
            if g.chance(0.5) { p.user = g.pick(["u1", "u2"]) }
            if g.chance(0.5) { p.experiments = Array(Set((0..<g.int(in: 0...2)).map { _ in g.pick(["x", "y", "z"]) })).sorted() }
            if g.chance(0.7) {
                for item in items where g.chance(0.5) { p.recordChecked(item, in: "list", at: Date(timeIntervalSince1970: Double(g.int(in: 0...5)) * 1000)) }
            }
            // The checklist's showings, and its completion.
            for _ in 0..<g.int(in: 0...2) { p.recordChecklistShown("list", at: Date(timeIntervalSince1970: Double(g.int(in: 0...5)) * 1000)) }
            if g.chance(0.3) { p.recordChecklistFinished("list", at: Date(timeIntervalSince1970: Double(g.int(in: 0...5)) * 1000)) }
            return p
        }
        for _ in 0..<500 {
            let a = progress(), b = progress(), c = progress()
            let ab = a.merged(with: b)
            #expect(ab == b.merged(with: a), "commutative")
            #expect(a.merged(with: a) == a, "idempotent")
            #expect(ab.merged(with: c) == a.merged(with: b.merged(with: c)), "associative")
            for id in tours where a.outcome(ofTour: id) == .finished || b.outcome(ofTour: id) == .finished {
                #expect(ab.outcome(ofTour: id) == .finished, "a finished tour stays finished")
            }
            for item in items where a.isChecked(item, in: "list") || b.isChecked(item, in: "list") {
                #expect(ab.isChecked(item, in: "list"), "a ticked item stays ticked")
            }
            if a.checklistsShown?["list"]?.outcome == .finished || b.checklistsShown?["list"]?.outcome == .finished {
                #expect(ab.checklistsShown?["list"]?.outcome == .finished, "a completed checklist stays completed")
                #expect(!ab.checklistNamed("list").showDecision(progress: ab, now: Date()).shows, "and never shows again")
            }
        }
    }
}

extension TourProgress {
    /// A checklist `id` of one item, shown every launch until it is complete.
    func checklistNamed(_ id: String) -> Checklist {
        var list = Checklist(id: id)
        list.items = [ChecklistItem(id: "a")]
        return list
    }
}
