import Raster

/// How far a piece of work has come: a thin capsule track filled from its leading end (the right,
/// under right to left) in proportion to `progress`. Assistive technology hears its label,
/// "progress bar" and the percentage.
public final class ProgressBar: View {
    /// 0 (nothing done) to 1 (all done); values outside are clamped.
    public var progress: Double {
        didSet {
            let clamped = ProgressBar.clamp(progress)
            if clamped != progress { progress = clamped }
            if progress != oldValue { setNeedsDisplay() }
        }
    }
    /// The filled part's colour.
    public var tint = Palette.tint { didSet { if tint != oldValue { setNeedsDisplay() } } }
    /// What assistive technology calls it ("Download").
    public var label: String?

    /// A bar `progress` of the way done.
    public init(progress: Double, label: String? = nil) {
        self.progress = ProgressBar.clamp(progress)
        self.label = label
        super.init()
    }

    static func clamp(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }

    /// As wide as offered (200 points when nothing is), 4 points tall.
    public override func sizeThatFits(_ p: ProposedSize) -> Size { Size(p.width.flatMap { $0.isFinite ? $0 : nil } ?? 200, 4) }

    /// The track and its filled part.
    public override var hasOwnContent: Bool { true }

    /// Draws the track, and over it the part done from the leading end.
    public override func draw(in canvas: Canvas) {
        let track = Rect(x: frame.minX, y: frame.midY - 2, width: frame.width, height: 4)
        canvas.fill(track, cornerRadius: 2, color: Palette.rowHighlight)
        let w = track.width * progress
        guard w > 0 else { return }
        let done = Rect(x: track.x(ofLeadingOffset: 0, width: w, direction: layoutDirection), y: track.minY, width: w, height: 4)
        canvas.fill(done, cornerRadius: 2, color: tint)
    }

    /// A progress bar.
    public override var semanticRole: SemanticRole? { .progressBar }
    /// Its label, when given.
    public override var semanticLabel: String? { label }
    /// The progress, 0 to 1, read as a percentage.
    public override var semanticValue: SemanticValue? {
        SemanticValue(current: progress, minimum: 0, maximum: 1, text: "\(Int((progress * 100).rounded()))%")
    }
}
