import Overlays
import Schema

/// The pass over a decoded tour that checks how it flows: step ids, where `goto`s lead, steps no
/// path reaches, loops that would go round with nobody doing anything, and the conditions of
/// `showWhen` and `advanceOn` against what the screen has.
public enum TourFlowValidator {

    /// Problems with the flow of `tour` on a screen described by `catalog`.
    public static func validate(_ tour: Tour, against catalog: TargetCatalog, file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ line: Int, _ path: String, _ message: String) {
            out.append(Diagnostic(file: file, line: line, path: path, message: message))
        }
        var index: [String: Int] = [:]
        for (i, step) in tour.steps.enumerated() {
            guard let id = step.id else { continue }
            if let first = index[id] {
                report(step.source.id, "steps[\(i)].id", "another step has the id \(quoted(id)) (steps[\(first)])")
            } else {
                index[id] = i
            }
        }
        // Where each step can lead, and whether getting there needs someone to do something.
        func target(_ goto: StepGoto, from i: Int) -> Int? {
            switch goto {
            case .next: return i + 1 < tour.steps.count ? i + 1 : nil
            case .end: return nil
            case .step(let id): return index[id]
            }
        }
        var edges: [[(to: Int, byItself: Bool)]] = Array(repeating: [], count: tour.steps.count)
        var nearIDs = NameSuggestions(index.keys.sorted())
        for (i, step) in tour.steps.enumerated() {
            for (k, button) in step.buttons.enumerated() {
                if case .step(let id) = button.goto, index[id] == nil {
                    report(button.line, "steps[\(i)].buttons[\(k)].goto", unknown(id, &nearIDs))
                }
                if let j = target(button.goto, from: i) { edges[i].append((j, false)) }
            }
            if step.advanceOn == .event, let goto = step.advanceGoto, case .step(let id) = goto, index[id] == nil {
                report(step.source.step, "steps[\(i)].advanceOn.goto", unknown(id, &nearIDs))
            }
            if step.buttons.isEmpty {
                // An event whose state already holds moves on with nobody doing anything.
                let byItself = step.advanceOn == .event
                if let j = target(step.advanceOn == .event ? (step.advanceGoto ?? .next) : .next, from: i) { edges[i].append((j, byItself)) }
            }
        }
        if !tour.steps.isEmpty {
            var reached = Set([0]), queue = [0]
            while let i = queue.popLast() {
                for e in edges[i] where reached.insert(e.to).inserted { queue.append(e.to) }
            }
            for i in tour.steps.indices where !reached.contains(i) {
                report(tour.steps[i].source.step, "steps[\(i)]", "no path through the tour reaches this step (no step goes on to it, and no button leads here)")
            }
            // A cycle of steps that each move on by themselves would never stop.
            for start in tour.steps.indices {
                var seen = Set<Int>(), at = start
                while let e = edges[at].first(where: { $0.byItself }), edges[at].count == 1 {
                    if e.to == start {
                        report(tour.steps[start].source.step, "steps[\(start)]", "the steps from here go round in a loop that moves on by itself (each advances on an event that can already hold); give one of them a button or a tap")
                        break
                    }
                    guard seen.insert(e.to).inserted else { break }
                    at = e.to
                }
            }
        }
        var names = CatalogSuggestions(catalog)
        for step in tour.steps {
            for source in step.source.conditions {
                if let problem = check(source.condition, names: &names) { report(source.line, source.path, problem) }
            }
        }
        return out
    }

    private static func unknown(_ id: String, _ ids: inout NameSuggestions) -> String {
        "no step has the id \(quoted(id)) (known: \(ids.known.isEmpty ? "none; give steps an \"id\"" : ids.list(near: id)), or \"next\", \"end\")"
    }

    /// What is wrong with `c` on this screen, or nil.
    static func check(_ c: TourCondition, catalog: TargetCatalog) -> String? {
        var names = CatalogSuggestions(catalog)
        return check(c, names: &names)
    }

    /// What is wrong with `c` on the screen of `names`' catalog, or nil.
    static func check(_ c: TourCondition, names: inout CatalogSuggestions) -> String? {
        let catalog = names.catalog
        let equality: Set<TourCondition.Comparison> = [.equal, .notEqual]
        switch c.key {
        case "tab":
            guard equality.contains(c.comparison) else { return "a tab is compared with = or !=, found \(quoted(c.description))" }
            guard catalog.tabs.contains(c.value) else {
                return catalog.tabs.isEmpty ? "this screen has no tabs (found \(quoted(c.description)))"
                                            : "no tab named \(quoted(c.value)) (known: \(names.tabs.list(near: c.value)))"
            }
        case "overlay":
            guard equality.contains(c.comparison) else { return "an overlay is compared with = or !=, found \(quoted(c.description))" }
            guard names.conditionKinds.known.contains(c.value) else { return "no overlay kind \(quoted(c.value)) (known: \(names.conditionKinds.list(near: c.value)))" }
        case "view":
            guard equality.contains(c.comparison) else { return "a view is compared with = (laid out) or != (not), found \(quoted(c.description))" }
            guard catalog.tabs.isEmpty ? catalog.canExist(c.value, onTab: "") : catalog.tabs.contains(where: { catalog.canExist(c.value, onTab: $0) }) else {
                return "no view with id \(quoted(c.value)) can exist"
            }
        default:
            guard let state = names.statesByName[c.key] else {
                return "expected a condition on \(names.conditionKeys.list(near: c.key)), found \(quoted(c.description))"
            }
            switch state.kind {
            case .number:
                guard Double(c.value)?.isFinite == true else { return "\(c.key) is compared with a number, found \(quoted(c.value))" }
            case .flag:
                guard equality.contains(c.comparison) else { return "\(c.key) is on or off, compared with = or !=, found \(quoted(c.description))" }
                guard c.value == "true" || c.value == "false" else { return "\(c.key) is compared with true or false, found \(quoted(c.value))" }
            case .text:
                guard equality.contains(c.comparison) else { return "\(c.key) is a word, compared with = or !=, found \(quoted(c.description))" }
            }
        }
        return nil
    }
}
