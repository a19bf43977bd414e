import Raster

/// Scrolls one content view vertically: clips it, moves it by wheel and by drag, and keeps the offset
/// between 0 and the content's overflow.
///
/// The scroll view takes the size it is offered (its size never depends on the content, so it is a
/// layout boundary); the content gets the width and its ideal height. With `showsScrollBar`, a bar
/// at the trailing edge says that there is more than is in sight, and where the sight is.
public final class ScrollView: View {
    /// How far the content is scrolled, in points (0 = top).
    public private(set) var contentOffset: Double = 0
    /// The content's height at the last layout.
    public private(set) var contentHeight: Double = 0
    private var dragStart: (point: Point, offset: Double)?
    /// A glide to an offset (`scrollIntoView(_:margin:animated:)`), if one runs.
    private var glide: Tween?
    /// Seconds a glide takes.
    public static let glideDuration = 0.35

    /// Whether a bar at the trailing edge shows, while the content is taller than the view, how
    /// much of it is in sight and where (the cue that more is below or above). The content is laid
    /// out `scrollBarGutter` points narrower, so the bar never covers it; dragging the bar scrolls.
    public var showsScrollBar = false { didSet { if showsScrollBar != oldValue { setNeedsLayout(); setNeedsDisplay() } } }
    /// The width kept for the bar at the trailing edge, in points.
    public static let scrollBarGutter = 10.0
    /// The bar's thumb: the share of the content in sight.
    public static let scrollBarColor = Color(red: 0x8E, green: 0x8E, blue: 0x93)
    /// The bar's track: the whole content.
    public static let scrollBarTrackColor = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
    /// A drag of the bar's thumb: where it started and the offset then.
    private var barDrag: (y: Double, offset: Double)?

    /// Scrolls `content`.
    public init(_ content: View) { super.init(children: [content]) }

    /// The scrolled view.
    public var content: View { children[0] }

    /// The largest offset: how much taller the content is than the scroll view.
    public var maxOffset: Double { max(0, contentHeight - frame.height) }

    /// Scrolls to `offset` (clamped to 0...maxOffset).
    public func scroll(to offset: Double) {
        guard offset.isFinite else { return }
        let clamped = min(max(0, offset), maxOffset)
        guard clamped != contentOffset else { return }
        contentOffset = clamped
        setNeedsDisplay()
        setNeedsSubviewLayout()
    }

    /// Scrolls by `dy` points (positive = towards the end).
    public func scroll(by dy: Double) { scroll(to: contentOffset + dy) }

    /// Scrolls so that `view`, a descendant, is fully visible with `margin` points to spare (or its
    /// top is, when it is taller than the scroll view). A view already fully visible stays put.
    /// A virtualized view that is not placed (a grid cell far away) is found where its grid says it
    /// would be, else by paging through the content from the top. Lays out the root as it goes.
    public func scrollIntoView(_ view: View, margin: Double = 8) {
        guard view !== self, view.isDescendant(of: self), let root else { return }
        if let offset = offset(revealing: view, margin: margin) {
            scroll(to: offset)
            root.layoutIfNeeded()
            return
        }
        guard isPlaced, frame.height > 0 else { return }
        // Page through from the top until the view is laid out (bounded by the content's height).
        scroll(to: 0)
        root.layoutIfNeeded()
        let page = max(1, frame.height)
        var pages = 0
        while !view.isPlaced && contentOffset < maxOffset && pages < 1_000_000 {
            scroll(by: page)
            root.layoutIfNeeded()
            pages += 1
        }
        guard view.isPlaced, let offset = offset(revealing: view, margin: margin) else { return }
        scroll(to: offset)
        root.layoutIfNeeded()
    }

    /// The offset at which `view` (a descendant) is fully visible with `margin` to spare, the one
    /// now when it already is: from its frame, or where a virtualized parent says it would be; nil
    /// when that cannot be known without laying the content out at other offsets.
    public func offset(revealing view: View, margin: Double = 8) -> Double? {
        guard view !== self, view.isDescendant(of: self), let root else { return nil }
        root.layoutIfNeeded()
        guard isPlaced, frame.height > 0 else { return nil }
        guard let target = view.isPlaced ? view.frame : prospectiveFrame(ofUnplaced: view) else { return nil }
        guard target.minY < frame.minY || target.maxY > frame.maxY else { return contentOffset }
        var offset = contentOffset
        let m = max(0, min(margin, (frame.height - target.height) / 2))
        if target.minY < frame.minY || target.height + 2 * m > frame.height {
            offset += target.minY - frame.minY - m
        } else {
            offset += target.maxY - frame.maxY + m
        }
        return min(max(0, offset), maxOffset)
    }

    /// Like `scrollIntoView(_:margin:)`, gliding there over `glideDuration` with ease-in-out when
    /// `animated` (a card just added, below the fold). Input on the scroll view stops the glide.
    public func scrollIntoView(_ view: View, margin: Double = 8, animated: Bool) {
        glide = nil
        guard animated, let root, let end = offset(revealing: view, margin: margin) else {
            scrollIntoView(view, margin: margin)
            return
        }
        guard end != contentOffset else { return }
        glide = Tween(from: contentOffset, to: end, start: root.clock.now, duration: ScrollView.glideDuration, easing: .easeInOut)
        startAnimating()
    }

