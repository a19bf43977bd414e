import Foundation
import ImageFiles
import Raster
import Tours

/// `render --all`: every step of a tour walked in order and written as `step-01.png`, … into a
/// folder, with the storyboard (`Storyboard.sheetNames`): each step's thumbnail is kept as soon as
/// its frame is written, and a sheet is composed and written as soon as its panels are done, so
/// only one sheet's thumbnails are ever held, however long the tour.
///
/// The files are not flushed to the disk (`writePNG(to:durable: false)`), as a review page's frames
/// are not: each is still written beside and renamed into place, so no file is ever cut short, but
/// a power loss soon after a run may leave some empty, and running again makes them. A flush a
/// file took 3 to 13 ms on the development machine, more than the rest of a step.
@MainActor
public enum StepFiles {
    /// What a run wrote.
    public struct Written {
        /// The steps' reports (`render --json`), when asked for.
        public var reports: [ShotReport]
        /// The storyboard's file names, in order.
        public var sheetNames: [String]
    }

    /// Walks every step of `walk` (each `milliseconds` into its animation, else settled), with or
    /// without the overlays, and writes the frames and the storyboard into `folder` (which exists).
    public static func write(_ walk: TourWalk, into folder: String, at milliseconds: Double?, withOverlay: Bool,
                             reports wantsReports: Bool) throws(HeadlessError) -> Written {
        let count = walk.engine.tour.steps.count
        let root = walk.stage.root
        let layout = Storyboard.Layout.forScreen(root.size, scale: root.scale)
        let names = Storyboard.sheetNames(forPanels: count, perSheet: layout.panelsPerSheet)
        var panels: [Storyboard.Panel] = []
        var reports: [ShotReport] = []
        for i in 0..<count {
            walk.show(step: i, at: milliseconds)
            let frame = withOverlay ? try walk.session.render() : try walk.session.renderWithoutOverlays()
            let file = (folder as NSString).appendingPathComponent(TourReviewPage.frameName(step: i + 1, of: count))
            try write(frame, to: file)
            if wantsReports { reports.append(ShotReport(file: file, step: i + 1, session: walk.session, engine: walk.engine)) }
            panels.append(Storyboard.Panel(image: Storyboard.thumbnail(of: frame, limit: layout.thumbnailLimit), title: walk.caption(ofStep: i)))
            guard panels.count == layout.panelsPerSheet || i == count - 1 else { continue }
            let sheet = i / layout.panelsPerSheet
            let board: Pixmap
            do {
                board = try Storyboard.compose(panels, textEngine: root.textEngine, firstNumber: sheet * layout.panelsPerSheet + 1, layout: layout)
            } catch {
                throw HeadlessError("storyboard: \(error)")
            }
            try write(board, to: (folder as NSString).appendingPathComponent(names[sheet]))
            panels.removeAll()
        }
        return Written(reports: reports, sheetNames: names)
    }

    /// `pixmap` as a PNG at `path`, not flushed to the disk.
    static func write(_ pixmap: Pixmap, to path: String) throws(HeadlessError) {
        do { try pixmap.writePNG(to: path, durable: false) } catch { throw HeadlessError(error.description) }
    }
}
