import Files
import Foundation
import Tours

/// The folder a `limelight test` run reports into: its HTML page, with each case's golden beside
/// the actual and diff images, and nothing left of an earlier run's images.
public enum TestReportFolder {
    /// Writes `folder/index.html` with each case's golden (a copy) beside its actual and
    /// diff images; returns the page's path.
    public static func write(_ folder: String, tours: [PlannedTour], results: [CaseResult], warnings: [TourDiagnostic]) throws(HeadlessError) -> String {
        let fm = FileManager.default
        func relative(_ path: String) -> String {
            let prefix = (folder as NSString).standardizingPath + "/"
            let full = (path as NSString).standardizingPath
            return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : path
        }
        var copies: [SnapshotCase: String] = [:]
        for r in results where r.outcome != .skipped && r.goldenExists {
            let tourFolder = (folder as NSString).appendingPathComponent(r.testCase.tour)
            let copy = (tourFolder as NSString).appendingPathComponent(r.testCase.shortName + ".golden.png")
            try? fm.createDirectory(atPath: tourFolder, withIntermediateDirectories: true)
            try? fm.removeItem(atPath: copy)
            // A copy, never a link: a report is an artifact others write into (a CI upload, a
            // reviewer's tool), and a write through a link would change the committed golden.
            if (try? fm.copyItem(atPath: r.golden, toPath: copy)) != nil { copies[r.testCase] = relative(copy) }
        }
        let page = HTMLReport.page(tours: tours, results: results, warnings: warnings) { r in
            HTMLReport.Images(golden: copies[r.testCase], actual: r.actual.map(relative), diff: r.diff.map(relative))
        }
        let path = (folder as NSString).appendingPathComponent("index.html")
        do { try AtomicFile().write(Data(page.utf8), to: path) } catch { throw HeadlessError("\(error)") }
        return path
    }

    /// Removes the images an earlier run left in a tour's results folder (and nothing else).
    public static func removeStaleImages(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where [".actual.png", ".diff.png", ".golden.png"].contains(where: name.hasSuffix) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }
}
