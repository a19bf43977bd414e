import Overlays
import Raster

/// A tutorial flow read from a tour file: a dim layer and a list of steps, each a spotlight on
/// one or more targets with an optional coach-mark bubble. See the README's "Tour files" section;
/// every key is declared once, in `TourSchema`.
public struct Tour: Hashable, Sendable {
    /// The tour's name: what saved progress records and reports show.
    public var id: String
    /// The dim layer's colour (opaque; see `dimOpacity`).
    public var dimColor: Color
    /// How the tour's bubbles look (steps may change it).
    public var theme = TourTheme()
    /// When the tour shows, by saved progress (`show`, `after`).
    public var show = ShowRule()
    /// The line of `after` in the tour's file (0 when not read from one), for messages.
    public var afterLine = 0
    /// The line of `show.afterEvent` (0 when not read from one), for messages.
    public var afterEventLine = 0
    /// The dim layer's opacity, 0...1.
    public var dimOpacity: Double
    /// Whether bubbles show "2 / 4" and progress dots.
    public var showsProgress: Bool
    /// Whether the tour can be left early: a Skip button in bubbles, and Escape.
    public var allowsSkip: Bool
    /// The app the tour runs over, as written in the file: a screens file, relative to the tour
    /// file's folder (nil: the command's app).
    public var app: String?
    /// The line of `app`.
    public var appLine = 0
    /// A PNG screenshot to run over instead of the app, as written in the file (relative to
    /// the tour file's folder).
    public var background: String?
    /// Screenshots of the same screen in other languages, by language tag (`background` given as
    /// `{"en": "home-en.png", "ja": "home-ja.png"}`: `background` is then the first tag's).
    public var languageBackgrounds: [String: String] = [:]
    /// The line of `background`.
    public var backgroundLine = 0
    /// The steps, in order; never empty once loaded.
    public var steps: [TourStep]
    /// The experiment's name (nil: the tour's id), its arms and its holdout share (see `Experiment`).
    public var experiment: String?
    /// The experiment's arms, in the file's order.
    public var variants: [Experiment.Variant] = []
    /// The share of users held out of the tour.
    public var holdout = 0.0
    /// What `limelight test` runs for the tour.
    public var test = TourTest()
    /// The screen the tour is made for (a screenshot's own size and scale), when the file says.
    public var screen: ScreenSpec?
    /// Whether `rect` and `rects` are in points or in the screenshot's pixels.
    public var rectUnits = RectUnits.points

    /// What a tour's `"screen"` says: the size in points (nil: the screenshot's pixels divided by
    /// the scale) and the scale.
    public struct ScreenSpec: Hashable, Sendable {
        /// The screen's size in points, when given.
        public var size: Size?
        /// Device pixels per point.
        public var scale: Double
        /// A screen from its parts.
        public init(size: Size? = nil, scale: Double = 1) { self.size = size; self.scale = scale }
    }

    /// The units of rectangle targets.
    public enum RectUnits: String, Hashable, Sendable, CaseIterable {
        /// Screen points (the default).
        case points
        /// The screenshot's pixels (points × the screen's scale), as measured on the image.
        case pixels
    }

    /// A tour; the defaults are those of a file that leaves the keys out.
    public init(id: String, dimColor: Color = .black, dimOpacity: Double = 0.5, showsProgress: Bool = false,
                allowsSkip: Bool = true, background: String? = nil, steps: [TourStep]) {
        self.id = id; self.dimColor = dimColor; self.dimOpacity = dimOpacity; self.showsProgress = showsProgress
        self.allowsSkip = allowsSkip; self.background = background; self.steps = steps
    }
}

/// What moves a step on.
public enum AdvanceTrigger: String, CaseIterable, Hashable, Sendable {
    /// A tap anywhere (holes and dim alike).
    case tapAnywhere
    /// A tap on the target, which also reaches the target.
    case tapTarget
    /// The bubble's Next button (or Enter and Right).
    case nextButton
    /// The app reaching a state (`advanceOn: {"event": "tab = menu"}`): the user does it themselves.
    case event
}

/// Where a step's button (or its event) leads.
public enum StepGoto: Hashable, Sendable {
    /// The step after this one (the end after the last).
    case next
    /// The end of the tour (finished).
    case end
    /// The step with this `id`.
    case step(String)
}

/// A button of a step's bubble that leads somewhere (`buttons`).
public struct StepButton: Hashable, Sendable {
    /// The title in the default language.
    public var title: String
    /// Titles by language code.
    public var titles: [String: String]
    /// Where it leads.
    public var goto: StepGoto
    /// The line of its `goto`, for messages.
    public var line: Int

    /// A button titled `title` leading to `goto`.
    public init(title: String, titles: [String: String] = [:], goto: StepGoto, line: Int = 0) {
        self.title = title; self.titles = titles; self.goto = goto; self.line = line
    }

