import Foundation
import Testing
import Raster
import Tours
import Demo
@testable import Headless

/// The matrix `limelight test` makes of a tour: case names, groups, languages, filters.
@Suite @MainActor struct TestPlanTests {
    static func tour(_ json: String, file: String = "/tours/home.json") throws -> PlannedTour {
        let loaded = try TourLoader.load(bytes: Array(json.utf8), file: file, folder: "/tours", appCatalog: {
            TargetCatalog(tabs: ["home"], ids: ["home": ["fab", "nav.title"]], languages: ["en", "ja"])
        })
        return PlannedTour(file: file, name: TestPlan.names(for: [(file, loaded.tour.id)])[0], tour: loaded.tour, problems: [])
    }

    @Test func caseNamesReadAsWhatTheyShow() {
        let settled = SnapshotCase(tour: "home", size: Size(390, 844), scale: 2, language: "ja", moment: .step(index: 2, milliseconds: nil))
        #expect(settled.name == "home/390x844@2x-ja-step03")
        let timed = SnapshotCase(tour: "home", size: Size(390, 844), scale: 1, language: "en", moment: .step(index: 1, milliseconds: 150))
        #expect(timed.name == "home/390x844@1x-en-step02-t150")
        let script = SnapshotCase(tour: "home", size: Size(1920, 1080), scale: 1.5, language: "en", moment: .script(name: "add-a-card"))
        #expect(script.name == "home/1920x1080@1.5x-en-script-add-a-card")
        #expect(script.shortName == "1920x1080@1.5x-en-script-add-a-card")
        let long = SnapshotCase(tour: "long", size: Size(390, 844), scale: 1, language: "en", moment: .step(index: 8, milliseconds: nil), stepDigits: 3)
        #expect(long.shortName == "390x844@1x-en-step009", "names of a 100-step tour sort in step order")
    }

    @Test func theMatrixIsEveryStepAtEverySizeScaleLanguageAndTimePlusScripts() throws {
        let planned = try Self.tour("""
        {"id": "home",
         "test": {"sizes": ["390x844", "1024x768"], "scales": [1, 2], "times": [150, 90],
                  "scripts": [{"name": "go", "lines": ["tap fab"], "expect": "step=1"}]},
         "steps": [{"target": "fab", "text": {"en": "Add", "ja": "追加"}}, {"target": "nav.title", "text": {"en": "Title", "ja": "題"}}]}
        """)
        let plan = TestPlan(tours: [planned])
        // 2 sizes × 2 scales × 2 languages = 8 combinations, each: settled (2), timed (2 × 2), one script.
        #expect(plan.groups.count == 8 * 3)
        #expect(plan.cases.count == 8 * (2 + 4 + 1))
        #expect(Set(plan.cases.map(\.name)).count == plan.cases.count, "names are unique")
        let first = plan.groups[1].cases.map(\.shortName)
        #expect(first == ["390x844@1x-en-step01-t90", "390x844@1x-en-step01-t150", "390x844@1x-en-step02-t90", "390x844@1x-en-step02-t150"])
        #expect(plan.groups[2].kind == .script(0))
        #expect(planned.goldenPath(of: plan.cases[0]) == "/tours/home.goldens/390x844@1x-en-step01.png")
    }

    @Test func languagesDefaultToTheTextsOnesTheStageSpeaks() throws {
        let planned = try Self.tour("""
        {"id": "t", "steps": [{"target": "fab", "title": {"fr": "Ajouter", "en": "Add"}, "text": {"ja": "追加"}}]}
        """)
        #expect(Set(TestPlan(tours: [planned]).cases.map(\.language)) == ["en", "fr", "ja"])
        #expect(TestPlan(tours: [planned]).cases.map(\.language) == ["en", "fr", "ja"], "English first, then by code")
        #expect(TestPlan(tours: [planned], speaks: { _ in ["en", "ja"] }).cases.map(\.language) == ["en", "ja"])
        let plain = try Self.tour(#"{"id": "t", "steps": [{"target": "fab", "text": "Add"}]}"#)
        #expect(TestPlan(tours: [plain]).cases.map(\.language) == ["en"])
    }

    @Test func aGoldensFolderIsRelativeToTheTourFile() throws {
        let planned = try Self.tour(#"{"id": "t", "test": {"goldens": "snapshots/t"}, "steps": [{"target": "fab", "text": "Add"}]}"#)
        #expect(planned.goldensFolder == "/tours/snapshots/t")
    }

    /// `--update` writes into the goldens folder: one that leaves the tour's folder is refused.
    @Test(arguments: [("../snapshots/t", "`..` leaves it"), ("a/../../b", "`..` leaves it"), ("/etc", "an absolute path"),
                      ("~/x", "an absolute path"), (".", "the tour's own folder; name a folder inside it"), ("a/..", "the tour's own folder; name a folder inside it")])
    func aGoldensFolderOutsideTheToursFolderIsAnError(folder: String, why: String) throws {
        do {
            _ = try TourLoader.load(bytes: Array(#"{"id": "t", "test": {"goldens": "\#(folder)"}, "steps": [{"target": "fab", "text": "Add"}]}"#.utf8),
                                    file: "t.json", folder: "/tours", appCatalog: { DemoApp.launchCatalog() })
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["t.json:1: test.goldens: expected a folder inside the tour file's folder, found \"\(folder)\" (\(why))"])
        }
    }

    @Test func toursAreNamedByTheirIdAndByTheirPathWhereIdsAreShared() {
        #expect(TestPlan.names(for: [("a/x.json", "home"), ("b/y.json", "home"), ("fab.json", "fab-tip"), ("broken.json", nil)])
                == ["a/x", "b/y", "fab-tip", "broken"])
    }

    @Test(arguments: [
        ("step03", "home/390x844@1x-en-step03", true),
        ("home/*-ja-*", "home/390x844@1x-ja-step01", true),
        ("home/*-ja-*", "home/390x844@1x-en-step01", false),
        ("step0?-t150", "home/390x844@1x-en-step02-t150", true),
        ("fab", "home/390x844@1x-en-step02", false),
        ("", "anything", true),
    ])
    func onlyKeepsNamesContainingThePattern(pattern: String, name: String, kept: Bool) {
        #expect(CaseFilter(pattern: pattern).keeps(name) == kept)
    }

    @Test func aPathologicalPatternEndsQuickly() {
        let start = Date()
        let name = String(repeating: "a", count: 5000)
        #expect(!CaseFilter(pattern: String(repeating: "*a", count: 200) + "b").keeps(name))
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
