import Foundation
import Testing
import Raster
import Views
import Demo
@testable import Tours

/// The tours in assets/tours: every one passes the checks (and the checklist beside them, the
/// sample app's, its own), and fab.json is the sample app's FAB tip.
@Suite(.serialized) @MainActor struct ShippedToursTests {
    static let folder = repositoryFolder.appendingPathComponent("assets/tours").path

    @Test func everyShippedTourPassesTheChecks() throws {
        let all = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }.sorted()
        let files = all.filter { !ChecklistLoader.isChecklistFile($0) }
        #expect(files == ["fab.json", "home.json", "screenshot.json"])
        #expect(all.filter(ChecklistLoader.isChecklistFile) == ["getting-started.checklist.json"])
        let list = try ChecklistLoader.load(path: (Self.folder as NSString).appendingPathComponent("getting-started.checklist.json"))
        #expect(ChecklistValidator.validate(list, against: DemoApp.launchCatalog(), file: "getting-started.checklist.json").isEmpty)
        // Each item's tour is one of the tours beside it.
        let ids = try files.map { try TourLoader.load(path: (Self.folder as NSString).appendingPathComponent($0), appCatalog: { DemoApp.launchCatalog() }).tour.id }
        #expect(list.items.compactMap(\.tour).allSatisfy(ids.contains), "\(ids)")
        for file in files {
            let path = (Self.folder as NSString).appendingPathComponent(file)
            do { _ = try TourLoader.load(path: path, appCatalog: { DemoApp.launchCatalog() }) } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func theREADMEExamplePassesTheChecks() throws {
        let readme = try String(contentsOf: repositoryFolder.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Tour files"))
        let start = try #require(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let example = String(readme[start.upperBound..<end.lowerBound])
        let t = try tour(example)
        #expect(t.steps.count == 5)
    }

    @Test func theHomeTourCoversWhatItPromises() throws {
        let home = try TourLoader.load(path: Self.folder + "/home.json", appCatalog: { DemoApp.launchCatalog() }).tour
        #expect(home.steps.count >= 4)
        let targets = home.steps.map { $0.targets.compactMap(\.namedID) }
        for id in ["nav.title", "card.0", "fab", "tab.menu"] { #expect(targets.contains { $0.contains(id) }, "a step on \(id)") }
        #expect(home.steps.contains { $0.targets.count == 2 }, "one step with two holes")
    }

    @Test func theScreenshotTourRunsOverItsImage() throws {
        let loaded = try TourLoader.load(path: Self.folder + "/screenshot.json", appCatalog: { DemoApp.launchCatalog() })
        let image = try #require(loaded.background)
        #expect(image.width == 780 && image.height == 1688)
        #expect(loaded.tour.steps.allSatisfy { $0.targets.allSatisfy { $0.viewID == nil } })
    }

    @Test func fabJSONLooksExactlyLikeTheBuiltInTip() throws {
        let builtIn = try AppFixture()
        builtIn.app.showFABTip(animated: false)
        let fromFile = try AppFixture()
        let fab = try TourLoader.load(path: Self.folder + "/fab.json", appCatalog: { DemoApp.launchCatalog() }).tour
        let engine = TourEngine(tour: fab, host: fromFile.app)
        engine.start(animated: false)
        #expect(try fromFile.render().hasSamePixels(as: try builtIn.render()))
        // Tapping the FAB adds a card and ends the tour.
        fromFile.tap(fromFile.frame(of: "fab").center)
        #expect(engine.state == .finished)
        #expect(fromFile.app.state.cards.count == 5)
    }
}
