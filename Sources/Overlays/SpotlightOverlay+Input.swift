import Raster
import Views

/// The spotlight's input: presses (on the bubble, through a hole, on the dim) judged by its tap
/// policy, and the keys for Next, Back and dismiss.
extension SpotlightOverlay {
    /// Whether `p` (screen points) is inside a drawn hole.
    public func holeContains(_ p: Point) -> Bool { holeSet.contains(p) }

    /// Whether `p` is on the bubble (its box or its tail).
    public func bubbleContains(_ p: Point) -> Bool { bubble?.layout?.contains(p) ?? false }

    func advance(by cause: AdvanceCause) { request(.advance(cause)) }

    func request(_ action: SpotlightAction) {
        if let onAction { onAction(action); return }
        switch action {
        case .advance, .dismiss: dismiss()
        case .back, .button: break
        }
    }

    /// Routes presses on the bubble into it, passes taps in a hole through as the tap policy says, and maps keys to Next, Back and dismiss.
    func handleInput(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        switch event {
        case let .pointerDown(p, button, _):
            guard button == .primary else { return .consumed }
            press.begin(event, at: p, card: bubble?.card, root: root) {
                guard holeContains(p) else { return .outside }
                return tapPolicy.inside == .passThroughAndAdvance || tapPolicy.inside == .passThrough ? .passing : .inside
            }
            if case .elsewhere(.passing, _) = press.state { root.sendToContent(event) }
            return .consumed
        case .pointerMove:
            switch press.state {
            case .card: bubble?.card.route(event, root: root)
            case .elsewhere(.passing, _): root.sendToContent(event)
            default: break
            }
            return .consumed
        case let .pointerUp(p, button):
            guard button == .primary else { return .consumed }
            switch press.end() {
            case .none:
                break
            case .card:
                bubble?.card.route(event, root: root)
            case .elsewhere(.passing, let origin):
                root.sendToContent(event)
                if tapPolicy.inside == .passThroughAndAdvance, isTap(origin, p, root), holeContains(p) { advance(by: .target) }
            case .elsewhere(.inside, let origin):
                if isTap(origin, p, root) && holeContains(p) { perform(tapPolicy.inside) }
            case .elsewhere(.outside, let origin):
                if isTap(origin, p, root) && !holeContains(p) && !bubbleContains(p) { perform(tapPolicy.outside) }
            }
            return .consumed
        case .wheel:
            return .consumed
        case .key(let key, _):
            switch key {
            case .escape: request(.dismiss)
            case .enter, .right: advance(by: .key)
            case .left: request(.back)
            default: break
            }
            return .consumed
        case .text, .composition:
            return .consumed
        case .resize:
            return .passThrough
        }
    }

    private func isTap(_ a: Point, _ b: Point, _ root: ViewRoot) -> Bool { OverlayPress<PressRegion>.isTap(from: a, to: b, root: root) }

    private func perform(_ outside: TapPolicy.Outside) {
        switch outside {
        case .dismiss: request(.dismiss)
        case .advance: advance(by: .tap)
        case .ignore: break
        }
    }

    private func perform(_ inside: TapPolicy.Inside) {
        switch inside {
        case .dismiss: request(.dismiss)
        case .advance, .passThroughAndAdvance: advance(by: .tap)
        case .ignore, .passThrough: break
        }
    }
}