    /// The title in `language` (or the nearest tag), else the default.
    public func title(in language: String?) -> String { LanguageTag.text(in: titles, language: language, base: title) ?? title }
}

/// What a step does when its target is still missing after its `waitFor`.
public enum MissingTargetAction: String, CaseIterable, Hashable, Sendable {
    /// The step is passed over: the tour goes on with the next one (or finishes after the last).
    case skip
    /// The tour ends there.
    case end
    /// The bubble shows in the middle of the screen, with no hole.
    case center
}

/// One step of a tour: the spotlight's holes, in the overlay's own terms, and the bubble's text.
public struct TourStep: Hashable, Sendable {
    /// The targets, one hole each (a path shape draws a single hole).
    public var targets: [HoleTarget]
    /// The outline of every hole (a rounded rectangle carries its corner radius).
    public var shape: HoleShape
    /// Space between target and hole edge, in points.
    public var padding: Double
    /// Width of the holes' soft edge, in points.
    public var feather: Double
    /// The bubble's title in the default language.
    public var title: String?
    /// The bubble's text in the default language; a step without text shows no bubble.
    public var text: String?
    /// Titles by language code ("en", "ja"), when the file gives them per language.
    public var titles: [String: String] = [:]
    /// Texts by language code, when the file gives them per language.
    public var texts: [String: String] = [:]
    /// What a screen reader calls the step's target, in the default language: a `rect` over a
    /// screenshot has no other name.
    public var label: String?
    /// Labels by language code, when the file gives them per language.
    public var labels: [String: String] = [:]
    /// Which side of the target the bubble prefers.
    public var placement: BubblePlacement
    /// What moves the step on.
    public var advanceOn: AdvanceTrigger
    /// With `nextButton`: presses and drags in the holes reach the targets (a slider to try, a
    /// list to scroll) while the step waits for Next.
    public var targetIsInteractive = false
    /// The tab to switch to before the step shows; nil keeps the previous step's tab.
    public var tab: String?
    /// Whether a target scrolled out of view is scrolled into view first.
    public var scrollsIntoView: Bool
    /// Milliseconds the step waits, the dim up and no bubble, for a target that is not laid out
    /// (a card not added yet) or went away, before `ifMissing`.
    public var waitFor: Double = 3000
    /// What happens when the wait is over and a target is still missing.
    public var ifMissing: MissingTargetAction = .skip
    /// The step's name, for `goto`.
    public var id: String?
    /// The state the app must be in before the step shows (all of them); until then the tour waits
    /// with nothing on screen and the app works as usual.
    public var showWhen: [TourCondition] = []
    /// With `advanceOn: {"event": …}`: the state that moves the step on.
    public var advanceConditions: [TourCondition] = []
    /// With `advanceOn: {"event": …, "goto": …}`: where it moves on to (nil: the next step).
    public var advanceGoto: StepGoto?
    /// Buttons that lead somewhere, instead of Next (at most three).
    public var buttons: [StepButton] = []
    /// The gesture shown on the target (`demo`), if any.
    public var demo: GestureDemo?
    /// The line of `demo` in the file (0 when not read from one).
    public var demoLine = 0
    /// What the step changes of its tour's theme.
    public var theme: TourTheme?
    /// The step's content version as the file gives it (nil: a digest of its content).
    public var version: String?
    /// A line around each of the step's holes.
    public var outline: HoleOutline?
    /// Whether the step is a hotspot: a pulsing beacon on its target, no dim, until tapped.
    public var isHotspot = false
    /// Hotspot steps in a row with the same group are up at once.
    public var group: String?
    /// A screenshot of its own for the step (a tour over screenshots of several screens), relative
    /// to the tour file's folder; later steps keep it until one gives another.
    public var background: String?
    /// The line of the step's `background`.
    public var backgroundLine = 0
    /// The screens shown over the step's tab, bottom first, as buttons that open them show them
    /// (`go`); later steps stay on them until another `tab` or `go`. Empty: the tab's own screen.
    public var go: [String] = []
    /// Where the step was written, for messages about it.
    public var source: SourceLines
    /// A corner radius for each target of `rects` that gives its own (nil: the step's shape).
    public var targetCornerRadii: [Double?] = []
    /// For each target written as an object of anchors, its anchors (nil: an id or a rectangle);
    /// `targets` holds its query in the default language.
    public var targetAnchors: [TargetAnchors?] = []

