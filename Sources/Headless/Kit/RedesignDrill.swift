import Foundation
import Raster
import Tours
import Views

/// A redesign drill: scripted changes to an app's screens — an id renamed, a view relabelled,
/// wrapped in a container, its list reordered, the language switched, the view moved to another
/// tab or deleted — each made to a fresh app, with a target recorded before it as the editor
/// records one (the view's id with its element's role and name), resolved after it. The report
/// says, for every change, whether the target re-attached to the right element, was reported
/// (nothing spotlit), or attached to a wrong one: what a team measures before trusting its tours
/// to survive a redesign.
@MainActor
public enum RedesignDrill {
    /// One scripted change.
    public enum Change: String, CaseIterable, Sendable {
        /// The view's id renamed (`save` becomes `save.v2`): role and name still find it.
        case renameID
        /// Its accessible name changed: the id still finds it.
        case relabel
        /// Wrapped in a new container where it stood.
        case wrap
        /// The list (the nearest container of several) it is in, in reverse order.
        case reorder
        /// The app switched to another of its languages: the name differs, the id holds.
        case switchLanguage
        /// Moved to another tab's screen: not on the step's screen any more.
        case moveToAnotherTab
        /// Taken out of the app.
        case delete
        /// Both its id and its name changed: nothing stable is left to find it by.
        case renameAndRelabel

        /// What a tour should do after the change: re-attach to the element, or report it gone.
        public var expected: Outcome {
            switch self {
            case .renameID, .relabel, .wrap, .reorder, .switchLanguage: return .reattached
            case .moveToAnotherTab, .delete, .renameAndRelabel: return .reported
            }
        }
    }

    /// What a target did after a change.
    public enum Outcome: String, Sendable {
        /// Found the element it was recorded on.
        case reattached
        /// Found nothing (missing, ambiguous), and said so: nothing is spotlit.
        case reported
        /// Found another element: the failure a tour must never have.
        case wrong
    }

    /// One change to one target.
    public struct Trial: Sendable {
        /// The target as recorded (`button "Wi-Fi" (id "settings.wifi")`).
        public var target: String
        /// The tab its screen is on (nil for an app without tabs).
        public var tab: String?
        /// The change made.
        public var change: Change
        /// What happened to the target.
        public var outcome: Outcome
        /// What the resolution said (the drift, or why nothing was found).
        public var detail: String
        /// What a target of the id alone (a plain `"target": "ID"`) did after the same change.
        public var byIDAlone: Outcome
    }

    /// Every trial of a drill, and its figures.
    public struct Report: Sendable {
        /// The trials, by tab, target and change.
        public var trials: [Trial]
        /// Changes left out because the app could not show the element after them (a box around a
        /// tab in a tab bar that lays out tabs only).
        public var leftOut: Int

        /// The trials of changes that keep the element findable that re-attached, over those trials.
        public var reattachRate: Double {
            let kept = trials.filter { $0.change.expected == .reattached }
            return kept.isEmpty ? 1 : Double(kept.filter { $0.outcome == .reattached }.count) / Double(kept.count)
        }
        /// The trials that attached to a wrong element.
        public var wrong: [Trial] { trials.filter { $0.outcome == .wrong } }
        /// The trials that should have been reported and were not.
        public var unreported: [Trial] { trials.filter { $0.change.expected == .reported && $0.outcome != .reported } }

        /// A Markdown table: each change, its trials, and how many re-attached, were reported, went wrong.
        public var table: String {
            var lines = ["| change | expected | trials | re-attached | reported | wrong | id alone: re-attached | id alone: wrong |",
                         "|---|---|---:|---:|---:|---:|---:|---:|"]
            func row(_ name: String, _ expected: String, _ t: [Trial]) -> String {
                let n = { (o: Outcome) in t.filter { $0.outcome == o }.count }
                let byID = { (o: Outcome) in t.filter { $0.byIDAlone == o }.count }
                return "| \(name) | \(expected) | \(t.count) | \(n(.reattached)) | \(n(.reported)) | \(n(.wrong)) | \(byID(.reattached)) | \(byID(.wrong)) |"
            }
            for change in Change.allCases {
                let t = trials.filter { $0.change == change }
                if !t.isEmpty { lines.append(row(change.rawValue, change.expected.rawValue, t)) }
            }
            lines.append(row("all", "", trials))
            return lines.joined(separator: "\n")
        }
    }

