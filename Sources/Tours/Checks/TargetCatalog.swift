import Schema
import Views

/// What a tour file is checked against: the view ids it may target per tab, the ids that can come
/// to exist, and what the app declares (its languages, state, events and overlay kinds).
public struct TargetCatalog: Hashable, Sendable {
    /// The tab names in order (the first is where tours start); empty for screens without tabs.
    public var tabs: [String]
    /// The ids on each tab (key "" when there are no tabs).
    public var ids: [String: Set<String>]
    /// The languages the screen can be shown in (empty: any, as over a screenshot).
    public var languages: [String]
    /// The ids each tab can come to have as the app runs, as patterns with `N` for a number
    /// (`row.N`: rows the app adds).
    public var patterns: [String: [String]]
    /// The state the app keeps, which `expect` and conditions may check.
    public var states: [StateDeclaration]
    /// The events show rules may count (`launch` always among them).
    public var events: [String]
    /// The kinds of overlay the app presents, which conditions may name.
    public var overlayKinds: [String]
    /// Where each id is declared, as `FILE:LINE` (an app declared in a screens file), for messages.
    public var locations: [String: String] = [:]

    /// A catalog of `ids` per tab name, with `tabs` in order, for a screen in `languages`; ids that
    /// match `patterns` on a tab can come to exist there; `states`, `events` and `overlayKinds` are
    /// what the app declares.
    public init(tabs: [String], ids: [String: Set<String>], languages: [String] = [], patterns: [String: [String]] = [:],
                states: [StateDeclaration] = [], events: [String] = [], overlayKinds: [String] = []) {
        self.tabs = tabs; self.ids = ids; self.languages = languages; self.patterns = patterns
        self.states = states; self.events = events; self.overlayKinds = overlayKinds
    }

    /// The declared state called `name`.
    public func state(named name: String) -> StateDeclaration? { states.first { $0.name == name } }

    /// The events show rules may name: `launch` and the app's.
    public var countableEvents: [String] { [AppDefinition.launchEvent] + events.filter { $0 != AppDefinition.launchEvent } }

    /// The catalog of a tour over a screenshot of this app: no views, no tabs, no state, any
    /// language; the app's events still count for show rules.
    public var overScreenshot: TargetCatalog { TargetCatalog(tabs: [], ids: [:], events: events) }

    /// The catalog of a tour over a capture of an app: the captured elements' `ids` on one screen
    /// (anchors find the rest of its tree), no tabs, no state, any language; the app's events
    /// still count for show rules.
    public func over(capturedIDs ids: Set<String>) -> TargetCatalog {
        var catalog = TargetCatalog(tabs: [], ids: ["": ids], events: events)
        catalog.isCapture = true
        return catalog
    }

    /// Whether the screen is a capture: its elements are found by id and anchors, as a live
    /// app's, though it has no tabs or screens to go to.
    public var isCapture = false

    /// Whether `id` is on `tab` at launch or can come to be there (it matches one of its patterns).
    public func canExist(_ id: String, onTab tab: String) -> Bool {
        if ids[tab]?.contains(id) ?? false { return true }
        return (patterns[tab] ?? []).contains { Self.matches(id, pattern: $0) }
    }

    /// Whether `id` is on no tab at launch but can come to exist as the app runs (a card it adds).
    public func comesLater(_ id: String) -> Bool {
        !ids.values.contains { $0.contains(id) } && patterns.values.contains { $0.contains { Self.matches(id, pattern: $0) } }
    }

    /// Whether `id` matches `pattern`, where `N` stands for a whole number written without a sign
    /// or leading zeros (`row.N` matches `row.0` and `row.12`, not `row.x` or `row.01`).
    public static func matches(_ id: String, pattern: String) -> Bool {
        guard let n = pattern.firstRange(of: "N") else { return id == pattern }
        let prefix = pattern[..<n.lowerBound], suffix = pattern[n.upperBound...]
        guard id.hasPrefix(prefix), id.hasSuffix(suffix), id.count > prefix.count + suffix.count else { return false }
        let digits = id.dropFirst(prefix.count).dropLast(suffix.count)
        return digits.allSatisfy { $0.isASCII && $0.isNumber } && (digits == "0" || digits.first != "0")
    }

    /// A screenshot of an app Limelight knows nothing of: no views, no tabs (only `rect` targets
    /// make sense), any language, no events but `launch`.
    public static let screenshot = TargetCatalog(tabs: [], ids: [:])

    /// Whether there are no views at all.
    public var isEmpty: Bool { ids.values.allSatisfy(\.isEmpty) }

    /// Every id in `view`'s subtree, placed or not (virtualized cells included).
    @MainActor
    public static func identifiers(in view: View) -> Set<String> {
        var out = Set<String>()
        var stack = [view]
        while let v = stack.popLast() {
            if let id = v.id { out.insert(id) }
            stack.append(contentsOf: v.children)
        }
        return out
    }
}

