import Foundation
import Raster

/// One case of a tour's test matrix: a frame at one size, scale and language, of a settled step, a
/// step some milliseconds into its animation, or the end of a test script.
///
/// Its name is stable and reads as what it shows: `home/390x844@2x-ja-step03`,
/// `home/390x844@1x-en-step02-t150`, `home/390x844@1x-en-script-finish`, under reduced motion
/// `home/390x844@1x-en-reduced-step03`, an experiment's arm `home/390x844@1x-en-variant-short-step02`;
/// its golden is that name without the tour, as a PNG in the tour's goldens folder.
package struct SnapshotCase: Hashable, Sendable, Codable {
    /// What the frame shows.
    package enum Moment: Hashable, Sendable, Codable {
        /// Step `index` (0-based), settled, or `milliseconds` into its animation.
        case step(index: Int, milliseconds: Double?)
        /// The end of the test script `name`.
        case script(name: String)
        /// The tour file itself, when it cannot run and has no goldens to name its cases by.
        case tourFile
    }

    /// The tour's name: its `id`, or its file's name without `.json` (see `TestPlan.names`).
    package var tour: String
    /// The screen's width and height in points.
    package var width: Double, height: Double
    /// Device pixels per point.
    package var scale: Double
    /// The language code.
    package var language: String
    /// What the frame shows.
    package var moment: Moment
    /// How many digits step numbers have in this tour's names (at least 2), so names sort in order.
    package var stepDigits: Int
    /// Whether the case runs under reduced motion (`-reduced` after the language in its name).
    package var reducedMotion: Bool
    /// The experiment's arm whose steps or texts it shows (`-variant-NAME` after the language and
    /// the motion in its name); nil: the tour as written.
    package var arm: String?

    /// A case from its parts.
    package init(tour: String, size: Size, scale: Double, language: String, moment: Moment, stepDigits: Int = 2,
                reducedMotion: Bool = false, arm: String? = nil) {
        self.tour = tour
        width = size.width; height = size.height
        self.scale = scale
        self.language = language
        self.moment = moment
        self.stepDigits = max(2, stepDigits)
        self.reducedMotion = reducedMotion
        self.arm = arm
    }

    /// The case a golden's file name (`shortName`, without `.png`) names, or nil when it names none:
    /// how a tour that cannot run still counts its cases, by the goldens it has.
    package init?(tour: String, shortName: String) {
        let scalars = Array(shortName.unicodeScalars)
        guard let x = scalars.firstIndex(of: "x"), let at = scalars.firstIndex(of: "@"), x < at,
              let width = Double(String(String.UnicodeScalarView(scalars[..<x]))),
              let height = Double(String(String.UnicodeScalarView(scalars[(x + 1)..<at]))) else { return nil }
        let rest = String(String.UnicodeScalarView(scalars[(at + 1)...]))
        guard let cut = rest.range(of: "x-"), let scale = Double(rest[..<cut.lowerBound]), width > 0, height > 0, scale > 0 else { return nil }
        var tail = String(rest[cut.upperBound...])
        // The language is everything up to the first `-step` or `-script-` (tags have no such part).
        var moment: Moment
        var digits = 2
        if let s = tail.range(of: "-script-") {
            moment = .script(name: String(tail[s.upperBound...]))
            tail = String(tail[..<s.lowerBound])
        } else if let s = tail.range(of: "-step", options: .backwards) {
            var number = String(tail[s.upperBound...])
            var milliseconds: Double?
            if let t = number.range(of: "-t") {
                guard let ms = Double(number[t.upperBound...]) else { return nil }
                milliseconds = ms
                number = String(number[..<t.lowerBound])
            }
            guard let n = Int(number), n >= 1, number.allSatisfy(\.isASCII) else { return nil }
            digits = number.count
            moment = .step(index: n - 1, milliseconds: milliseconds)
            tail = String(tail[..<s.lowerBound])
        } else {
            return nil
        }
        var arm: String?
        if let v = tail.range(of: "-variant-") {
            arm = String(tail[v.upperBound...])
            tail = String(tail[..<v.lowerBound])
            guard arm?.isEmpty == false else { return nil }
        }
        let reduced = tail.hasSuffix("-reduced")
        if reduced { tail.removeLast("-reduced".count) }
        guard !tail.isEmpty else { return nil }
        self.init(tour: tour, size: Size(width, height), scale: scale, language: tail, moment: moment, stepDigits: digits,
                  reducedMotion: reduced, arm: arm)
        guard self.shortName == shortName else { return nil }
    }

    /// The screen's size in points.
    package var size: Size { Size(width, height) }

    /// The case's name without the tour: `390x844@2x-ja-step03`; its golden's file name before `.png`.
    package var shortName: String {
        if case .tourFile = moment { return "load" }
        var name = "\(width.compact)x\(height.compact)@\(scale.compact)x-\(language)-" + (reducedMotion ? "reduced-" : "")
            + (arm.map { "variant-\($0)-" } ?? "")
        switch moment {
        case let .step(index, milliseconds):
            let number = String(index + 1)
            name += "step" + String(repeating: "0", count: max(0, stepDigits - number.count)) + number
            if let milliseconds { name += "-t\(milliseconds.compact)" }
        case .script(let script):
            name += "script-\(script)"
        case .tourFile:
            break
        }
        return name
    }

    /// The case's name: `home/390x844@2x-ja-step03`.
    package var name: String { tour + "/" + shortName }

    /// The size as `390x844`.
    package var sizeName: String { "\(width.compact)x\(height.compact)" }
}
