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
package enum StepFiles {
    /// What a run wrote.
    package struct Written {
        /// The steps' reports (`render --json`), when asked for.
        package var reports: [ShotReport]
        /// The storyboard's file names, in order.
        package var sheetNames: [String]
    }

    /// Walks every step of `walk` (each `milliseconds` into its animation, else settled), with or
    /// without the overlays, and writes the frames and the storyboard into `folder` (which exists).
    package static func write(_ walk: TourWalk, into folder: String, at milliseconds: Double?, withOverlay: Bool,
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
            // The frame is compressed and written on another thread while this one shrinks it to its
            // panel, and composes the sheet when the panel is the sheet's last: both only read the
            // frame, and together they keep both cores busy. The next step is drawn into the frame
            // only once it is written.
            let writing = Alongside { () throws(HeadlessError) in try write(frame, to: file) }
            panels.append(Storyboard.Panel(image: Storyboard.thumbnail(of: frame, limit: layout.thumbnailLimit), title: walk.caption(ofStep: i)))
            let sheet = i / layout.panelsPerSheet
            var board: Pixmap?
            if panels.count == layout.panelsPerSheet || i == count - 1 {
                do {
                    board = try Storyboard.compose(panels, textEngine: root.textEngine, firstNumber: sheet * layout.panelsPerSheet + 1, layout: layout)
                } catch {
                    try writing.wait()
                    throw HeadlessError("storyboard: \(error)")
                }
            }
            try writing.wait()
            if wantsReports { reports.append(ShotReport(file: file, step: i + 1, session: walk.session, engine: walk.engine)) }
            if let board {
                try write(board, to: (folder as NSString).appendingPathComponent(names[sheet]))
                panels.removeAll()
            }
        }
        return Written(reports: reports, sheetNames: names)
    }

    /// Work started on another thread as it is made, and waited for once.
    /// `@unchecked Sendable`: `failure` is written by the work alone, and read after `done.wait()`.
    final class Alongside: @unchecked Sendable {
        private let done = DispatchGroup()
        private var failure: HeadlessError?

        /// Starts `work` on another thread.
        init(_ work: @escaping () throws(HeadlessError) -> Void) {
            nonisolated(unsafe) let job = work
            DispatchQueue.global().async(group: done) {
                do throws(HeadlessError) { try job() } catch { self.failure = error }
            }
        }

        /// Returns once the work is done, throwing what it threw.
        func wait() throws(HeadlessError) {
            done.wait()
            if let failure { throw failure }
        }
    }

    /// `pixmap` as a PNG at `path`, not flushed to the disk.
    static func write(_ pixmap: Pixmap, to path: String) throws(HeadlessError) {
        do { try pixmap.writePNG(to: path, durable: false) } catch { throw HeadlessError(error.description) }
    }
}
