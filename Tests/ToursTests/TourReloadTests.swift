import Foundation
import Schema
import Testing
import Raster
import Views
import Demo
@testable import Tours

/// Live reload: polling, staying on the step, keeping the last good tour, the error banner.
@Suite(.serialized) @MainActor struct TourReloadTests {
    static func steps(_ n: Int, text: String = "step") -> String {
        let ids = ["nav.title", "card.0", "card.1", "fab"]
        let list = (0..<n).map { "{\"target\": \"\(ids[$0 % ids.count])\", \"text\": \"\(text) \($0 + 1)\"}" }
        return "{\"id\": \"live\", \"steps\": [\(list.joined(separator: ", "))]}"
    }

    /// A tour file in a temporary folder, and a reloader on it.
    struct Setup {
        let path: String
        let reloader: TourReloader
        func write(_ json: String) throws { try Data(json.utf8).write(to: URL(fileURLWithPath: path)) }
    }

    func setup(_ json: String) throws -> Setup {
        let path = temporaryFolder() + "/live.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let reloader = TourReloader(path: path, interval: 0.5, load: { () throws(LoadError) -> LoadedTour in
            try TourLoader.load(path: path, appCatalog: { DemoApp.launchCatalog() })
        })
        return Setup(path: path, reloader: reloader)
    }

    @Test func checksOnTheRootsTimerAndReloadsOnlyChanges() throws {
        let f = try AppFixture()
        let s = try setup(Self.steps(2))
        var reloads: [Int] = []
        s.reloader.start(on: f.root.timers) { result in
            if case .reloaded(let loaded) = result { reloads.append(loaded.tour.steps.count) }
        }
        let frame = try f.root.makePixmap()
        f.root.frame(into: frame)
        #expect(f.root.nextWakeUp == .at(0.5), "the host sleeps until the first check")
        f.advance(0.45)
        try s.write(Self.steps(3))
        #expect(reloads.isEmpty, "changed, but no check has run yet")
        f.advance(0.1)
        #expect(reloads == [3], "the check at 0.5 s reloads")
        f.root.frame(into: frame)
        guard case .at(let next) = f.root.nextWakeUp else { Issue.record("no check is due"); return }
        #expect(next > 1 && next < 1.05, "the next check is due half a second after the one that ran (in the 60 Hz frame at 0.5 s)")
        f.advance(1)
        #expect(reloads == [3], "an unchanged file is not reloaded again")
        s.reloader.stop()
        f.root.frame(into: frame)
        #expect(f.root.nextWakeUp == .onInput, "stopped, nothing is due")
    }

    @Test func signaturesNoticeSameSizeEdits() {
        var signature = FileSignature(exists: true, modified: 1, size: 10, inode: 7)
        let reloader = TourReloader(path: "x", signature: { _ in signature }, load: { () throws(LoadError) -> LoadedTour in
            throw LoadError(diagnostics: [Diagnostic(file: "x", line: 1, path: "", message: "broken")])
        })
        signature.modified = 2
        guard case .failed(let error) = reloader.check() else { Issue.record("expected a failed reload"); return }
        #expect(error.summary == "x:1: broken")
    }

    @Test func aReloadKeepsTheStep() throws {
        let f = try AppFixture()
        let s = try setup(Self.steps(4))
        let engine = TourEngine(tour: try TourLoader.load(path: s.path, appCatalog: { DemoApp.launchCatalog() }).tour, host: f.app)
        engine.start(at: 2, animated: false)
        try s.write(Self.steps(4, text: "edited"))
        guard case .reloaded(let new) = s.reloader.check() else { Issue.record("expected a reload"); return }
        engine.replace(with: new.tour)
        #expect(engine.currentStep == 2)
        #expect(engine.spotlight?.coachMark?.text == "edited 3")
        // Fewer steps: the last one that still exists.
        try s.write(Self.steps(2, text: "short"))
        guard case .reloaded(let shorter) = s.reloader.check() else { Issue.record("expected a reload"); return }
        engine.replace(with: shorter.tour)
        #expect(engine.currentStep == 1)
        #expect(engine.spotlight?.coachMark?.text == "short 2")
        #expect(engine.spotlight?.holes.map(\.target) == [.view("card.0")])
    }

    @Test func aBrokenFileKeepsTheLastGoodTourAndShowsABanner() throws {
        let f = try AppFixture()
        let s = try setup(Self.steps(3))
        let engine = TourEngine(tour: try TourLoader.load(path: s.path, appCatalog: { DemoApp.launchCatalog() }).tour, host: f.app)
        engine.start(at: 1, animated: false)
        try s.write("{\"id\": \"live\",\n \"steps\": [{\"target\": \"fab2\"}]}")
        guard case .failed(let error) = s.reloader.check() else { Issue.record("expected a failure"); return }
        #expect(error.summary.hasSuffix("live.json:2: steps[0].target: no view with id \"fab2\" can exist (known: fab, card.2, grid, home, card.0, card.1 and 5 more; and as the app runs: card.N)"))
        // What the window does: the engine is left alone, the banner shows the problem.
        #expect(engine.currentStep == 1 && engine.tour.steps.count == 3)
        let banner = ErrorBanner(root: f.root)
        banner.message = error.summary
        #expect(f.root.view(withID: "tour.errorBanner") != nil, "the banner's view is in the root's id space")
        f.root.frame(into: nil)
        let frame = banner.frame
        #expect(frame.minY == 0 && frame.width == 390 && frame.height > f.root.safeArea.top)
        let pixels = try f.render()
        #expect(pixels.color(x: 4, y: Int(frame.maxY) - 3) == ErrorBanner.color, "the banner is red")
        #expect(pixels.color(x: 4, y: Int(frame.maxY) + 3) != ErrorBanner.color, "and only as tall as its text")
        #expect(banner.handle(.pointerDown(Point(10, 10), button: .primary), root: f.root) == false, "the banner takes no input")
        f.root.send(.key(.enter))
        #expect(engine.currentStep == 2, "the tour under the banner still runs")
        // Fixed: the banner goes away.
        banner.message = nil
        #expect(banner.frame == .zero)
        #expect(try f.render().color(x: 4, y: 4) != ErrorBanner.color)
    }

    @Test func theFoldersWatchSeesASaveByRenameAtTheNextCheck() throws {
        let folder = temporaryFolder()
        let path = folder + "/live.json"
        try Data(Self.steps(2).utf8).write(to: URL(fileURLWithPath: path))
        let reloader = TourReloader(path: path, load: { () throws(LoadError) -> LoadedTour in
            try TourLoader.load(path: path, appCatalog: { DemoApp.launchCatalog() })
        })
        #expect(reloader.isWatchingFolder)
        #expect(reloader.interval == 0.05, "a save shows within 100 ms: checks every 50 ms, each a read that does not block")
        #expect(reloader.check() == nil, "nothing happened yet")
        // An editor's save: a new file beside it, renamed over it (a new inode).
        try Data(Self.steps(3).utf8).write(to: URL(fileURLWithPath: folder + "/.live.json.tmp"))
        #expect(rename(folder + "/.live.json.tmp", path) == 0)
        guard case .reloaded(let loaded) = reloader.check() else { Issue.record("the rename was not seen"); return }
        #expect(loaded.tour.steps.count == 3)
        #expect(reloader.check() == nil, "seen once")
        // A save in place.
        try Data(Self.steps(4).utf8).write(to: URL(fileURLWithPath: path))
        guard case .reloaded(let again) = reloader.check() else { Issue.record("the write was not seen"); return }
        #expect(again.tour.steps.count == 4)
        // Another file of the folder changing is not this one.
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/other.txt"))
        #expect(reloader.check() == nil)
    }

    @Test func aLeftoverKeyIsAWarningAndTheTourStillLoads() throws {
        let json = #"{"id": "w", "steps": [{"target": "fab", "shape": "circle", "cornerRadius": 8, "text": "Hi"}]}"#
        let loaded = try TourLoader.load(bytes: Array(json.utf8), file: "w.json", folder: ".", appCatalog: { DemoApp.launchCatalog() })
        #expect(loaded.warnings.map(\.description) == ["w.json:1: steps[0].cornerRadius: warning: has no effect: only \"shape\": \"roundedRect\" has a corner radius (remove it)"])
    }
}

extension TourReload: Equatable {
    public static func == (a: TourReload, b: TourReload) -> Bool {
        switch (a, b) {
        case let (.reloaded(x), .reloaded(y)): return x.tour == y.tour
        case let (.failed(x), .failed(y)): return x == y
        default: return false
        }
    }
}
