import Files
import Foundation
import Raster
import Schema
import Tours

/// What a screenshot looked like under each rect target when a tour's goldens were recorded: an
/// 8x8 grid of the average colours under the rect, per case, in `screens.json` in the goldens
/// folder. When the screenshot is shot again and its UI has moved, the pixels under a rect that
/// is still where it was no longer match, and the lint says which step to re-check instead of
/// letting `--update` bless a hole over nothing.
package enum ScreenRecord {
    /// The part of the screenshot under one rect target.
    package struct Patch: Codable, Hashable, Sendable {
        /// The rect, in the case's screen points.
        package var rect: [Double]
        /// 8x8 cells of average red, green and blue, as hex.
        package var cells: String
        /// A patch from its parts.
        package init(rect: [Double], cells: String) { self.rect = rect; self.cells = cells }
    }

    /// The record's file in a goldens folder.
    package static let fileName = "screens.json"

    /// The patches under each rect target of step `index` as `stage` shows it now.
    @MainActor
    package static func patches(of step: TourStep, on stage: any PictureStage) -> [Patch] {
        let image = stage.screenshot.image
        let shown = stage.screenshot.imageRect
        guard shown.width > 0, shown.height > 0 else { return [] }
        let sx = Double(image.width) / shown.width, sy = Double(image.height) / shown.height
        return step.targets.compactMap { target in
            guard case .rect(let r) = target else { return nil }
            // A rect of any size (or none at all: infinite, not a number) only clips to the image.
            let x0 = Int(clampedToInt: ((r.minX - shown.minX) * sx).rounded(.down)), y0 = Int(clampedToInt: ((r.minY - shown.minY) * sy).rounded(.down))
            let x1 = Int(clampedToInt: ((r.maxX - shown.minX) * sx).rounded(.up)), y1 = Int(clampedToInt: ((r.maxY - shown.minY) * sy).rounded(.up))
            let area = IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
                .intersection(IntRect(x: 0, y: 0, width: image.width, height: image.height))
            return Patch(rect: [r.minX, r.minY, r.width, r.height].map { ($0 * 100).rounded() / 100 }, cells: cells(of: image, in: area))
        }
    }

    /// The 8x8 grid of average colours of `area` of `image`, as hex (empty for an empty area).
    static func cells(of image: Pixmap, in area: IntRect) -> String {
        guard area.width > 0, area.height > 0 else { return "" }
        var out = ""
        for cy in 0..<8 {
            for cx in 0..<8 {
                let ax = area.x + area.width * cx / 8, bx = max(ax + 1, area.x + area.width * (cx + 1) / 8)
                let ay = area.y + area.height * cy / 8, by = max(ay + 1, area.y + area.height * (cy + 1) / 8)
                var r = 0, g = 0, b = 0, n = 0
                for y in ay..<min(by, area.y + area.height) {
                    let row = image.row(y)
                    for x in ax..<min(bx, area.x + area.width) {
                        let p = row[x]
                        r += Int((p >> 16) & 0xFF); g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF); n += 1
                    }
                }
                n = max(n, 1)
                for v in [r / n, g / n, b / n] { out += String(format: "%02x", v) }
            }
        }
        return out
    }

    /// Whether two patches' cells differ by more than noise (any channel of a cell by more than 24).
    static func changed(_ a: String, _ b: String) -> Bool {
        guard a.count == b.count else { return true }
        let x = Array(a.utf8), y = Array(b.utf8)
        var i = 0
        while i + 1 < x.count {
            let p = Int(String(decoding: x[i...i + 1], as: UTF8.self), radix: 16) ?? 0
            let q = Int(String(decoding: y[i...i + 1], as: UTF8.self), radix: 16) ?? 0
            if abs(p - q) > 24 { return true }
            i += 2
        }
        return false
    }

    /// The record in `planned`'s goldens folder, by case (its short name), read beneath the tour
    /// file's folder; empty when there is none (or it is not a regular file there).
    package static func read(_ planned: PlannedTour) -> [String: [Patch]] {
        guard let (folder, relative) = place(of: planned),
              let bytes = try? folder.read(relative, limit: 64 << 20, kind: "a screens record") else { return [:] }
        return (try? JSONDecoder().decode([String: [Patch]].self, from: Data(bytes))) ?? [:]
    }

    /// The tour file's folder, opened, and the record's path inside it.
    private static func place(of planned: PlannedTour) -> (OwnedFolder, String)? {
        guard let folder = try? planned.openTourFolder(),
              let relative = folder.relativePath(of: (planned.goldensFolder as NSString).appendingPathComponent(fileName)), !relative.isEmpty else { return nil }
        return (folder, relative)
    }

    /// Adds a lint error to each case whose rect is where it was when its golden was recorded but
    /// whose screen under it has changed since. `command` is the command line as the user runs it
    /// (`limelight`, an app's own `recipes-tours`), for the hint.
    package static func check(_ results: inout [CaseResult], tours: [PlannedTour], command: String = "limelight") {
        for planned in tours where planned.tour != nil {
            let record = read(planned)
            guard !record.isEmpty else { continue }
            for i in results.indices where results[i].testCase.tour == planned.name && !results[i].screenUnder.isEmpty {
                guard let kept = record[results[i].testCase.shortName], case .step(let index, nil) = results[i].testCase.moment,
                      let tour = planned.tour(arm: results[i].testCase.arm), tour.steps.indices.contains(index) else { continue }
                for (k, now) in results[i].screenUnder.enumerated() where k < kept.count && kept[k].rect == now.rect && changed(kept[k].cells, now.cells) {
                    let r = now.rect.map(\.compact).joined(separator: ", ")
                    let finding = Diagnostic(file: planned.file, line: tour.steps[index].source.step, path: "steps[\(index)]",
                        message: "re-check its rect [\(r)]: the screen under it changed since its golden was recorded, and it may point at nothing now (once it is right, `\(command) test --update all` records it again) (at \(results[i].testCase.shortName))")
                    results[i].lint.append(finding)
                    if results[i].outcome == .passed { results[i].outcome = .failed }
                    if results[i].outcome == .failed { results[i].problems.append(finding.description) }
                }
            }
        }
    }

    /// Writes, for each tour over screenshots, the patches of its cases that have goldens now
    /// (kept from the record for the cases not run), when they changed.
    package static func update(with results: [CaseResult], tours: [PlannedTour]) {
        for planned in tours {
            let mine = results.filter { $0.testCase.tour == planned.name && !$0.screenUnder.isEmpty && $0.goldenExists && $0.outcome == .passed }
            guard !mine.isEmpty else { continue }
            var record = read(planned)
            let before = record
            for r in mine { record[r.testCase.shortName] = r.screenUnder }
            guard record != before else { continue }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            guard let data = try? encoder.encode(record) else { continue }
            guard let (folder, relative) = place(of: planned) else { continue }
            try? folder.write(data, to: relative)
        }
    }
}
