import Raster

/// A value chosen along a track: a thumb the pointer drags (or a tap moves), the track filled from
/// its start to the thumb. The start is the leading end, so the slider runs right to left under
/// right to left. Arrow keys step it (towards the end increases, whichever side that is; Up
/// increases, Down decreases), Home and End go to the ends; each change runs `onChange`.
/// Assistive technology hears its label, "slider" and its value, and can increment or decrement it.
public final class Slider: View {
    /// The value, within `range`.
    public var value: Double { didSet { if value != oldValue { setNeedsDisplay() } } }
    /// The values it moves within.
    public let range: ClosedRange<Double>
    /// The step of a key press (and what a drag rounds to, when given).
    public let step: Double?
    /// Runs after the pointer or a key changed the value.
    public var onChange: (@MainActor (Double) -> Void)?
    /// A disabled slider ignores the pointer and the keyboard and draws faded.
    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// The filled part's colour.
    public var tint = Palette.tint { didSet { if tint != oldValue { setNeedsDisplay() } } }
    /// What assistive technology calls it ("Volume").
    public var label: String?
    /// How its value reads ("45%", "7"); by default the value, rounded to the step's digits.
    public var formatValue: (@MainActor (Double) -> String)?

    /// The thumb's diameter in points.
    public static let thumbDiameter = 28.0

    /// A slider over `range` at `value`, stepping by `step` (a hundredth of the range when nil).
    public init(value: Double, range: ClosedRange<Double> = 0...1, step: Double? = nil, label: String? = nil,
                onChange: (@MainActor (Double) -> Void)? = nil) {
        let safe = range.lowerBound.isFinite && range.upperBound.isFinite ? range : 0...1
        self.range = safe
        self.value = min(safe.upperBound, max(safe.lowerBound, value.isFinite ? value : safe.lowerBound))
        self.step = step.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.label = label
        self.onChange = onChange
        super.init()
    }

    /// The step a key moves by.
    var keyStep: Double { step ?? (range.upperBound - range.lowerBound) / 100 }

    /// Sets the value (clamped, rounded to the step) and runs `onChange` when it changed.
    private func change(to proposed: Double) {
        var v = min(range.upperBound, max(range.lowerBound, proposed))
        if let step { v = min(range.upperBound, range.lowerBound + ((v - range.lowerBound) / step).rounded() * step) }
        guard v != value else { return }
        value = v
        onChange?(v)
    }

    /// As wide as offered (200 points when nothing is), 44 points tall (a finger's target).
    public override func sizeThatFits(_ p: ProposedSize) -> Size { Size(p.width.flatMap { $0.isFinite ? $0 : nil } ?? 200, 44) }

    /// The part of the frame the thumb's centre travels.
    private var travel: (start: Double, length: Double) {
        let r = Slider.thumbDiameter / 2
        return (frame.minX + r, max(0, frame.width - 2 * r))
    }

    /// Where the value stands along the track, 0 at the start.
    private var fraction: Double {
        let span = range.upperBound - range.lowerBound
        return span > 0 ? (value - range.lowerBound) / span : 0
    }

    /// The thumb's centre, in screen points.
    var thumbCenter: Point {
        let t = travel
        let along = layoutDirection == .rightToLeft ? 1 - fraction : fraction
        return Point(t.start + t.length * along, frame.midY)
    }

    /// The value at the pointer's `x`.
    private func value(atX x: Double) -> Double {
        let t = travel
        guard t.length > 0 else { return value }
        var f = min(1, max(0, (x - t.start) / t.length))
        if layoutDirection == .rightToLeft { f = 1 - f }
        return range.lowerBound + f * (range.upperBound - range.lowerBound)
    }

    /// The track, its filled part and the thumb.
    public override var hasOwnContent: Bool { true }
    /// The thumb's shadow reaches beyond the frame's ends.
    public override var inkOutset: Double { 3 }

    /// Draws the track, its filled part up to the thumb, and the thumb.
    public override func draw(in canvas: Canvas) {
        let t = travel, fade = isEnabled ? 1.0 : 0.5
        let track = Rect(x: t.start, y: frame.midY - 2, width: t.length, height: 4)
        canvas.fill(track, cornerRadius: 2, color: Palette.rowHighlight.withOpacity(fade))
        let c = thumbCenter
        let filled = layoutDirection == .rightToLeft
            ? Rect(x: c.x, y: track.minY, width: track.maxX - c.x, height: 4)
            : Rect(x: track.minX, y: track.minY, width: c.x - track.minX, height: 4)
        if filled.width > 0 { canvas.fill(filled, cornerRadius: 2, color: tint.withOpacity(fade)) }
        let d = Slider.thumbDiameter
        let thumb = Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d)
        canvas.drawShadow(of: thumb, cornerRadius: d / 2, blur: 3, dy: 1, color: Color(white: 0, alpha: 0.25))
        canvas.fill(thumb, cornerRadius: d / 2, color: Color(white: 1, alpha: fade))
    }

    /// Takes the pointer when enabled; the thumb jumps to it.
    public override func pointerDown(at point: Point) -> Bool {
        guard isEnabled else { return false }
        change(to: value(atX: point.x))
        return true
    }
    /// The thumb follows the captured pointer.
    public override func pointerMoved(to point: Point) { change(to: value(atX: point.x)) }
    /// Where the pointer let go.
    public override func pointerUp(at point: Point, isTap: Bool) { change(to: value(atX: point.x)) }

    /// An enabled slider takes the keyboard focus.
    public override var acceptsKeyboardFocus: Bool { isEnabled }
    /// Arrows step it (towards its end increases), Home and End go to the ends.
    public override func keyDown(_ key: Key, modifiers: Modifiers) -> Bool {
        guard isEnabled else { return false }
        let towardsEnd: Key = layoutDirection == .rightToLeft ? .left : .right
        let towardsStart: Key = layoutDirection == .rightToLeft ? .right : .left
        switch key {
        case towardsEnd, .up: return adjust(by: 1)
        case towardsStart, .down: return adjust(by: -1)
        case .home: change(to: range.lowerBound); return true
        case .end: change(to: range.upperBound); return true
        default: return false
        }
    }
    /// Moves `steps` steps (an assistive technology's increment or decrement too).
    public override func adjust(by steps: Int) -> Bool {
        guard isEnabled else { return false }
        change(to: value + Double(steps) * keyStep)
        return true
    }
    /// Moves to `value` (clamped to the range, rounded to the step), as a drag would.
    public override func adjust(to value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        change(to: value)
        return true
    }
    /// The ring goes around the thumb.
    public override var focusOutline: (rect: Rect, shape: Shape) {
        let c = thumbCenter, d = Slider.thumbDiameter
        return (Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d), .circle)
    }

    /// A slider.
    public override var semanticRole: SemanticRole? { .slider }
    /// Its label, when given.
    public override var semanticLabel: String? { label }
    /// Disabled, when it is.
    public override var semanticState: SemanticState { isEnabled ? [] : [.disabled] }
    /// Its value within its range, and how it reads.
    public override var semanticValue: SemanticValue? {
        SemanticValue(current: value, minimum: range.lowerBound, maximum: range.upperBound, text: formatValue?(value) ?? Slider.spell(value, step: keyStep))
    }

    /// `v` with as many decimals as `step` needs (at most three).
    static func spell(_ v: Double, step: Double) -> String {
        var digits = 0, s = step
        while digits < 3, (s - s.rounded()).magnitude > 1e-9 { s *= 10; digits += 1 }
        return digits == 0 && v.magnitude < 1e15 ? String(Int(v.rounded())) : String(format: "%.\(digits)f", v)
    }
}
