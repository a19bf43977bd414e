import Foundation
import Testing
import Raster
import Tours
@testable import Headless

/// An experiment's arms in `limelight test`'s matrix: every arm with steps or texts of its own is
/// tested beside the tour as written (its settled and timed steps, named `-variant-ARM-`); an arm
/// that shows the tour as written, the holdout and the scripts add no cases.
@Suite @MainActor struct ArmCasesTests {
    static let json = """
    {"id": "home", "holdout": 0.1,
     "variants": [{"name": "control"},
                  {"name": "short", "steps": [{"target": "fab", "text": "Add one."}]},
                  {"name": "warm", "texts": [{"step": 2, "text": "Your title."}]}],
     "test": {"times": [150], "motion": ["full", "reduced"], "scripts": [{"name": "go", "lines": ["tap fab"]}]},
     "steps": [{"target": "fab", "text": "Add"}, {"target": "nav.title", "text": "Title"}, {"target": "fab", "text": "Again"}]}
    """

    @Test func eachArmWithStepsOrTextsOfItsOwnHasItsCases() throws {
        let planned = try TestPlanTests.tour(Self.json)
        let plan = TestPlan(tours: [planned])
        let names = plan.cases.map(\.shortName)
        #expect(Set(names).count == names.count, "names are unique")
        // As written: (3 settled + 3 timed) × 2 motions + the script under each motion; short: 1 + 1; warm: 3 + 3.
        #expect(plan.cases.filter { $0.arm == nil }.count == 2 * (3 + 3 + 1))
        #expect(plan.cases.filter { $0.arm == "short" }.map(\.shortName)
                == ["390x844@1x-en-variant-short-step01", "390x844@1x-en-variant-short-step01-t150",
                    "390x844@1x-en-reduced-variant-short-step01", "390x844@1x-en-reduced-variant-short-step01-t150"])
        #expect(plan.cases.filter { $0.arm == "warm" }.count == 2 * (3 + 3))
        #expect(!plan.cases.contains { $0.arm == "control" || $0.arm == "holdout" }, "the control shows the tour as written; the holdout sees none")
        #expect(!plan.groups.contains { $0.arm != nil && { if case .script = $0.kind { return true } else { return false } }($0) })
        // The arm's tour is what its cases show.
        #expect(planned.tour(arm: "short")?.steps.map(\.text) == ["Add one."])
        #expect(planned.tour(arm: "warm")?.steps.map(\.text) == ["Add", "Your title.", "Again"])
        #expect(planned.tour(arm: nil)?.steps.count == 3)
    }

    @Test func anArmsNameReadsBackFromItsGoldensName() throws {
        for name in ["390x844@1x-en-variant-short-step01", "390x844@2x-ja-reduced-variant-a.b_c-d-step12-t150", "390x844@1x-en-step02"] {
            let c = try #require(SnapshotCase(tour: "home", shortName: name), "\(name)")
            #expect(c.shortName == name)
        }
        let c = try #require(SnapshotCase(tour: "home", shortName: "390x844@2x-ja-reduced-variant-a.b_c-d-step12-t150"))
        #expect(c.arm == "a.b_c-d" && c.reducedMotion && c.language == "ja" && c.moment == .step(index: 11, milliseconds: 150))
        #expect(SnapshotCase(tour: "home", shortName: "390x844@1x-en-step01")?.arm == nil)
        #expect(SnapshotCase(tour: "home", shortName: "390x844@1x-en-variant--step01") == nil, "an empty arm is no name")
    }
}
