import Raster

/// Wrapping shorthands: each returns a new view around the receiver (one view, one job).
extension View {
    /// Names the view for overlays and tour files, and returns it.
    @discardableResult
    public func id(_ id: String) -> Self {
        self.id = id
        return self
    }

    /// Pads the view by `insets`.
    public func padding(_ insets: EdgeInsets) -> Padding { Padding(insets, child: self) }

    /// Pads the view by `length` on every edge.
    public func padding(_ length: Double) -> Padding { Padding(EdgeInsets(all: length), child: self) }

    /// Pads the view by the safe area on `edges`, plus `extra`.
    public func safeAreaPadding(_ edges: Edges, extra: EdgeInsets = .zero) -> SafeAreaPadding {
        SafeAreaPadding(edges, extra: extra, child: self)
    }

    /// A fixed size in either dimension.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> FrameView {
        FrameView(width: width, height: height, alignment: alignment, child: self)
    }

    /// Minimum and maximum sizes (`maxWidth: .infinity` fills the width offered).
    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
                      maxHeight: Double? = nil, alignment: Alignment = .center) -> FrameView {
        FrameView(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
                  alignment: alignment, child: self)
    }

    /// Sizes the view at a width-to-height ratio.
    public func aspectRatio(_ ratio: Double) -> AspectRatioView { AspectRatioView(ratio, child: self) }

    /// Fills `shape` with `color` behind the view.
    public func background(_ color: Color, in shape: Shape = .rect) -> Background {
        Background(color, shape: shape, child: self)
    }

    /// Clips the view to a rounded rectangle.
    public func cornerRadius(_ radius: Double) -> ClipView { ClipView(.roundedRect(cornerRadius: radius), child: self) }

    /// A soft shadow of `shape` behind the view.
    public func shadow(color: Color, radius: Double, x: Double = 0, y: Double = 0, shape: Shape = .rect) -> ShadowView {
        ShadowView(color: color, radius: radius, offset: Point(x, y), shape: shape, child: self)
    }

    /// Draws `overlay` over the view at `alignment`.
    public func overlay(_ overlay: View, alignment: Alignment = .center) -> OverlayView {
        OverlayView(base: self, overlay: overlay, alignment: alignment)
    }
}