/// The second pass over a decoded tour: targets and tabs against a catalog of the screen's views.
public enum TourTargetValidator {
    /// Problems with the steps' targets and tabs. `file` names the file in diagnostics.
    public static func validate(_ tour: Tour, against catalog: TargetCatalog, file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ line: Int, _ path: String, _ message: String) {
            out.append(Diagnostic(file: file, line: line, path: path, message: message))
        }
        let overScreenshot = tour.background != nil && !catalog.isCapture
        var names = CatalogSuggestions(catalog)
        if !catalog.languages.isEmpty, let languages = tour.test.languages {
            for (i, code) in languages.enumerated() where !catalog.languages.contains(code) && !PseudoLocale.isPseudo(code) {
                report(i < tour.test.languageLines.count ? tour.test.languageLines[i] : 0, "test.languages[\(i)]",
                       "the app speaks \(names.languages.list(near: code)), so \(quoted(code)) cannot be tested")
            }
        }
        if let event = tour.show.afterEvent, !catalog.countableEvents.contains(event.name) {
            report(tour.afterEventLine, "show.afterEvent",
                   "expected one of the app's events (\(names.events.list(near: event.name))), found \(quoted(event.name))")
        }
        var currentTab = catalog.tabs.first ?? ""
        // The screens a step's `go` shows over the tab (a later `tab` closes them).
        var over: [String] = []
        for (i, step) in tour.steps.enumerated() {
            let stepPath = "steps[\(i)]"
            var tabIsKnown = true
            if step.tab == nil, let tab = step.ownTab, catalog.tabs.contains(tab) { currentTab = tab; over = [] }
            if i > 0, step.tab == nil, step.ownTab == nil, let tab = tour.steps[i - 1].tabAfter, catalog.tabs.contains(tab) { currentTab = tab; over = [] }
            if let tab = step.tab {
                over = []
                if catalog.tabs.isEmpty {
                    report(step.source.tab, stepPath + ".tab",
                           overScreenshot ? "a tour over a screenshot has no tabs (remove \"tab\")" : "this screen has no tabs (remove \"tab\")")
                    tabIsKnown = false
                } else if catalog.tabs.contains(tab) {
                    currentTab = tab
                } else {
                    report(step.source.tab, stepPath + ".tab", "no tab named \(quoted(tab)) (known: \(names.tabs.list(near: tab)))")
                    tabIsKnown = false
                }
            }
            if !step.go.isEmpty {
                if catalog.tabs.isEmpty {
                    report(step.source.go, stepPath + ".go",
                           overScreenshot ? "a tour over a screenshot has no screens to go to (remove \"go\")" : "this app has no screens to go to (remove \"go\")")
                    tabIsKnown = false
                } else if let unknown = step.go.first(where: { !catalog.tabs.contains($0) }) {
                    report(step.source.go, stepPath + ".go", "no screen named \(quoted(unknown)) (known: \(names.tabs.list(near: unknown)))")
                    tabIsKnown = false
                } else {
                    over = step.go
                }
            }
            // The step's ids are on the screen on top.
            let screen = over.last ?? currentTab
            for (j, target) in step.targets.enumerated() {
                let line = j < step.source.targets.count ? step.source.targets[j] : step.source.step
                let path = j < step.source.targetPaths.count ? step.source.targetPaths[j] : stepPath
                // A picture has no elements for anchors to find either.
                if case .element = target, overScreenshot {
                    report(line, path, "a tour over a screenshot has no elements to find by anchors; use \"rects\": [{\"rect\": [x, y, width, height], \"role\": …, \"name\": …}]")
                    continue
                }
                guard case .view(let id) = target else { continue }
                if overScreenshot || catalog.isEmpty {
                    report(line, path, overScreenshot
                           ? "a tour over a screenshot has no views to find by id; use \"rect\": [x, y, width, height]"
                           : "no view with id \(quoted(id)) (this screen has no views with ids)")
                    continue
                }
                guard tabIsKnown else { continue }
                if catalog.canExist(id, onTab: screen) { continue }
                if let other = catalog.tabs.first(where: { catalog.canExist(id, onTab: $0) }) {
                    let at = catalog.locations[id].map { ", declared at \($0)" } ?? ""
                    report(line, path, "the view \(quoted(id)) is on the tab \(quoted(other))\(at), not \(quoted(screen)) (add \"tab\": \(quoted(other)) to this step)")
                } else {
                    let patterns = catalog.patterns[screen] ?? []
                    report(line, path, "no view with id \(quoted(id)) can exist (known: \(names.knownIDs(onTab: screen, near: id))"
                           + (patterns.isEmpty ? ")" : "; and as the app runs: \(KnownNames.list(patterns, near: id)))"))
                }
            }
            // A demonstration's own views (`from`, `to`) are on the same screen; over a screenshot
            // there are none, and it starts on the step's rectangle.
            if let demo = step.demo {
                if step.targets.isEmpty && demo.from == nil {
                    report(step.demoLine, stepPath + ".demo", "a demo is shown on the step's target: give the step a \"target\" or \"rect\", or the demo a \"from\"")
                }
                for (key, id) in [("from", demo.from), ("to", demo.to)] {
                    guard let id else { continue }
                    if overScreenshot || catalog.isEmpty {
                        report(step.demoLine, stepPath + ".demo." + key, overScreenshot
                               ? "a tour over a screenshot has no views to find by id; leave out \"\(key)\" (the demo starts on the step's rectangle and goes along its direction)"
                               : "no view with id \(quoted(id)) (this screen has no views with ids)")
                    } else if tabIsKnown, !catalog.canExist(id, onTab: screen) {
                        report(step.demoLine, stepPath + ".demo." + key, "no view with id \(quoted(id)) can exist (known: \(names.knownIDs(onTab: screen, near: id)))")
                    }
                }
            }
        }
        return out
    }
}
