import Raster
import Views

/// The holes of a dim layer, from geometry to pixels: one mask per hole, the areas that change when
/// the holes move, hit tests on the drawn coverage, and the dim through all of them. The spotlight
/// and the alert both dim through one.
@MainActor
final class HoleSet {
    /// One mask per hole shown, in order.
    private(set) var masks: [HoleMask] = []

    /// The geometries shown now (screen points).
    var geometries: [HoleGeometry] { masks.map(\.geometry) }

    /// Shows `geometries` on `root`'s screen and invalidates what the change touches: only what the
    /// holes change, less what is clear before and after. Nothing happens when they are the same.
    func show(_ geometries: [HoleGeometry], root: ViewRoot) {
        let clip = root.deviceBounds
        guard geometries != self.geometries || masks.first?.scale != root.scale || masks.first?.clip != clip else { return }
        let old = masks
        masks = geometries.map { HoleMask(geometry: $0, scale: root.scale, clip: clip) }
        for r in HoleMask.changedAreas(from: old, to: masks) { root.invalidateComposite(rect: r) }
    }

    /// The mask of the hole drawn with `geometry`, made for this screen when none is shown.
    func mask(for geometry: HoleGeometry, root: ViewRoot) -> HoleMask {
        masks.first { $0.geometry == geometry } ?? HoleMask(geometry: geometry, scale: root.scale, clip: root.deviceBounds)
    }

    /// Whether `point` (screen points) is inside a drawn hole (at least half clear).
    func contains(_ point: Point) -> Bool { masks.contains { $0.contains(point) } }

    /// Dims `source` into `frame` over `region` (device pixels) with `color` at `opacity`, leaving
    /// the holes clear.
    func dim(from source: Pixmap, into frame: Pixmap, region: IntRect, color: Color, opacity: Double) {
        DimBlend(color: color, opacity: opacity)
            .apply(from: source, into: frame, region: region, holes: masks.compactMap { $0.coverage(in: region) })
    }
}
