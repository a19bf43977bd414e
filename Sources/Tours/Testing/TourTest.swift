import Raster

/// What `limelight test` runs for a tour: the matrix of sizes, scales, languages and times every
/// step is shown at, where the goldens live, how close a frame must be to its golden, and scripts
/// of input with what the state must be at their end. Read from the tour's `"test"` object.
public struct TourTest: Hashable, Sendable {
    /// How close a frame must be to its golden.
    public struct Tolerance: Hashable, Sendable {
        /// How many pixels may differ at all.
        public var maxDifferentPixels: Int
        /// How far (0...255) any channel of a pixel may differ without the pixel counting as different.
        public var maxChannelDelta: Int
        /// With a value, pixels are compared perceptually, as pixelmatch does: a pixel differs when
        /// the YIQ distance of its colours is above this share (0...1) of the largest there is, and
        /// differing pixels that are anti-aliasing (an edge drawn by another rasterizer) do not count.
        public var perceptualThreshold: Double?
        /// A tolerance from its parts.
        public init(maxDifferentPixels: Int = 0, maxChannelDelta: Int = 0, perceptualThreshold: Double? = nil) {
            self.maxDifferentPixels = maxDifferentPixels
            self.maxChannelDelta = maxChannelDelta
            self.perceptualThreshold = perceptualThreshold
        }
        /// Every pixel the same.
        public static let exact = Tolerance()
    }

    /// A named input script run from the tour's start, and what the state must be at its end, as
    /// the tour file writes them: the test kit (Headless's `TestScripts`) reads the commands and
    /// the expectation, and checks them when a tour is loaded with it.
    public struct Script: Hashable, Sendable {
        /// The script's name: part of its case's name.
        public var name: String
        /// The commands as written (the replay format), one a string.
        public var lines: [String]
        /// The line in the tour file of each of `lines`.
        public var lineNumbers: [Int]
        /// The line of the `lines` key (0 when not read from a file).
        public var linesLine: Int
        /// What the state must be when the script ends (`KEY=VALUE …`), if anything.
        public var expect: String?
        /// The line of `expect` in the tour file (0 when not read from one).
        public var expectLine: Int
        /// A script from its parts.
        public init(name: String, lines: [String], lineNumbers: [Int] = [], linesLine: Int = 0, expect: String? = nil, expectLine: Int = 0) {
            self.name = name; self.lines = lines; self.lineNumbers = lineNumbers; self.linesLine = linesLine
            self.expect = expect; self.expectLine = expectLine
        }
    }

    /// Whether cases run with animations as they are, or under the system's reduced motion.
    public enum Motion: String, Hashable, Sendable, CaseIterable {
        /// Animations as designed.
        case full
        /// Reduced motion: morphs become short cross-fades (cases named `…-reduced-…`).
        case reduced
    }

    /// A part of the frame left out of the comparison: content the app draws differently each run.
    public enum IgnoredRegion: Hashable, Sendable {
        /// Wherever the view with this id is on the case's screen.
        case view(String)
        /// A rectangle in points.
        case rect(Rect)
    }

    /// The screen sizes, in points.
    public var sizes: [Size] = [Size(390, 844)] { didSet { sizesGiven = true } }
    /// The scales (device pixels per point).
    public var scales: [Double] = [1] { didSet { scalesGiven = true } }
    /// Whether the file gives `sizes` (else a screenshot tour's own screen is tested).
    public private(set) var sizesGiven = false
    /// Whether the file gives `scales`.
    public private(set) var scalesGiven = false
    /// The languages; nil means every language the tour's texts give.
    public var languages: [String]?
    /// The lines of `languages`' entries, for messages.
    public var languageLines: [Int] = []
    /// Milliseconds into each step at which a frame is taken too, besides the settled step.
    public var times: [Double] = []
    /// The goldens' folder, relative to the tour file's; nil means `<tour file name>.goldens`.
    public var goldens: String?
    /// How close a frame must be to its golden.
    public var tolerance = Tolerance.exact
    /// The scripted cases.
    public var scripts: [Script] = []
    /// The motion settings every case runs under (`["full"]` unless the tour says).
    public var motion: [Motion] = [.full]
    /// Parts of every frame left out of the comparison.
    public var ignore: [IgnoredRegion] = []
    /// Whether each settled step also keeps its screen-reader tree and spoken words as goldens
    /// (`<case>.semantics.json`, `<case>.spoken.txt`).
    public var semantics = false
    /// With `"semantics": "all"`: each settled step's tree also holds what a dialog (the step's
    /// spotlight, an alert) hides from a screen reader, the app beneath it, so a label changed
    /// anywhere on the screen fails the case.
    public var semanticsBeneathDialogs = false

    /// The defaults of a tour without a `"test"` object.
    public init() {}

    /// Why `folder` (a `goldens` value) would leave the tour file's folder, or nil when it stays
    /// inside: an absolute path, or `..` climbing above where it starts.
    public static func escape(ofFolder folder: String) -> String? {
        if folder.hasPrefix("/") || folder.hasPrefix("~") { return "an absolute path" }
        if folder.utf8.contains(0) { return "a NUL character" }
        var depth = 0
        for part in folder.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 { return "`..` leaves it" }
        }
        return depth == 0 ? "the tour's own folder; name a folder inside it" : nil
    }

    /// The most entries a list of the test object may have (sizes, scales, languages, times, scripts).
    public static let maxEntries = 64
    /// The most commands a test script may have.
    public static let maxScriptLines = 10_000
    /// The most cases a tour's matrix may make.
    public static let maxCases = 100_000

    /// How many cases the matrix makes for `steps` steps in `languages` languages: every step settled
    /// and at each time, and every script, at each size, scale and motion; nil when that overflows.
    public func caseCount(steps: Int, languages: Int) -> Int? {
        let (perStep, o1) = steps.multipliedReportingOverflow(by: 1 + times.count)
        let (each, o2) = perStep.addingReportingOverflow(scripts.count)
        let (sized, o0) = sizes.count.multipliedReportingOverflow(by: scales.count)
        let (screens, o3) = sized.multipliedReportingOverflow(by: max(1, motion.count))
        let (perLanguage, o4) = each.multipliedReportingOverflow(by: screens)
        let (total, o5) = perLanguage.multipliedReportingOverflow(by: max(1, languages))
        return o0 || o1 || o2 || o3 || o4 || o5 ? nil : total
    }
}

extension Tour {
    /// The language codes the tour's titles and texts are given in, English first, else ["en"].
    public var textLanguages: [String] {
        var codes = Set<String>()
        for step in steps { codes.formUnion(step.titles.keys); codes.formUnion(step.texts.keys) }
        codes.formUnion(languageBackgrounds.keys)
        guard !codes.isEmpty else { return ["en"] }
        return codes.sorted { a, b in a == "en" ? b != "en" : (b == "en" ? false : a < b) }
    }
}
