import Raster

/// The parts of a screen that system UI (a status bar, a home indicator) may cover.
public enum SafeArea {
    /// Phone-like portrait screens get an iPhone-like top and bottom inset; desktop-like screens
    /// (wider than tall, or wider than 600 points) get none.
    public static func `default`(for size: Size) -> EdgeInsets {
        let isDesktop = size.width >= size.height || size.width > 600
        return isDesktop ? .zero : EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
    }
}