    /// Lines of a step's parts in its file (0 when the step was not read from a file).
    public struct SourceLines: Hashable, Sendable {
        /// The line of the step's opening brace.
        public var step: Int
        /// One line per entry of `targets`.
        public var targets: [Int]
        /// The line of the `tab` value.
        public var tab: Int
        /// The line of the `go` value.
        public var go = 0
        /// The JSON path of each target (`steps[2].target`, `steps[3].targets[1]`).
        public var targetPaths: [String]
        /// Each condition of `showWhen` and `advanceOn` with its line and path, for the check.
        public var conditions: [ConditionSource] = []
        /// The line of the step's `id`.
        public var id = 0
        /// Lines and paths as given.
        public init(step: Int = 0, targets: [Int] = [], tab: Int = 0, targetPaths: [String] = []) {
            self.step = step; self.targets = targets; self.tab = tab; self.targetPaths = targetPaths
        }
    }

    /// Where a condition was written.
    public struct ConditionSource: Hashable, Sendable {
        /// The condition.
        public var condition: TourCondition
        /// Its line.
        public var line: Int
        /// Its JSON path.
        public var path: String
    }

    /// The corner radius a rounded rectangle gets when the file gives none.
    public static let defaultCornerRadius = 12.0
    /// The room between a target and its hole's edge when the file gives none, in points.
    public static let defaultPadding = 8.0

    /// A step; the defaults are those of a file that leaves the keys out.
    public init(targets: [HoleTarget], shape: HoleShape = .roundedRect(cornerRadius: TourStep.defaultCornerRadius),
                padding: Double = TourStep.defaultPadding, feather: Double = 0, title: String? = nil, text: String? = nil,
                placement: BubblePlacement = .auto, advanceOn: AdvanceTrigger = .nextButton, tab: String? = nil,
                scrollsIntoView: Bool = true, source: SourceLines = SourceLines()) {
        self.targets = targets; self.shape = shape; self.padding = padding; self.feather = feather
        self.title = title; self.text = text; self.placement = placement
        self.advanceOn = advanceOn; self.tab = tab; self.scrollsIntoView = scrollsIntoView; self.source = source
    }

    /// Whether the step shows a bubble (it has text).
    public var showsBubble: Bool { !(text ?? "").isEmpty }

    /// The step's holes: one per target, or one for a path.
    public var holes: [Hole] {
        let shown = { if case .path = shape { return Array(targets.prefix(1)) } else { return targets } }()
        return shown.enumerated().map { i, target in
            let own = i < targetCornerRadii.count ? targetCornerRadii[i] : nil
            return Hole(target: target, shape: own.map { .roundedRect(cornerRadius: $0) } ?? shape, padding: padding, feather: feather)
        }
    }

    /// Every rectangle target multiplied by `factor` (screenshot pixels to points).
    public mutating func scaleRects(by factor: Double) {
        mapRects { r in Rect(x: r.minX * factor, y: r.minY * factor, width: r.width * factor, height: r.height * factor) }
    }

    /// Every rectangle target moved by `transform`.
    public mutating func mapRects(_ transform: (Rect) -> Rect) {
        targets = targets.map { t in
            if case .rect(let r) = t { return .rect(transform(r)) }
            return t
        }
    }

    /// The tab the step says it is on: its `tab`, else the tab its `showWhen` waits for.
    public var ownTab: String? {
        tab ?? showWhen.first { $0.key == "tab" && $0.comparison == .equal }?.value
    }

    /// The tab the step leaves the app on for the next one: the tab its event moves on at.
    public var tabAfter: String? {
        advanceOn == .event ? advanceConditions.first { $0.key == "tab" && $0.comparison == .equal }?.value : nil
    }

    /// The holes in `language`: anchored targets as queries in it, each hole named by the step's
    /// label in it, when it has one.
    public func holes(in language: String?) -> [Hole] {
        let name = LanguageTag.text(in: labels, language: language, base: label)
        let targets = holeTargets(in: language)
        return holes.enumerated().map { i, hole in
            var h = hole
            h.label = name; h.outline = outline
            if i < targets.count { h.target = targets[i] }
            // A part of a picture named on its own: its role and name.
            if case .rect = h.target, let own = anchors(ofTarget: i) {
                h.role = own.role
                if let named = LanguageTag.text(in: own.names, language: language, base: own.name) { h.label = named }
            }
            return h
        }
    }

    /// The title in `language` (or the nearest tag it falls back to), else the default one.
    public func title(in language: String?) -> String? { LanguageTag.text(in: titles, language: language, base: title) }
    /// The text in `language` (or the nearest tag it falls back to), else the default one.
    public func text(in language: String?) -> String? { LanguageTag.text(in: texts, language: language, base: text) }
}

extension Tour {
    /// The tour with only the steps at `indices` (in order), as shown to someone who saw the rest.
    public func keepingSteps(_ indices: [Int]) -> Tour {
        var t = self
        t.steps = indices.filter { steps.indices.contains($0) }.map { steps[$0] }
        return t
    }
}
