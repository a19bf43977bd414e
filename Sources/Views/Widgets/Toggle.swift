import Raster

/// A switch, on or off: a capsule track with a round thumb that slides to the trailing end when on
/// (the leading end when off; mirrored under right to left) and a track that fills with `onColor`.
/// A tap, Enter or Space flips it and runs `onChange`; the thumb slides over 0.2 s (at once under
/// reduced motion). Assistive technology hears its label, "switch" and "on" or "off".
public final class Toggle: TwoStateControl {
    /// Whether it is on.
    public var isOn: Bool {
        get { isSet }
        set { isSet = newValue }
    }
    /// The track's colour when on.
    public var onColor = Toggle.green { didSet { if onColor != oldValue { setNeedsDisplay() } } }
    /// What assistive technology calls it ("Wi-Fi"), when no label around it does.
    public var label: String? { didSet { setNeedsDisplay() } }

    /// The switch's size in points.
    public static let size = Size(51, 31)
    /// The on colour of iOS switches (#34C759).
    public static let green = Color(red: 0x34, green: 0xC7, blue: 0x59)
    /// The off track (#E9E9EB).
    static let offTrack = Color(red: 0xE9, green: 0xE9, blue: 0xEB)
    /// Seconds the thumb takes to slide.
    public static let slideDuration = 0.2

    /// 0 off … 1 on, as drawn now.
    private var position: Double
    private var slideTween: Tween?

    /// A switch, on or off, that runs `onChange` when flipped.
    public init(isOn: Bool = false, label: String? = nil, onChange: (@MainActor (Bool) -> Void)? = nil) {
        self.label = label
        position = isOn ? 1 : 0
        super.init(isSet: isOn, onChange: onChange)
    }

    /// The thumb slides to its new end.
    override func stateDidChange() { slide(to: isOn ? 1 : 0) }

    private func slide(to target: Double) {
        guard let root, !root.reducesMotion else {
            position = target
            slideTween = nil
            setNeedsDisplay()
            return
        }
        slideTween = Tween(from: position, to: target, start: root.clock.now, duration: Toggle.slideDuration, easing: .easeInOut)
        startAnimating()
    }

    /// `a` turning into `b`, `t` of the way.
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * min(1, max(0, t))).rounded()) }
        return Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue), alpha: channel(a.alpha, b.alpha))
    }

    /// Moves the thumb on; the last frame shows it at its end.
    public override func advanceAnimations(to time: Double) -> Bool {
        guard let tween = slideTween else { return false }
        position = tween.value(at: time)
        setNeedsDisplay()
        if tween.isFinished(at: time) { slideTween = nil; return false }
        return true
    }

    /// Always its own size (a switch does not stretch).
    public override func sizeThatFits(_ proposal: ProposedSize) -> Size { Toggle.size }

    /// The track and thumb.
    public override var hasOwnContent: Bool { true }
    /// The thumb's shadow reaches a little beyond the track.
    public override var inkOutset: Double { 3 }

    /// Draws the track (its fill fading in with the thumb) and the thumb where it stands now.
    public override func draw(in canvas: Canvas) {
        let track = frame.aligned(Toggle.size, .center)
        let fade = isEnabled ? 1.0 : 0.5
        // One fill of the two colours mixed (two fills over each other would show the first at the edge).
        canvas.fill(track, cornerRadius: track.height / 2, color: Toggle.mix(Toggle.offTrack, onColor, position).withOpacity(fade))
        let d = track.height - 4
        // 0 is the leading end: the left, or the right under right to left.
        let leadingX = layoutDirection == .rightToLeft ? track.maxX - 2 - d : track.minX + 2
        let travel = (track.width - 4 - d) * (layoutDirection == .rightToLeft ? -1 : 1)
        let thumb = Rect(x: leadingX + travel * position, y: track.minY + 2, width: d, height: d)
        canvas.drawShadow(of: thumb, cornerRadius: d / 2, blur: 2, dy: 1, color: Color(white: 0, alpha: 0.25))
        canvas.fill(thumb, cornerRadius: d / 2, color: Color(white: 1, alpha: fade))
    }

    /// The track's capsule.
    public override func contains(_ point: Point) -> Bool { frame.insetBy(dx: -6, dy: -6).contains(point) }
    /// The ring follows the capsule.
    public override var focusOutline: (rect: Rect, shape: Shape) { (frame.aligned(Toggle.size, .center), .capsule) }

    /// A switch.
    public override var semanticRole: SemanticRole? { .toggle }
    /// Its label, when given.
    public override var semanticLabel: String? { label }
    /// 1 when on, 0 when off.
    public override var semanticValue: SemanticValue? {
        SemanticValue(current: isOn ? 1 : 0, minimum: 0, maximum: 1, text: isOn ? "on" : "off")
    }
}
