import Raster
import Schema
import Testing
import Tours
import Views
import Headless

/// An app that draws its own screens, through the app seam: its definition makes a `SelfDrawnApp`
/// with the targets it publishes, so tours name its places by id, are checked against them as
/// `check` checks them, and run headless on the test kit.
@Suite @MainActor struct SelfDrawnAppTests {
    /// A recipe app's two screens as it lays them out for a screen of `size` points.
    static func targets(onScreen name: String, size: Size) -> [DrawnTarget]? {
        switch name {
        case "list": return [DrawnTarget(id: "list.search", frame: Rect(x: 16, y: 60, width: size.width - 32, height: 44), role: .textField, label: "Search"),
                             DrawnTarget(id: "list.add", frame: Rect(x: size.width - 80, y: size.height - 100, width: 56, height: 56), role: .button, label: "Add")]
        case "recipe": return [DrawnTarget(id: "recipe.save", frame: Rect(x: 16, y: size.height - 80, width: size.width - 32, height: 48), role: .button, label: "Save")]
        default: return nil
        }
    }

    static let definition = AppDefinition(
        id: "recipes", displayName: "the recipe app", states: [StateDeclaration("saves", .number)],
        make: { launch in
            let app = try SelfDrawnApp(launch: launch, targets: targets(onScreen: "list", size: launch.size) ?? [],
                                       screenNames: ["list", "recipe"])
            app.openScreen = { targets(onScreen: $0, size: launch.size) }
            app.readState = { $0 == "saves" ? .number(2) : nil }
            return app
        })

    func load(_ json: String) throws(LoadError) -> LoadedTour {
        try TourLoader.load(bytes: Array(json.utf8), file: "recipes.json", folder: ".", appCatalog: { Self.definition.launchCatalog() })
    }

    /// The catalog holds each screen's published ids; a misspelt id, or one on the other screen,
    /// is the one-line error `check` prints.
    @Test func theCatalogKnowsThePublishedIDsScreenByScreen() throws {
        let catalog = Self.definition.launchCatalog()
        #expect(catalog.tabs == ["list", "recipe"])
        #expect(catalog.ids["list"] == ["list.search", "list.add"])
        #expect(catalog.ids["recipe"] == ["recipe.save"])
        _ = try load(#"{"id": "r", "steps": [{"target": "list.add", "text": "Add one."}, {"tab": "recipe", "target": "recipe.save", "text": "Keep it."}]}"#)
        do {
            _ = try load(#"{"id": "r", "steps": [{"target": "list.ad", "text": "Add one."}]}"#)
            Issue.record("a misspelt id was accepted")
        } catch {
            #expect(error.description.contains(#"recipes.json:1: steps[0].target: no view with id "list.ad" can exist (known: list.add"#), "\(error)")
        }
        do {
            _ = try load(#"{"id": "r", "steps": [{"target": "recipe.save", "text": "Keep it."}]}"#)
            Issue.record("an id of another screen was accepted")
        } catch {
            #expect(error.description.contains(#"the view "recipe.save" is on the tab "recipe""#), "\(error)")
        }
    }

    /// On the test kit the tour's hole holds the published place, a step's `tab` shows the other
    /// screen's places, `expect` reads the app's state, and a screen reader hears the places.
    @Test func aTourRunsOverThePublishedPlaces() throws {
        let session = try AppSession(Self.definition, textEngine: FixedMetricTextEngine())
        #expect(session.semantics.node(withID: "list.add")?.label == "Add")
        let loaded = try load(#"{"id": "r", "steps": [{"target": "list.add", "text": "Add one."}, {"tab": "recipe", "target": "recipe.save", "text": "Keep it."}]}"#)
        session.start(loaded.tour)
        let add = try #require(session.frame(of: "list.add"))
        #expect(add == Rect(x: 310, y: 744, width: 56, height: 56))
        #expect(session.geometry?.holes.first?.frame?.contains(add) == true, "\(String(describing: session.geometry?.holes.first?.frame))")
        try session.run(script: "tap overlay.bubble.next\nwait 400\nexpect tab=recipe step=2 saves=2")
        let save = try #require(session.frame(of: "recipe.save"))
        #expect(session.geometry?.holes.first?.frame?.contains(save) == true)
        #expect(session.frame(of: "list.add") == nil, "the list's places left with it")
    }
}
