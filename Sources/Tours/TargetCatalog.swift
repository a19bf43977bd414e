import Views

/// The view ids a tour may target, per tab: what the target-id pass checks steps against.
public struct TargetCatalog: Hashable, Sendable {
    /// The tab names in order (the first is where tours start); empty for screens without tabs.
    public var tabs: [String]
    /// The ids on each tab (key "" when there are no tabs).
    public var ids: [String: Set<String>]
    /// The languages the screen can be shown in (empty: any, as over a screenshot).
    public var languages: [String]

    /// A catalog of `ids` per tab name, with `tabs` in order, for a screen in `languages`.
    public init(tabs: [String], ids: [String: Set<String>], languages: [String] = []) {
        self.tabs = tabs; self.ids = ids; self.languages = languages
    }

    /// A screenshot: no views, no tabs (only `rect` targets make sense), any language.
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
    public static func validate(_ tour: Tour, against catalog: TargetCatalog, file: String) -> [TourDiagnostic] {
        var out: [TourDiagnostic] = []
        func report(_ line: Int, _ path: String, _ message: String) {
            out.append(TourDiagnostic(file: file, line: line, path: path, message: message))
        }
        let overScreenshot = tour.background != nil
        if !catalog.languages.isEmpty, let languages = tour.test.languages {
            for (i, code) in languages.enumerated() where !catalog.languages.contains(code) {
                report(i < tour.test.languageLines.count ? tour.test.languageLines[i] : 0, "test.languages[\(i)]",
                       "the app speaks \(catalog.languages.joined(separator: ", ")), so \(quoted(code)) cannot be tested")
            }
        }
        var currentTab = catalog.tabs.first ?? ""
        for (i, step) in tour.steps.enumerated() {
            let stepPath = "steps[\(i)]"
            var tabIsKnown = true
            if let tab = step.tab {
                if catalog.tabs.isEmpty {
                    report(step.source.tab, stepPath + ".tab",
                           overScreenshot ? "a tour over a screenshot has no tabs (remove \"tab\")" : "this screen has no tabs (remove \"tab\")")
                    tabIsKnown = false
                } else if catalog.tabs.contains(tab) {
                    currentTab = tab
                } else {
                    report(step.source.tab, stepPath + ".tab", "no tab named \(quoted(tab)) (known: \(catalog.tabs.joined(separator: ", ")))")
                    tabIsKnown = false
                }
            }
            for (j, target) in step.targets.enumerated() {
                guard case .view(let id) = target else { continue }
                let line = j < step.source.targets.count ? step.source.targets[j] : step.source.step
                let path = j < step.source.targetPaths.count ? step.source.targetPaths[j] : stepPath
                if overScreenshot || catalog.isEmpty {
                    report(line, path, overScreenshot
                           ? "a tour over a screenshot has no views to find by id; use \"rect\": [x, y, width, height]"
                           : "no view with id \(quoted(id)) (this screen has no views with ids)")
                    continue
                }
                guard tabIsKnown else { continue }
                let here = catalog.ids[currentTab] ?? []
                if here.contains(id) { continue }
                if let other = catalog.tabs.first(where: { catalog.ids[$0]?.contains(id) ?? false }) {
                    report(line, path, "the view \(quoted(id)) is on the tab \(quoted(other)), not \(quoted(currentTab)) (add \"tab\": \(quoted(other)) to this step)")
                } else {
                    report(line, path, "no view with id \(quoted(id)) (known: \(knownList(here, near: id)))")
                }
            }
        }
        return out
    }

    /// Up to six known ids, the nearest to `id` first, then "…" when there are more.
    static func knownList(_ ids: Set<String>, near id: String) -> String {
        let sorted = ids.sorted { a, b in
            let da = SchemaReader.editDistance(id, a), db = SchemaReader.editDistance(id, b)
            return da != db ? da < db : a < b
        }
        let shown = sorted.prefix(6).joined(separator: ", ")
        return sorted.count > 6 ? shown + ", …" : shown
    }
}
