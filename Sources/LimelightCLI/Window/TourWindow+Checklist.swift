import Foundation
import Tours
import Views

extension TourWindowApp {
    /// Shows `checklist` (read from `path`) on the stage from now on: its items' states follow the
    /// app and saved progress, each item done is saved and logged, choosing an item plays its tour
    /// (its file beside the checklist, else among the app's launch tours), and once every item is
    /// done the launcher goes a moment after its last tick.
    func showChecklist(_ checklist: Checklist, path: String) {
        let progress = store?.load().progress ?? TourProgress()
        let runner = ChecklistRunner(checklist: checklist, host: stage, progress: progress)
        checklistRunner = runner
        checklistPath = path
        let ms = { [weak self] in ((self?.root.clock.now ?? 0) * 1000).rounded() }
        runner.onItemDone = { [weak self] item in
            warn("window: checklist \(checklist.id): \"\(item.id)\" is done")
            self?.events?.checklist(.itemDone, checklist: checklist.id, item: item.id, ms: ms())
            self?.saveProgress { $0.recordChecked(item.id, in: checklist.id, at: Date()) }
        }
        runner.onComplete = { [weak self, weak runner] in
            warn("window: checklist \(checklist.id): every item is done")
            self?.saveProgress { $0.recordChecklistFinished(checklist.id, at: Date()) }
            // The last tick shows before the launcher goes.
            self?.root.timers.after(1.5) { runner?.dismiss() }
        }
        runner.onLaunch = { [weak self] item in
            guard let self, let id = item.tour else { return }
            guard let loaded = self.checklistTour(id, beside: path) else {
                warn("window: checklist \(checklist.id): no tour \"\(id)\" beside \(path) or among the app's tours")
                return
            }
            warn("window: checklist \(checklist.id): \"\(item.id)\" plays the tour \(id)")
            self.events?.checklist(.itemLaunched, checklist: checklist.id, item: item.id, tour: id, ms: ms())
            self.playNow(loaded)
        }
        if runner.isComplete {
            warn("window: checklist \(checklist.id): every item is done already; not shown")
            return
        }
        saveProgress { $0.recordChecklistShown(checklist.id, at: Date()) }
        events?.checklist(.checklistShown, checklist: checklist.id, ms: ms())
        runner.present()
    }

    /// Counts one of the app's events for the checklist's items.
    func noteAppEventForChecklist(_ name: String) { checklistRunner?.noteEvent(name) }

    private func saveProgress(_ change: (inout TourProgress) -> Void) {
        guard let store else { return }
        do { _ = try store.update(change) } catch { warn("window: \(error)") }
    }

    /// The tour with id `id`: `ID.json` beside the checklist, else a tour file there with that id,
    /// else one of the app's launch tours with it; nil when none loads.
    private func checklistTour(_ id: String, beside checklist: String) -> LoadedTour? {
        let folder = (checklist as NSString).deletingLastPathComponent
        let named = (folder as NSString).appendingPathComponent(id + ".json")
        var candidates = [named]
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).sorted()
            .filter { $0.hasSuffix(".json") && !ChecklistLoader.isChecklistFile($0) }
            .map { (folder as NSString).appendingPathComponent($0) }
        candidates += others.filter { $0 != named } + app.definition.launchTours
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            guard let loaded = try? app.load(path), loaded.tour.id == id else { continue }
            return loaded
        }
        return nil
    }
}
