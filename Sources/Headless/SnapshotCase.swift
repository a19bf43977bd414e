import Foundation
import Raster

/// One case of a tour's test matrix: a frame at one size, scale and language, of a settled step, a
/// step some milliseconds into its animation, or the end of a test script.
///
/// Its name is stable and reads as what it shows: `home/390x844@2x-ja-step03`,
/// `home/390x844@1x-en-step02-t150`, `home/390x844@1x-en-script-finish`; its golden is that name
/// without the tour, as a PNG in the tour's goldens folder.
public struct SnapshotCase: Hashable, Sendable, Codable {
    /// What the frame shows.
    public enum Moment: Hashable, Sendable, Codable {
        /// Step `index` (0-based), settled, or `milliseconds` into its animation.
        case step(index: Int, milliseconds: Double?)
        /// The end of the test script `name`.
        case script(name: String)
    }

    /// The tour's name: its file's name without `.json`.
    public var tour: String
    /// The screen's width and height in points.
    public var width: Double, height: Double
    /// Device pixels per point.
    public var scale: Double
    /// The language code.
    public var language: String
    /// What the frame shows.
    public var moment: Moment
    /// How many digits step numbers have in this tour's names (at least 2), so names sort in order.
    public var stepDigits: Int

    /// A case from its parts.
    public init(tour: String, size: Size, scale: Double, language: String, moment: Moment, stepDigits: Int = 2) {
        self.tour = tour
        width = size.width; height = size.height
        self.scale = scale
        self.language = language
        self.moment = moment
        self.stepDigits = max(2, stepDigits)
    }

    /// The screen's size in points.
    public var size: Size { Size(width, height) }

    /// The case's name without the tour: `390x844@2x-ja-step03`; its golden's file name before `.png`.
    public var shortName: String {
        var name = "\(width.compact)x\(height.compact)@\(scale.compact)x-\(language)-"
        switch moment {
        case let .step(index, milliseconds):
            let number = String(index + 1)
            name += "step" + String(repeating: "0", count: max(0, stepDigits - number.count)) + number
            if let milliseconds { name += "-t\(milliseconds.compact)" }
        case .script(let script):
            name += "script-\(script)"
        }
        return name
    }

    /// The case's name: `home/390x844@2x-ja-step03`.
    public var name: String { tour + "/" + shortName }

    /// The step number (1-based) the case shows, for step cases.
    public var stepNumber: Int? {
        if case .step(let index, _) = moment { return index + 1 }
        return nil
    }

    /// The size as `390x844`.
    public var sizeName: String { "\(width.compact)x\(height.compact)" }
}
