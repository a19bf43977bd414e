import Foundation
import Overlays
import Schema
import Tours
import Views

/// `check --heal`: each drifted anchored target's anchors rewritten to the element its stable
/// anchors found, decided over every place the tour is tested and never below a full match.
///
/// A target heals only when at every size, scale and language of the tour's test matrix its
/// anchors found an element (exactly or by a drift), those elements are one element (the same id
/// and role), and the healed anchors then match that element whole at every place. The name and
/// the visible text are written per language when they differ by language. `within` and `index`
/// that no longer agree are dropped. Anything less is listed as not healed, with why.
package struct AnchorHeal {
    /// What a target's anchors found at one place of the test matrix.
    struct Sighting {
        var place: String
        var language: String
        var resolution: ElementResolution
        var elements: ElementList
    }

    /// A target: its tour, step and place among the step's targets.
    struct TargetKey: Hashable { var tour: Int, step: Int, target: Int }

    /// One target healed: where it is written, and its anchors before and after.
    package struct Change: Equatable {
        /// The step's index.
        package var step: Int
        /// The target's place among the step's targets.
        package var target: Int
        /// The target's line and JSON path.
        package var line: Int
        package var path: String
        /// The anchors as written, and as healed.
        package var before: TargetAnchors
        package var after: TargetAnchors
        /// The languages in the order the tour tests them: the order names by language are written in.
        package var languages: [String] = []

        /// `id "addButton" → "save"; name "Add card" → {"en": …, "ja": …}`.
        package var summary: String {
            var parts: [String] = []
            func words(_ s: String?, _ table: [String: String]) -> String {
                if !table.isEmpty { return "{" + table.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ") + "}" }
                return s.map { "\"\($0)\"" } ?? "(none)"
            }
            if before.id != after.id { parts.append("id \(words(before.id, [:])) → \(words(after.id, [:]))") }
            if before.role != after.role { parts.append("role \(before.role?.rawValue ?? "(none)") → \(after.role?.rawValue ?? "(none)")") }
            if before.name != after.name || before.names != after.names { parts.append("name \(words(before.name, before.names)) → \(words(after.name, after.names))") }
            if before.text != after.text || before.texts != after.texts { parts.append("text \(words(before.text, before.texts)) → \(words(after.text, after.texts))") }
            if before.within != after.within { parts.append("within dropped") }
            if before.index != after.index { parts.append("index dropped") }
            return parts.joined(separator: "; ")
        }
    }

    private var sightings: [TargetKey: [Sighting]] = [:]

    /// An empty record.
    package init() {}

    /// Records what the anchored targets of the step `walk` shows find on its screen.
    @MainActor
    package mutating func record(tour: Int, group: TestPlan.Group, step: Int, walk: TourWalk) {
        let root = walk.stage.root
        let place = "\(group.size.width.compact)x\(group.size.height.compact)@\(group.scale.compact)x, \(group.language)"
        for (k, target) in walk.engine.tour.steps[step].holeTargets(in: walk.stage.languageCode).enumerated() {
            guard case .element(let query) = target else { continue }
            let key = TargetKey(tour: tour, step: step, target: k)
            sightings[key, default: []].append(Sighting(place: place, language: group.language, resolution: root.resolve(query, namingNearest: true), elements: root.appElements))
        }
    }

    /// The heals of tour `index` (`tour` as loaded), and the drifted targets that do not heal, each
    /// with why.
    package func heals(of index: Int, _ tour: Tour, file: String) -> (changes: [Change], refused: [Diagnostic]) {
        var changes: [Change] = [], refused: [Diagnostic] = []
        for key in sightings.keys.filter({ $0.tour == index }).sorted(by: { ($0.step, $0.target) < ($1.step, $1.target) }) {
            let step = tour.steps[key.step]
            guard let anchors = step.anchors(ofTarget: key.target), let seen = sightings[key] else { continue }
            guard seen.contains(where: { !$0.resolution.isExact }) else { continue }
            let line = key.target < step.source.targets.count ? step.source.targets[key.target] : step.source.step
            let path = key.target < step.source.targetPaths.count ? step.source.targetPaths[key.target] : "steps[\(key.step)]"
            switch AnchorHeal.healed(anchors, seen) {
            case .success(let after):
                var order: [String] = []
                for s in seen where !order.contains(s.language) { order.append(s.language) }
                changes.append(Change(step: key.step, target: key.target, line: line, path: path, before: anchors, after: after, languages: order))
            case .failure(let why):
                refused.append(Diagnostic(file: file, line: line, path: path, message: "not healed: \(why.message)"))
            }
        }
        return (changes, refused)
    }

    /// Why a target does not heal.
    struct Refusal: Error { var message: String }

    /// The anchors rewritten to the element found at every place, checked to match it whole at each.
    static func healed(_ anchors: TargetAnchors, _ seen: [Sighting]) -> Result<TargetAnchors, Refusal> {
        var found: [(Sighting, SemanticNode)] = []
        for s in seen {
            guard let element = s.resolution.element else {
                return .failure(Refusal(message: "at \(s.place) its anchors find no one element (\(s.resolution.message(for: anchors.query(in: s.language)) ?? ""))"))
            }
            found.append((s, element))
        }
        let ids = Set(found.map { $0.1.id ?? "" }), roles = Set(found.map(\.1.role))
        guard ids.count == 1, roles.count == 1, let role = roles.first else {
            return .failure(Refusal(message: "its anchors find different elements at different places (\(Set(found.map(\.1.elementDescription)).sorted().joined(separator: ", ")))"))
        }
        // Only the anchors the target has are rewritten: a heal adds none.
        var after = anchors
        if anchors.id != nil { after.id = found[0].1.id }
        if anchors.role != nil { after.role = role }
        if anchors.name != nil || !anchors.names.isEmpty {
            (after.name, after.names) = byLanguage(found.map { ($0.0.language, $0.1.label) }, keeping: anchors.names)
        }
        if anchors.text != nil || !anchors.texts.isEmpty {
            let texts = found.compactMap { s, e in e.visibleText.map { (s.language, $0) } }
            if texts.count == found.count { (after.text, after.texts) = byLanguage(texts, keeping: anchors.texts) } else { after.text = nil; after.texts = [:] }
        }
        // `within` and `index` stay only where the healed anchors still find the element whole with them.
        for drop in [false, true] {
            var candidate = after
            if drop { candidate.within = nil; candidate.index = nil }
            if found.allSatisfy({ s, e in
                if case .found(let n) = s.elements.resolve(candidate.query(in: s.language)) { return n == e }
                return false
            }) {
                return candidate == anchors ? .failure(Refusal(message: "nothing to change")) : .success(candidate)
            }
        }
        return .failure(Refusal(message: "the healed anchors would not find it whole at every size and language the tour tests"))
    }

    /// One word for every language, or the words by language when they differ or the target gave
    /// them by language (`keeping`: its table, whose languages not tested stay as they are).
    /// Pseudo-locales, made from the default, are left out.
    static func byLanguage(_ words: [(language: String, word: String)], keeping given: [String: String]) -> (String?, [String: String]) {
        let real = words.filter { PseudoLocale(tag: $0.language) == nil }
        let kept = real.isEmpty ? words : real
        if Set(kept.map(\.word)).count == 1 && given.isEmpty { return (kept[0].word, [:]) }
        var table = given
        var seen: Set<String> = []
        for (language, word) in kept where seen.insert(language).inserted { table[language] = word }
        return (LanguageTag.text(in: table, language: "en", base: nil) ?? kept[0].word, table)
    }

    /// The tour file's `text` with `changes` written through the format-keeping document: only the
    /// members that change are written anew.
    package static func rewrite(_ text: String, with changes: [Change]) throws(JSONSyntaxError) -> String {
        var document = try TourDocument(text: text)
        var steps = document.steps
        for change in changes where steps.indices.contains(change.step) {
            var step = steps[change.step]
            if var list = step["targets"], var items = list.arrayValue, items.indices.contains(change.target) {
                items[change.target] = rewritten(items[change.target], change)
                list.value = .array(items)
                step["targets"] = list
            } else if let target = step["target"] {
                step["target"] = rewritten(target, change)
            }
            steps[change.step] = step
        }
        document.steps = steps
        return document.text
    }

    /// `tree` (a target object) with the members that `change` changes set anew.
    private static func rewritten(_ tree: JSONTree, _ change: Change) -> JSONTree {
        var tree = tree
        let a = change.after, b = change.before
        func text(_ s: String?, _ table: [String: String]) -> JSONTree? {
            guard !table.isEmpty else { return s.map(JSONTree.string) }
            // The tour's languages in its order, then any others the file gave.
            let keys = change.languages.filter { table[$0] != nil } + table.keys.filter { !change.languages.contains($0) }.sorted()
            var tree = JSONTree.object(keys.map { ($0, JSONTree.string(table[$0]!)) })
            tree.markInline()
            return tree
        }
        let order = TargetAnchors.keyOrder
        func set(_ key: String, _ value: JSONTree?) {
            let at = order.firstIndex(of: key) ?? 0
            tree.setMember(key, value, after: Array(order[..<at]), before: Array(order[(at + 1)...]))
        }
        if a.id != b.id { set("id", a.id.map(JSONTree.string)) }
        if a.role != b.role { set("role", a.role.map { .string($0.rawValue) }) }
        if a.name != b.name || a.names != b.names { set("name", text(a.name, a.names)) }
        if a.text != b.text || a.texts != b.texts { set("text", text(a.text, a.texts)) }
        if a.within == nil && b.within != nil { set("within", nil) }
        if a.index == nil && b.index != nil { set("index", nil) }
        return tree
    }
}
