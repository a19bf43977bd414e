import Foundation
import Headless
import Raster
import SettingsApp
import Testing
import Tours
import Views

/// The settings app's tours, tested with Limelight's test kit as a team tests its own: the app on
/// a virtual clock, its tours started from their files, taps by id, its own state, and frames held
/// to goldens beside this file.
@Suite(.serialized) @MainActor struct SettingsTourTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tours = package.appendingPathComponent("tours").path
    static let goldens = GoldenAssertion(folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path)

    @Test func theFirstStepSpotlightsTheWiFiSwitch() throws {
        let app = try AppSession(SettingsApp.definition)
        try app.start(tourFile: Self.tours + "/settings.json")
        let hole = try #require(app.geometry?.holes.first?.frame)
        let wifi = try #require(app.frame(of: "settings.wifi"))
        #expect(hole.contains(wifi.center) && hole.width >= wifi.width)
        let outcome = Self.goldens.check(try app.render(), named: "wifi-step-en")
        #expect(outcome.passed, "\(outcome)")
    }

    @Test func tappingTheSwitchTurnsWiFiOffAndMovesTheTourOn() throws {
        let app = try AppSession(SettingsApp.definition)
        let tour = try app.start(tourFile: Self.tours + "/settings.json")
        #expect(app.state("wifi") == .flag(true))
        try app.tap("settings.wifi")
        app.settle()
        #expect(app.state("wifi") == .flag(false))
        #expect(tour.currentStep == 1)
        try app.run(script: """
        tap overlay.bubble.next
        wait 400
        tap settings.save
        wait 400
        expect saves=1 tab=account step=4
        """)
    }

    @Test func theBrightnessStepLetsTheSliderBeTriedBeforeNext() throws {
        let app = try AppSession(SettingsApp.definition)
        let tour = try app.start(tourFile: Self.tours + "/settings.json")
        try app.tap("settings.wifi")
        app.settle()
        #expect(tour.currentStep == 1)
        guard case .number(let before)? = app.state("brightness") else { Issue.record("no brightness"); return }
        try app.drag("settings.brightness", by: Point(-60, 0))
        app.settle()
        guard case .number(let after)? = app.state("brightness") else { Issue.record("no brightness"); return }
        #expect(after < before - 0.2, "brightness \(before) -> \(after)")
        #expect(tour.currentStep == 1, "a drag in the hole does not move the step on")
        try app.tap("overlay.bubble.next")
        app.settle()
        #expect(tour.currentStep == 2)
    }

    @Test func anExpectationOnAStateTheAppLacksIsRefused() throws {
        let app = try AppSession(SettingsApp.definition)
        do { try app.run(script: "expect cards=5"); Issue.record("ran") } catch {
            #expect(error.message.hasPrefix("expect: the app keeps no state \"cards\" (known: tab, overlay, step, tour, focus, wifi, bluetooth, remember, brightness, saves)"), "\(error.message)")
        }
    }

    @Test func theTourIsHeardInGerman() throws {
        let app = try AppSession(SettingsApp.definition, language: "de")
        try app.start(tourFile: Self.tours + "/settings.json")
        let dialog = try #require(app.semantics.children.first { $0.role == .dialog })
        #expect(dialog.label.hasPrefix("Schritt 1 von 4: WLAN"), "\(dialog.label)")
        let outcome = Self.goldens.check(try app.render(), named: "wifi-step-de")
        #expect(outcome.passed, "\(outcome)")
    }

    @Test func aGoldenThatDiffersFailsInOneLineWithItsImages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-goldens-" + UUID().uuidString).path
        let assertion = GoldenAssertion(folder: folder, artifacts: folder + "/artifacts", recording: .missing)
        let app = try AppSession(SettingsApp.definition)
        #expect(assertion.check(try app.render(), named: "home").recorded, "a missing golden is recorded on request")
        try app.tap("settings.bluetooth")
        app.settle()
        let strict = GoldenAssertion(folder: folder, artifacts: folder + "/artifacts", recording: .never)
        let outcome = strict.check(try app.render(), named: "home")
        #expect(!outcome.passed && !outcome.description.contains("\n"))
        #expect(outcome.description.contains("pixels differ"), "\(outcome)")
        #expect(outcome.actualPath.map(FileManager.default.fileExists) == true && outcome.diffPath.map(FileManager.default.fileExists) == true)
    }
}
