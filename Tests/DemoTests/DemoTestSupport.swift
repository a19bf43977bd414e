import Foundation
import Raster
import Views
@testable import Demo

/// The repository's assets/images folder, found from this file's path.
func assetImagesFolder(filePath: String = #filePath) -> String {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/images").path
}

/// Small solid images standing in for the illustrations in layout and repaint tests.
func solidImages() -> [String: Pixmap] {
    let colors: [String: Color] = ["mountains": Color(hex: "#4A90C2")!, "city": Color(hex: "#3A3560")!,
                                   "forest": Color(hex: "#3E7B47")!, "ocean": Color(hex: "#2F9ED8")!]
    return colors.mapValues { try! Pixmap(width: 8, height: 6, fill: $0) } // 8x6 is a valid size
}

/// The sample app with the fixed-metric engine.
@MainActor
func makeApp(_ size: Size, scale: Double = 1, language: Language = .en) throws -> DemoApp {
    try DemoApp(size: size, scale: scale, language: language, textEngine: FixedMetricTextEngine(), images: solidImages())
}

extension DemoApp {
    /// The frame of the view with `id` after layout (zero when there is none).
    func frame(of id: String) -> Rect {
        root.frame(into: nil)
        return root.view(withID: id)?.frame ?? .zero
    }

    /// A tap at the centre of the view with `id`.
    func tap(_ id: String) {
        tap(at: frame(of: id).center)
    }

    /// A pointer down and up at `point`.
    func tap(at point: Point) {
        root.send(.pointerDown(point, button: .primary))
        root.send(.pointerUp(point, button: .primary))
    }

    /// How many cards the grid holds.
    var cardCount: Int { (root.view(withID: "grid") as? Grid)?.children.count ?? 0 }
}
