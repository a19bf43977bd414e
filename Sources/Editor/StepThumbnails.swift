import Raster
import Tours
import Views

/// Small pictures of each step as it will look, for the step strip: made on a stage of their own
/// (never the one being edited), and made again only for steps whose JSON, tab or the tour's own
/// keys changed.
@MainActor
final class StepThumbnails {
    /// The box a thumbnail fits in, in points: a phone's screen is as tall as it, a desktop's as wide.
    static let size = Size(96, 80)

    private let makeStage: @MainActor () -> (any TourHost)?
    private var stage: (any TourHost)?
    private var walk: TourWalkLite?
    private var cache: [Int: (key: String, image: Pixmap)] = [:]

    /// The editor's scale: thumbnails have its pixels per point.
    var thumbnailScale = 1.0

    /// Thumbnails made on stages from `makeStage`.
    init(makeStage: @escaping @MainActor () -> (any TourHost)?) { self.makeStage = makeStage }

    /// Forgets every thumbnail and the stage they were made on (the tour's screen changed).
    func reset() {
        cache.removeAll()
        walk = nil
        stage = nil
    }

    /// The thumbnail of step `index` of `tour` (its JSON text is `stepText`; `header` stands for
    /// everything of the tour but its steps), on the screen it runs on: its own screenshot or the
    /// last one an earlier step gave (`screens`, by step, over a tour of screenshots), its tab or
    /// its app's screen. From the cache when nothing it shows changed.
    func image(ofStep index: Int, of tour: Tour, stepText: String, header: String, screens: [Int: Pixmap] = [:]) -> Pixmap? {
        let screen = StepThumbnails.screen(ofStep: index, in: screens).map { "\(ObjectIdentifier($0)) \($0.width)x\($0.height)" } ?? ""
        let key = header + "\u{0}" + stepText + "\u{0}" + (tour.steps.indices.contains(index) ? (tourTab(tour, index) ?? "") : "") + "\u{0}" + screen
        if let hit = cache[index], hit.key == key { return hit.image }
        guard tour.steps.indices.contains(index) else { return nil }
        if stage == nil {
            stage = makeStage()
            // Drawn at about twice the thumbnail's pixels (area-averaged down), not the screen's:
            // a keystroke's new thumbnail of a @3x screen costs a few hundred thousand pixels, not millions.
            if let root = stage?.root {
                let fit = min(StepThumbnails.size.width / root.size.width, StepThumbnails.size.height / root.size.height)
                let scale = max(ViewRoot.scaleRange.lowerBound, min(root.scale, 2 * fit * thumbnailScale))
                try? root.resize(to: root.size, scale: scale, safeArea: root.safeArea)
            }
        }
        guard let stage else { return nil }
        if let shot = stage.pictures, !StepThumbnails.same(shot.stepImages, screens) { shot.stepImages = screens }
        if walk == nil { walk = TourWalkLite(tour: tour, stage: stage) } else if walk!.engine.tour != tour { walk!.engine.replace(with: tour, animated: false) }
        guard let frame = walk?.frame(ofStep: index) else { return nil }
        let image = Storyboard.thumbnail(of: frame, limit: Size(StepThumbnails.size.width * thumbnailScale, StepThumbnails.size.height * thumbnailScale))
        cache[index] = (key, image)
        return image
    }

    /// The screenshot step `index` runs on among `screens` (by step): its own, else the last an
    /// earlier step gave; nil for the tour's own.
    static func screen(ofStep index: Int, in screens: [Int: Pixmap]) -> Pixmap? {
        screens.filter { $0.key <= index }.max { $0.key < $1.key }?.value
    }

    /// Whether two sets of step screens are the same images for the same steps.
    static func same(_ a: [Int: Pixmap], _ b: [Int: Pixmap]) -> Bool {
        a.count == b.count && a.allSatisfy { step, image in b[step] === image }
    }

    /// Forgets thumbnails past `count` steps.
    func trim(to count: Int) { cache = cache.filter { $0.key < count } }

    private func tourTab(_ tour: Tour, _ index: Int) -> String? {
        var tab: String?
        for i in 0...index where tour.steps[i].tab != nil { tab = tour.steps[i].tab }
        return tab
    }
}

/// A tour shown step by step on a stage, settled, for thumbnails (what `TourWalk` does headless,
/// without its virtual clock: the stage runs on the editor's clock, so animations are skipped).
@MainActor
final class TourWalkLite {
    let engine: TourEngine
    let stage: any TourHost
    private var pixels: Pixmap?

    init(tour: Tour, stage: any TourHost) {
        self.stage = stage
        engine = TourEngine(tour: tour, host: stage)
    }

    /// The frame of step `index`, settled.
    func frame(ofStep index: Int) -> Pixmap? {
        if engine.isRunning { engine.go(to: index, animated: false) } else { engine.start(at: index, animated: false) }
        // The step's own screen at once: the engine cross-fades to it, and a thumbnail is one frame.
        stage.showScreen(forStep: index, animated: false)
        if pixels == nil { pixels = try? stage.root.makePixmap() }
        guard let pixels else { return nil }
        stage.root.frame(into: pixels)
        return pixels
    }
}
