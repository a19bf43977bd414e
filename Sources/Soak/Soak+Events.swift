import Demo
import Foundation
import Overlays
import Seeded
import ImageFiles
import Raster
import Tours
import Views

/// The soak's events: a seeded choice of the next input (taps, drags, keys, text, resizes, tours,
/// overlays, languages) and how each is sent to the app.
extension Soak {
    func nextEvent() -> SoakEvent {
        let size = app.root.size
        switch rng.weighted([12, 22, 7, 3, 7, 8, 3, 1, 16, 10, 4, 2, 4, 1]) {
        case 0: return .tap(randomPoint())
        case 1: return .tap(targetPoint())
        case 2:
            let start = rng.chance(0.5) ? targetPoint() : randomPoint()
            var p = start
            var through: [Point] = []
            for _ in 0..<rng.int(in: 1...6) {
                p = Point((p.x + rng.double(in: -60...60)).rounded(), (p.y + rng.double(in: -250...250)).rounded())
                through.append(p)
            }
            return .drag(from: start, through: through)
        case 3:
            let button: PointerButton = rng.chance(0.8) ? .primary : rng.pick([.secondary, .middle])
            switch rng.int(in: 0...2) {
            case 0: return .down(rng.chance(0.5) ? targetPoint() : randomPoint(), button)
            case 1: return .move(randomPoint())
            default: return .up(rng.chance(0.5) ? pointer : randomPoint(), button)
            }
        case 4:
            let dy = rng.chance(0.05) ? rng.pick([-1e7, 1e7, 0]) : rng.double(in: -600...600).rounded()
            return .wheel(dy: dy, at: rng.chance(0.7) ? targetPoint() : randomPoint())
        case 5:
            let keys: [Key] = [.escape, .enter, .tab, .space, .backspace, .left, .right, .up, .down, .character("a")]
            return .key(rng.pick(keys))
        case 6:
            let r = rng.double(in: 0...1)
            if r < 0.15 { return .resize(Size(rng.double(in: 1...160).rounded(), rng.double(in: 1...160).rounded())) }
            if r < 0.3 { return .resize(Size(min(size.height, largestSize.width), min(size.width, largestSize.height))) }
            return .resize(Size(rng.double(in: 280...largestSize.width).rounded(), rng.double(in: 300...largestSize.height).rounded()))
        case 7:
            return .rescale(rng.pick([1, 1, 1.5, 2]))
        case 8:
            let r = rng.double(in: 0...1)
            let ms = r < 0.5 ? rng.double(in: 0...100) : r < 0.85 ? rng.double(in: 100...600) : rng.double(in: 600...3500)
            return .wait(milliseconds: ms.rounded())
        case 9:
            guard let engine, engine.isRunning else {
                return .tourStart(tour: rng.int(in: 0...(tours.count - 1)), step: rng.chance(0.7) ? 0 : rng.int(in: 0...7))
            }
            switch rng.weighted([35, 25, 15, 5, 20]) {
            case 0: return .tourNext
            case 1: return .tourBack
            case 2: return .tourSkip
            case 3: return .tourFinish
            default: return .tourStart(tour: tours.firstIndex(of: engine.tour) ?? 0, step: rng.int(in: 0...7))
            }
        case 10: return .open(rng.pick(MenuAction.allCases))
        case 11:
            return rng.chance(0.6) ? .showFABTip(animated: rng.chance(0.8)) : .scheduleFABTip(milliseconds: rng.double(in: 0...2000).rounded())
        case 12:
            return rng.chance(0.8) ? .dismissTop(animated: rng.chance(0.8)) : .dismissAll(animated: rng.chance(0.8))
        default:
            return .language(rng.pick(Language.allCases.filter { $0 != app.state.language }))
        }
    }

    /// Anywhere on the screen, a little beyond its edges now and then.
    func randomPoint() -> Point {
        let s = app.root.size
        return Point(rng.double(in: -20...(s.width + 20)).rounded(), rng.double(in: -20...(s.height + 20)).rounded())
    }

