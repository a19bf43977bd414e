import Files
import Foundation
import Raster
import Tours
import Views

/// Playing the tour in the editor: from the selected step, over the app as a user sees it, and back
/// to editing on a fresh app.
extension EditorApp {
    func togglePlay() { if isPlaying { stopPlaying() } else { play() } }

    /// Runs the tour from the selected step as a user would see it.
    func play() {
        if isRecording { recorder.stop() }
        guard let tour = model.loaded?.tour else {
            log("edit: the tour has problems; fix them to play it")
            return
        }
        root.focus(nil)
        screen.showsHelp = false
        viewport.mode = .play
        banner?.message = nil
        // A fresh app, as the window starts one: nothing of the preview (its spotlight, the tab it
        // switched to) stays under the tour.
        replaceStageWithAFreshOne()
        let engine = TourEngine(tour: tour, host: viewport.stage)
        engine.onEvent = { [weak self, weak engine] event in
            guard let self, let engine else { return }
            self.log("edit: " + engine.describe(event))
        }
        self.engine = engine
        engine.start(at: min(model.selected, tour.steps.count - 1), animated: true)
        viewport.setNeedsEmbeddedFrame()
        refreshStatus()
    }

    /// Back to editing, on a fresh app (what play changed — cards added, tabs switched — is gone).
    func stopPlaying() {
        viewport.mode = .edit
        replaceStageWithAFreshOne()
        refresh(force: true)
    }

    /// Drops the tour shown and the app it ran on for a fresh app in the editor's language.
    func replaceStageWithAFreshOne() {
        engine?.onEvent = nil
        engine = nil
        shownTour = nil
        if let fresh = try? makeStage() {
            banner = nil
            viewport.replaceStage(with: fresh)
            if fresh.languageCode != language { fresh.switchLanguage(to: language) }
        }
    }
}
