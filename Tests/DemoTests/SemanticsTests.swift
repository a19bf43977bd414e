import Testing
import Raster
import Views
import Overlays
@testable import Demo

/// The semantics tree of the sample app: roles, labels and states of Home and Menu, and each
/// overlay as a modal dialog that hides what lies beneath.
@MainActor
@Suite struct SemanticsTests {
    func tree(_ app: DemoApp) -> SemanticNode {
        app.root.frame(into: nil)
        return app.root.semanticsTree()
    }

    /// Each element as "role: label [states]", depth first.
    func outline(_ node: SemanticNode, depth: Int = 0) -> [String] {
        let state = node.state.names.isEmpty ? "" : " [" + node.state.names.joined(separator: ", ") + "]"
        let me = String(repeating: "  ", count: depth) + "\(node.role.rawValue): \(node.label)\(state)"
        return [me] + node.children.flatMap { outline($0, depth: depth + 1) }
    }

    @Test func homeNamesEveryElement() throws {
        let app = try makeApp(Size(390, 844))
        #expect(outline(tree(app)) == [
            "screen: ",
            "  header: Home",
            "  list: ",
            "    button: Mountain Lake, Still water at dawn mirrors the peaks.",
            "      image: A lake below snowy mountains",
            "    button: City Lights, Streets glow at night after the rain.",
            "      image: City buildings lit at night",
            "    button: Forest Walk, A quiet trail under tall, old trees.",
            "      image: A path between tall trees",
            "    button: Ocean Breeze, Waves roll in slowly while the afternoon sun warms the sand.",
            "      image: Waves on a sandy beach",
            "  button: Add a card",
            "  tabBar: ",
            "    tab: Home [selected]",
            "    tab: Menu",
        ])
        let fab = try #require(tree(app).node(withID: "fab"))
        #expect(fab.actions == [.activate] && fab.frame == app.frame(of: "fab"))
        #expect(tree(app).node(withID: "card.2")?.role == .button, "a card's button carries the card's id")
    }

    @Test func menuInJapanese() throws {
        let app = try makeApp(Size(390, 844), language: .ja)
        app.tap("tab.menu")
        #expect(outline(tree(app)) == [
            "screen: ",
            "  header: メニュー",
            "  text: オーバーレイ",
            "  list: ",
            "    button: \(MenuAction.alert.title(.ja))",
            "    button: \(MenuAction.popup.title(.ja))",
            "    button: \(MenuAction.modalPopup.title(.ja))",
            "    button: \(MenuAction.loading.title(.ja))",
            "  tabBar: ",
            "    tab: ホーム",
            "    tab: メニュー [selected]",
        ])
    }

    @Test func eachOverlayIsAModalDialogThatHidesTheScreen() throws {
        let app = try makeApp(Size(390, 844))
        app.tap("tab.menu")
        app.open(.alert)
        let alert = tree(app)
        #expect(alert.children.count == 1 && alert.children[0].role == .dialog, "the Menu beneath is hidden")
        #expect(alert.children[0].label == "Heads up" && alert.children[0].description == "Alerts sit above every screen, bars included, and take all the input until OK.",
                "named by its title, described by its message")
        #expect(outline(alert.children[0]).dropFirst() == ["  text: Heads up", "  text: Alerts sit above every screen, bars included, and take all the input until OK.",
                                                          "  button: OK [focused]"])
        app.overlays.dismissAll(animated: false)
        app.open(.popup)
        let popup = tree(app).children
        #expect(popup.count == 1 && popup[0].label == "Pop-up. Tap the background or × to close me.")
        #expect(popup[0].node(withID: "overlay.popup.close")?.label == "Close", "the × button says what it does")
        app.overlays.dismissAll(animated: false)
        app.open(.loading)
        let loading = tree(app).children
        #expect(loading.count == 1 && loading[0].state.contains(.busy))
        #expect(loading[0].children.map(\.role) == [.progressIndicator] && loading[0].children[0].label == "Loading…")
    }

    @Test func aSpotlightStepDescribesItselfAndNamesItsTarget() throws {
        let app = try makeApp(Size(390, 844))
        let spot = SpotlightOverlay(holes: [Hole(target: .view("card.0"))],
                                    coachMark: CoachMark(title: "Cards", text: "Each card shows a picture.", showsNextButton: true,
                                                         progress: StepProgress(current: 2, total: 5)))
        app.overlays.present(spot, animated: false)
        let dialog = try #require(tree(app).children.first)
        #expect(tree(app).children.count == 1)
        #expect(dialog.label == "Step 2 of 5: Cards" && dialog.description == "Each card shows a picture.", "named by its step and title, described by its text")
        #expect(dialog.node(withID: "overlay.bubble.progress") == nil, "the name says the step: \"2 / 5\" is not read again")
        #expect(dialog.targets.map(\.id) == ["card.0"] && dialog.targets[0].label.hasPrefix("Mountain Lake"))
        #expect(dialog.node(withID: "overlay.bubble.next")?.state.contains(.focused) == true)
    }

    @Test func aRectTargetIsNamedByItsHolesLabel() throws {
        let app = try makeApp(Size(390, 844))
        let spot = SpotlightOverlay(holes: [Hole(target: .rect(Rect(x: 10, y: 10, width: 50, height: 20)), label: "Sign-in button")],
                                    coachMark: CoachMark(text: "Sign in here."))
        app.overlays.present(spot, animated: false)
        let dialog = try #require(tree(app).children.first)
        #expect(dialog.targets.map(\.label) == ["Sign-in button"] && dialog.targets[0].role == .image)
    }
}