    /// The overlay views a tap aims at: a bubble's buttons and progress, an alert's OK, a pop-up's ×.
    static let overlayHotSpots: Set<String> = ["overlay.bubble.next", "overlay.bubble.skip", "overlay.bubble.progress",
                                              "overlay.alert.ok", "overlay.popup.close"]
    /// The overlay views that are a card's box.
    static let overlayBoxes: Set<String> = ["overlay.bubble", "overlay.alert", "overlay.popup"]

    /// Somewhere that does something: a view with an id, the top overlay's buttons (found by id) or
    /// its holes.
    func targetPoint() -> Point {
        if let top = app.overlays.top, rng.chance(0.6) {
            let views = top.surfaces.flatMap { $0.content.allIdentifiedViews() }
            var hot = views.filter { Soak.overlayHotSpots.contains($0.id) }.map(\.frame.center)
            if let spot = top as? SpotlightOverlay { hot += spot.displayedHoles.map(\.center) }
            let box = views.first { Soak.overlayBoxes.contains($0.id) }?.frame
            if !hot.isEmpty, rng.chance(0.6) { return jitter(rng.pick(hot), by: 4) }
            if let b = box, !b.isEmpty {
                return Point(rng.double(in: b.minX...b.maxX).rounded(), rng.double(in: b.minY...b.maxY).rounded())
            }
        }
        let views = app.root.allIdentifiedViews().filter { !$0.frame.isEmpty && $0.frame.isFinite }
        guard !views.isEmpty else { return randomPoint() }
        let f = rng.pick(views).frame
        return jitter(f.center, by: min(f.width, f.height) / 4)
    }

    func jitter(_ p: Point, by amount: Double) -> Point {
        guard amount > 0 else { return p }
        return Point((p.x + rng.double(in: -amount...amount)).rounded(), (p.y + rng.double(in: -amount...amount)).rounded())
    }

    func perform(_ event: SoakEvent) throws(SoakFailure) {
        switch event {
        case .tap(let p):
            try send(.pointerDown(p, button: .primary))
            try send(.pointerUp(p, button: .primary))
        case let .drag(from, through):
            try send(.pointerDown(from, button: .primary))
            for p in through { try send(.pointerMove(p)) }
            try send(.pointerUp(through.last ?? from, button: .primary))
        case let .down(p, b): try send(.pointerDown(p, button: b))
        case .move(let p): try send(.pointerMove(p))
        case let .up(p, b): try send(.pointerUp(p, button: b))
        case let .wheel(dy, p): try send(.wheel(dy: dy, at: p))
        case .key(let k): try send(.key(k))
        case .resize(let s): app.root.send(.resize(s))
        case .rescale(let s):
            try? app.root.resize(to: app.root.size, scale: s)
        case .wait(let ms):
            clock.advance(by: ms / 1000) { settle() }
        case let .tourStart(t, step):
            if let engine, engine.isRunning, engine.tour == tours[t] {
                engine.go(to: step)
            } else {
                let e = TourEngine(tour: tours[t], host: app)
                e.onEvent = { [weak self] event in
                    switch event {
                    case .finished: self?.stats.toursFinished += 1
                    case .skipped, .dismissed: self?.stats.toursSkipped += 1
                    default: break
                    }
                }
                engine = e
                stats.toursStarted += 1
                e.start(at: step, animated: rng.chance(0.8))
            }
        case .tourNext: engine?.next()
        case .tourBack: engine?.previous()
        case .tourSkip: engine?.skip()
        case .tourFinish: engine?.finish()
        case .open(let action): app.open(action)
        case .showFABTip(let animated): app.showFABTip(animated: animated)
        case .scheduleFABTip(let ms): app.scheduleFABTip(after: ms / 1000)
        case .dismissTop(let animated): app.overlays.top?.dismiss(animated: animated)
        case .dismissAll(let animated): app.overlays.dismissAll(animated: animated)
        case .language(let l): app.setLanguage(l)
        }
    }
}