    /// Moves a glide on.
    public override func advanceAnimations(to time: Double) -> Bool {
        guard let glide else { return false }
        scroll(to: glide.value(at: time))
        if glide.isFinished(at: time) { self.glide = nil }
        return self.glide != nil
    }

    /// Where an unplaced descendant would be, from the nearest ancestor that lays out lazily: the
    /// rectangle of the child of that ancestor holding the view (the view's own, when it is one).
    private func prospectiveFrame(ofUnplaced view: View) -> Rect? {
        var child = view
        while let parent = child.parent, parent !== self {
            if let r = parent.prospectiveFrame(of: child) { return r }
            child = parent
        }
        return nil
    }

    /// Its size never depends on the content.
    public override var isLayoutBoundary: Bool { true }
    /// The content is clipped to the frame.
    public override var clipsChildren: Bool { true }

    /// The width the content is laid out at in `width` points: less the bar's gutter when it has one.
    private func contentWidth(_ width: Double) -> Double { showsScrollBar ? max(0, width - ScrollView.scrollBarGutter) : width }

    /// The size offered (the content's ideal height when none is).
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        guard p.width == nil || p.height == nil else { return Size(width: p.width!, height: p.height!) }
        let c = content.measure(ProposedSize(width: p.width.map(contentWidth), height: nil))
        return Size(width: p.width ?? c.width + (showsScrollBar ? ScrollView.scrollBarGutter : 0), height: p.height ?? c.height)
    }

    /// The content at its ideal height, moved up by the offset (beside the bar's gutter).
    public override func placeSubviews(in bounds: Rect) {
        let width = contentWidth(bounds.width)
        let c = content.measure(ProposedSize(width: width, height: nil))
        contentHeight = c.height
        contentOffset = min(max(0, contentOffset), max(0, contentHeight - bounds.height))
        let x = showsScrollBar && layoutDirection == .rightToLeft ? bounds.maxX - width : bounds.minX
        content.place(in: Rect(x: x, y: bounds.minY - contentOffset, width: width, height: c.height))
    }

    /// The bar's track and thumb (screen points), while it shows and the content is taller than the view.
    public var scrollBar: (track: Rect, thumb: Rect)? {
        guard showsScrollBar, isPlaced, maxOffset > 0, contentHeight > 0 else { return nil }
        let width = 4.0, inset = 3.0
        let gutter = ScrollView.scrollBarGutter
        let x = layoutDirection == .rightToLeft ? frame.minX + (gutter - width) / 2 : frame.maxX - (gutter + width) / 2
        let track = Rect(x: x, y: frame.minY + inset, width: width, height: max(0, frame.height - 2 * inset))
        let length = min(track.height, max(24, track.height * frame.height / contentHeight))
        let y = track.minY + (track.height - length) * contentOffset / maxOffset
        return (track, Rect(x: x, y: y, width: width, height: length))
    }

    /// The bar paints over the content.
    public override var hasOwnContent: Bool { showsScrollBar }
    /// Draws the bar's track and thumb, when there is something to scroll.
    public override func drawForeground(in canvas: Canvas) {
        guard let bar = scrollBar else { return }
        canvas.fill(bar.track, cornerRadius: bar.track.width / 2, color: ScrollView.scrollBarTrackColor)
        canvas.fill(bar.thumb, cornerRadius: bar.thumb.width / 2, color: ScrollView.scrollBarColor)
    }

    /// A drag scrolls when there is anything to scroll.
    public override var takesOverDrags: Bool { maxOffset > 0 }

    /// Remembers where a drag starts: on the bar's gutter, the thumb is dragged.
    public override func pointerDown(at point: Point) -> Bool {
        glide = nil
        if let bar = scrollBar, point.x >= bar.track.minX - 3, point.x <= bar.track.maxX + 3 {
            barDrag = (point.y, contentOffset)
            return true
        }
        dragStart = (point, contentOffset)
        return true
    }

    /// Scrolls with the drag (the thumb moves with the pointer; the content against it).
    public override func pointerMoved(to point: Point) {
        if let barDrag, let bar = scrollBar {
            let travel = bar.track.height - bar.thumb.height
            guard travel > 0 else { return }
            scroll(to: barDrag.offset + (point.y - barDrag.y) * maxOffset / travel)
            return
        }
        guard let dragStart else { return }
        scroll(to: dragStart.offset - (point.y - dragStart.point.y))
    }

    /// Ends the drag.
    public override func pointerUp(at point: Point, isTap: Bool) { dragStart = nil; barDrag = nil }
    /// Ends the drag.
    public override func pointerCancelled() { dragStart = nil; barDrag = nil }

    /// Scrolls by the wheel's turn.
    public override func scrollWheel(dy: Double, at point: Point) -> Bool {
        guard maxOffset > 0 else { return false }
        glide = nil
        scroll(by: dy)
        return true
    }
}

extension View {
    /// Asks for the children to be placed again while this view keeps its size (a scroll offset
    /// changed). A placed layout boundary lays out from itself; any other view as `setNeedsLayout()`.
    public func setNeedsSubviewLayout() {
        guard isLayoutBoundary, isPlaced, let root else { setNeedsLayout(); return }
        needsLayout = true
        root.scheduleLayout(of: self)
    }
}