    /// The drill over every element with an id and a name on every tab of the app `launch` makes
    /// (a fresh app for each trial), in each change; `switchLanguage` goes to the first of
    /// `languages` other than the app's own (left out when there is none).
    public static func run(launch: () throws -> AppSession, languages: [String] = []) throws -> Report {
        let first = try launch()
        var places: [(tab: String?, ids: [String])] = []
        for tab in first.app.tabNames.isEmpty ? [nil] : first.app.tabNames.map(Optional.some) {
            if let tab { first.app.selectTab(named: tab); first.settle() }
            var seen: Set<String> = []
            let ids = first.app.root.appElements.elements.compactMap { e -> String? in
                guard let id = e.id, !e.label.isEmpty, seen.insert(id).inserted else { return nil }
                return id
            }
            places.append((tab, ids))
        }
        var trials: [Trial] = [], skipped = 0
        for (tab, ids) in places {
            for id in ids {
                for change in Change.allCases {
                    let app = try launch()
                    if let tab { app.app.selectTab(named: tab); app.settle() }
                    guard let element = app.app.root.appElements.elements.first(where: { $0.id == id }) else { continue }
                    let query = ElementQuery(id: id, role: element.role, name: element.label)
                    let expectedID: String
                    switch make(change, on: id, role: element.role, in: app, languages: languages) {
                    case .made(let after): expectedID = after
                    case .notPossible: continue
                    }
                    app.settle()
                    // A change the app cannot show (a tab bar lays out tabs only, not a box around
                    // one) is no redesign: the element must still be on the screen after it.
                    if change.expected == .reattached, !isLaidOut(app.app.root.view(withID: expectedID)) { skipped += 1; continue }
                    let resolution = app.app.root.resolve(query, namingNearest: true)
                    func outcome(_ r: ElementResolution) -> Outcome {
                        guard let found = r.element else { return .reported }
                        return found.id == expectedID && change.expected == .reattached ? .reattached : .wrong
                    }
                    trials.append(Trial(target: element.elementDescription, tab: tab, change: change, outcome: outcome(resolution),
                                        detail: resolution.message(for: query) ?? "found whole",
                                        byIDAlone: outcome(app.app.root.resolve(ElementQuery(id: id)))))
                }
            }
        }
        return Report(trials: trials, leftOut: skipped)
    }

    /// Whether `view` and every view it is inside were laid out (a container that places only its
    /// own kind of children leaves a box around one of them out).
    private static func isLaidOut(_ view: View?) -> Bool {
        var v = view
        while let current = v {
            guard current.isPlaced else { return false }
            v = current.parent
        }
        return view != nil
    }

    private enum Made { case made(expectedID: String), notPossible }

    /// Makes `change` to the view `id` of `app`; the id its element should have after it.
    private static func make(_ change: Change, on id: String, role: SemanticRole, in app: AppSession, languages: [String]) -> Made {
        let root = app.app.root
        guard let view = root.view(withID: id) else { return .notPossible }
        switch change {
        case .renameID:
            view.id = id + ".v2"
            return .made(expectedID: id + ".v2")
        case .relabel:
            relabel(view, role: role)
            return .made(expectedID: id)
        case .renameAndRelabel:
            relabel(view, role: role)
            view.id = id + ".v2"
            return .made(expectedID: id + ".v2")
        case .wrap:
            guard let parent = view.parent, let at = parent.children.firstIndex(where: { $0 === view }) else { return .notPossible }
            let box = VStack(children: [])
            parent.insertChild(box, at: at)
            box.addChild(view)
            return .made(expectedID: id)
        case .reorder:
            var list = view.parent
            while let l = list, l.children.count < 2 { list = l.parent }
            guard let list else { return .notPossible }
            for child in list.children.reversed() { list.addChild(child) }
            return .made(expectedID: id)
        case .switchLanguage:
            guard let other = languages.first(where: { $0 != app.app.languageCode }), app.app.switchLanguage(to: other) else { return .notPossible }
            return .made(expectedID: id)
        case .moveToAnotherTab:
            guard let here = app.app.selectedTabName, let there = app.app.tabNames.first(where: { $0 != here }) else { return .notPossible }
            view.removeFromParent()
            app.app.selectTab(named: there)
            app.settle()
            // Into the other tab's screen: beside the first element there with an id.
            guard let other = root.appElements.elements.first(where: { $0.id != nil && $0.id != id }),
                  let beside = other.id.flatMap(root.view(withID:)), let parent = beside.parent else { return .notPossible }
            parent.addChild(view)
            app.app.selectTab(named: here)
            app.settle()
            // An app that makes its screen afresh when its tab is chosen (a navigation bar's back
            // button) has the view again: nothing was moved.
            if root.appElements.elements.contains(where: { $0.id == id }) { return .notPossible }
            return .made(expectedID: id)
        case .delete:
            view.removeFromParent()
            return .made(expectedID: id)
        }
    }

    /// Gives the view's element (the view, or the element of `role` inside a view that is only
    /// layout) another accessible name.
    private static func relabel(_ view: View, role: SemanticRole) {
        func withRole(_ v: View) -> View? {
            if v.effectiveSemanticRole == role { return v }
            for c in v.children { if let found = withRole(c) { return found } }
            return nil
        }
        guard let target = withRole(view) else { return }
        let now = target.accessibilityLabel ?? target.semanticNodes().first?.label ?? ""
        target.accessibilityLabel = now + " (renamed)"
        target.setNeedsLayout()
    }
}
