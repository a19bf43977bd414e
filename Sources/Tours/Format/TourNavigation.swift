/// Where each step of a tour runs: its tab, and the screens shown over it, from its own `tab` and
/// `go` or the steps' before it. The engine brings the app there before each step, and the target
/// check finds each step's ids on the screen on top.
extension Tour {
    /// The tab step `index` runs on: its own, else the nearest earlier step's (or the tab an
    /// earlier step's event moves on at), else `firstTab`.
    public func tab(forStep index: Int, firstTab: String?) -> String? {
        guard !steps.isEmpty else { return firstTab }
        for j in stride(from: min(index, steps.count - 1), through: 0, by: -1) {
            if let tab = steps[j].ownTab { return tab }
            if j < index, let tab = steps[j].tabAfter { return tab }
        }
        return firstTab
    }

    /// The screens shown over step `index`'s tab, bottom first: its own `go`, else the nearest
    /// earlier step's on the same tab (a step that names its tab alone shows that tab alone).
    public func screensOver(forStep index: Int) -> [String] {
        guard !steps.isEmpty else { return [] }
        for j in stride(from: min(index, steps.count - 1), through: 0, by: -1) {
            if !steps[j].go.isEmpty { return steps[j].go }
            if steps[j].ownTab != nil { return [] }
            if j < index, steps[j].tabAfter != nil { return [] }
        }
        return []
    }
}
