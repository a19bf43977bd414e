import Overlays
import Schema

/// The names a catalog offers in messages (its tabs, languages, events, states, overlay kinds and
/// view ids), each list measured once per unknown word (`NameSuggestions`), and its states by
/// name: what the checks of one tour share, so a tour that names thousands of unknown things
/// against an app of thousands of names is checked in time in proportion to the two.
package struct CatalogSuggestions {
    /// The catalog the names are from.
    package let catalog: TargetCatalog
    /// The declared states by name.
    package let statesByName: [String: StateDeclaration]
    /// The tab names, in order.
    package var tabs: NameSuggestions
    /// The languages the app speaks.
    package var languages: NameSuggestions
    /// The events show rules may count (`launch` first).
    package var events: NameSuggestions
    /// What a condition names: `tab`, `overlay`, `view`, then the app's states.
    package var conditionKeys: NameSuggestions
    /// The overlay kinds a condition compares with (the app's and `none`).
    package var conditionKinds: NameSuggestions
    /// The overlay kinds `expect` compares with (the tour's own, the app's and `none`).
    package var expectationKinds: NameSuggestions
    private var idsByTab: [String: NameSuggestions] = [:]
    private var everyID: NameSuggestions?

    /// The names `catalog` offers.
    package init(_ catalog: TargetCatalog) {
        self.catalog = catalog
        statesByName = Dictionary(catalog.states.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        tabs = NameSuggestions(catalog.tabs)
        languages = NameSuggestions(catalog.languages)
        events = NameSuggestions(catalog.countableEvents)
        let states = catalog.states.map(\.name)
        conditionKeys = NameSuggestions(["tab", "overlay", "view"] + states)
        conditionKinds = NameSuggestions(catalog.overlayKinds + ["none"])
        expectationKinds = NameSuggestions([OverlayKind.spotlight.rawValue, OverlayKind.hotspot.rawValue] + catalog.overlayKinds + ["none"])
    }

    /// The ids of `tab` (every tab's when nil) nearest to `id`, the nearest with where it is
    /// declared (when the catalog says), then how many more: "play at player.json:3, plays and 40 more".
    package mutating func knownIDs(onTab tab: String?, near id: String) -> String {
        let locations = catalog.locations
        func describe(_ known: String, _ place: Int) -> String {
            place == 0 ? known + (locations[known].map { " at \($0)" } ?? "") : known
        }
        if let tab {
            var names = idsByTab[tab] ?? NameSuggestions((catalog.ids[tab] ?? []).sorted())
            defer { idsByTab[tab] = names }
            return names.list(near: id, describe: describe)
        }
        var names = everyID ?? NameSuggestions(catalog.ids.values.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted())
        defer { everyID = names }
        return names.list(near: id, describe: describe)
    }
}
