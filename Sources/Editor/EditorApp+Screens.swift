import Files
import Foundation
import Tours

/// The screens a tour runs over, as the editor is given them: a file dropped on the window, the
/// Screen field of a step.
extension EditorApp {
    /// A file dropped on the window: an image becomes the tour's screenshot (on the first step, or
    /// when the tour has none yet) or the selected step's own screen; anything else is refused with
    /// one line.
    public func open(droppedFile path: String) {
        if let problem = TourLoader.screenshotProblem(at: path, images: model.images) {
            say("\((path as NSString).lastPathComponent) cannot be a screenshot: \(problem)")
            return
        }
        let scale = EditorModel.scale(inName: path)
        let name = (path as NSString).lastPathComponent
        if model.document.root["background"] == nil || model.selected == 0 || model.stepCount == 0 {
            log("edit: the tour runs over \(name)" + (scale.map { " (@\($0.compact)x)" } ?? ""))
            model.setScreenshot(path, scale: scale, forStep: nil)
        } else {
            log("edit: step \(model.selected + 1) and the steps after it run over \(name)")
            model.setScreenshot(path, scale: nil, forStep: model.selected)
        }
    }

    /// The selected step's own screenshot, named as the file names it (from the tour's folder); ""
    /// takes it away. A relative name is written as typed; a whole path as `TourFileReference` names it.
    func setStepScreen(_ name: String) {
        guard name != (model.screenshotName(ofStep: model.selected) ?? "") else { return }
        if name.isEmpty { model.clearScreenshot(ofStep: model.selected); return }
        let folder = AtomicFile.split(model.path).folder
        let path = TourLoader.resolve(name, folder: folder.isEmpty ? "." : folder)
        if let problem = TourLoader.screenshotProblem(at: path, images: model.images) {
            say("\(name) cannot be a screenshot: \(problem)")
            return
        }
        if TourFileReference.isAbsolute(name) {
            model.setScreenshot(name, scale: nil, forStep: model.selected)
        } else {
            model.setScreenshot(named: name, scale: nil, forStep: model.selected)
        }
    }
}
