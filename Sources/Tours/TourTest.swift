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
        /// A tolerance from its two parts.
        public init(maxDifferentPixels: Int = 0, maxChannelDelta: Int = 0) {
            self.maxDifferentPixels = maxDifferentPixels
            self.maxChannelDelta = maxChannelDelta
        }
        /// Every pixel the same.
        public static let exact = Tolerance()
    }

    /// A named input script run from the tour's start, and what the state must be at its end.
    public struct Script: Hashable, Sendable {
        /// The script's name: part of its case's name.
        public var name: String
        /// The commands (the replay format), with their lines in the tour file.
        public var script: ReplayScript
        /// What the state must be when the script ends, if anything.
        public var expect: StateExpectation?
        /// The line of `expect` in the tour file (0 when not read from one).
        public var expectLine: Int
        /// A script from its parts.
        public init(name: String, script: ReplayScript, expect: StateExpectation? = nil, expectLine: Int = 0) {
            self.name = name; self.script = script; self.expect = expect; self.expectLine = expectLine
        }
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

    /// The defaults of a tour without a `"test"` object.
    public init() {}
}

extension Tour {
    /// The language codes the tour's titles and texts are given in, English first, else ["en"].
    public var textLanguages: [String] {
        var codes = Set<String>()
        for step in steps { codes.formUnion(step.titles.keys); codes.formUnion(step.texts.keys) }
        guard !codes.isEmpty else { return ["en"] }
        return codes.sorted { a, b in a == "en" ? b != "en" : (b == "en" ? false : a < b) }
    }
}
