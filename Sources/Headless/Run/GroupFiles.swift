import Files
import Foundation
import ImageFiles
import Raster

/// The files one group of a test run reads and writes: its tour's goldens, read once each beneath
/// the tour file's folder (a golden that is a link, a pipe or a device is refused, never followed
/// or waited on), and the results folder, made when the first file is written and written beneath
/// it by each file's key.
final class GroupFiles {
    /// The tour the group runs.
    let planned: PlannedTour
    /// The results folder's path.
    let results: String
    /// The threads a PNG is compressed on (nil: one a core).
    let encodingThreads: Int?
    /// The tour file's folder, opened (or why it could not be).
    private let tourFolder: Result<OwnedFolder, HeadlessError>
    /// The results folder, once made.
    private var resultsFolder: OwnedFolder?

    /// The files of a group of `planned`, with results in `results`.
    init(planned: PlannedTour, results: String, encodingThreads: Int?) {
        self.planned = planned
        self.results = results
        self.encodingThreads = encodingThreads
        tourFolder = Result { () throws(HeadlessError) in try planned.openTourFolder() }
    }

    /// The golden at `path` (a path of the plan's, inside the tour's folder), read once: at most
    /// `limit` bytes of a regular file, `kind` naming it in a refusal.
    func golden(_ path: String, kind: String, limit: Int = Pixmap.maxImageFileBytes) -> GoldenBytes {
        let folder: OwnedFolder
        switch tourFolder {
        case .success(let opened): folder = opened
        case .failure(let error): return .unreadable(error.message)
        }
        guard let relative = folder.relativePath(of: path), !relative.isEmpty else {
            return .unreadable("it is not inside the tour's folder \(planned.tourFolder)")
        }
        let read = GoldenBytes.read(relative, in: folder, limit: limit, kind: kind)
        if case .unreadable(let why) = read, why.hasPrefix("its folder is not a folder") {
            return .unreadable("its folder \(AtomicFile.split(path).folder) is not a folder (a file is in the way)")
        }
        return read
    }

    /// Writes `pixmap` as a PNG with its digest at `key` in the results folder; its path, or nil
    /// with the case an error of the runner's when it cannot be written.
    func write(_ pixmap: Pixmap, _ key: String, for result: inout CaseResult) -> String? {
        let bytes: [UInt8]
        do { bytes = try pixmap.pngBytes(digest: true, threads: encodingThreads) } catch {
            cannotWrite(key, error.reason, &result)
            return nil
        }
        return write(Data(bytes), key, for: &result)
    }

    /// Writes `bytes` at `key` in the results folder (made when first needed), as `write(_:_:for:)`
    /// does an image.
    func write(_ bytes: Data, _ key: String, for result: inout CaseResult) -> String? {
        do throws(AtomicFileFailure) {
            if resultsFolder == nil {
                do { resultsFolder = try TestResultsFolder.open(results, creating: true) } catch { throw AtomicFileFailure(call: "mkdir", path: results, reason: error.message) }
            }
            // Results are made again at will: whole or absent, but not flushed to the disk.
            try resultsFolder!.write(bytes, to: key, synced: false, mode: 0o666)
            return TestResultsFolder.path(key, in: results)
        } catch {
            cannotWrite(key, error.description, &result)
            return nil
        }
    }

    /// The case is an error of the runner's: a result it cannot write.
    private func cannotWrite(_ key: String, _ why: String, _ result: inout CaseResult) {
        result.outcome = .error
        result.cause = .runner
        result.problems.append("cannot write \(TestResultsFolder.path(key, in: results)): \(why)")
    }
}
