import Raster
import Views

/// Every step of a tour side by side on one image, numbered and titled, for reviews.
///
/// Frames are shrunk (area-averaged) to fit `thumbnailSize`, at most `columns` to a row; a screen
/// larger than a phone's keeps at least `minimumPanelScale` pixels a point (`Layout.forScreen`), so
/// its text stays readable on fewer panels a sheet. Each sits on a soft shadow above a numbered
/// badge and the step's title (two lines at most).
@MainActor
public enum Storyboard {
    /// One picture of the storyboard and its caption.
    public struct Panel {
        /// The step's rendered frame.
        public var image: Pixmap
        /// The caption under it (the step's title).
        public var title: String
        /// A panel.
        public init(image: Pixmap, title: String) { self.image = image; self.title = title }
    }

    /// The largest a thumbnail may be, in pixels.
    public nonisolated static let thumbnailSize = Size(360, 480)
    /// Panels per row.
    public nonisolated static let columns = 6
    /// The storyboard's background colour.
    public static let background = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
    /// The most panels on one sheet: four rows of six, about 2,300 pixels square, far under any
    /// size limit however many steps a tour has.
    public nonisolated static let panelsPerSheet = 24

    /// The least a panel keeps of a screen's points, in pixels a point: half, so body text (15 pt)
    /// stays 7 to 8 pixels high, readable, however large the screen, and a desktop frame drawn at
    /// scale 1 shrinks by whole 2x2 blocks (every panel pixel the mean of four, the same weight for
    /// every stroke of the text, and the cheapest shrink there is). A phone's screen already fits
    /// `thumbnailSize` at more than this.
    public nonisolated static let minimumPanelScale = 0.5
    /// The most pixels a sheet is wide or tall (about), so no sheet is unwieldy.
    public nonisolated static let sheetLimit = 2300.0

    /// How panels of one tour are sized and laid out: the limit a frame is shrunk to, panels a row
    /// and a sheet.
    public struct Layout: Equatable, Sendable {
        /// The largest a panel's picture may be, in pixels.
        public var thumbnailLimit: Size
        /// Panels a row.
        public var columns: Int
        /// Panels a sheet.
        public var panelsPerSheet: Int

        /// Six columns, four rows, 360x480 pictures: phone screens.
        public static let standard = Layout(thumbnailLimit: Storyboard.thumbnailSize, columns: Storyboard.columns, panelsPerSheet: Storyboard.panelsPerSheet)

        /// A layout from its parts.
        public init(thumbnailLimit: Size, columns: Int, panelsPerSheet: Int) {
            self.thumbnailLimit = thumbnailLimit; self.columns = columns; self.panelsPerSheet = panelsPerSheet
        }

        /// The layout for frames of a `screen` (points) drawn at `scale`: a picture as large as fits
        /// `thumbnailSize`, but never under `minimumPanelScale` pixels a point (a desktop's screen
        /// gets larger pictures, and fewer of them a row and a sheet), never over the frame's own.
        public static func forScreen(_ screen: Size, scale: Double) -> Layout {
            guard screen.width > 0, screen.height > 0 else { return .standard }
            let fit = min(Storyboard.thumbnailSize.width / screen.width, Storyboard.thumbnailSize.height / screen.height)
            let k = min(scale, max(fit, Storyboard.minimumPanelScale))
            let limit = Size((screen.width * k).rounded(), (screen.height * k).rounded())
            guard limit.width > Storyboard.thumbnailSize.width || limit.height > Storyboard.thumbnailSize.height else { return .standard }
            // 24 between panels, 24 around the sheet, about 70 for a caption under each.
            let columns = max(1, min(Storyboard.columns, Int(clampedToInt: (Storyboard.sheetLimit - 24) / (limit.width + 24))))
            let rows = max(1, min(4, Int(clampedToInt: (Storyboard.sheetLimit - 24) / (limit.height + 70 + 32))))
            return Layout(thumbnailLimit: limit, columns: columns, panelsPerSheet: columns * rows)
        }
    }

    /// `frame` shrunk to fit `limit` (area-averaged), or as it is when it fits: what a panel keeps
    /// of a frame, so a tour's frames can be let go of as soon as each is written. Touches nothing
    /// but `frame`, so it may run on another thread while `frame` is not changed.
    public nonisolated static func thumbnail(of frame: Pixmap, limit: Size = Storyboard.thumbnailSize) -> Pixmap {
        let s = min(1, limit.width / Double(frame.width), limit.height / Double(frame.height))
        guard s < 1 else { return frame.copy() }
        let w = max(1, (Double(frame.width) * s).rounded()), h = max(1, (Double(frame.height) * s).rounded())
        return frame.areaAveraged(width: Int(w), height: Int(h)) ?? frame.copy()
    }

    /// The file names of `count` panels' sheets: `storyboard.png` for one sheet, else
    /// `storyboard-01.png`, `storyboard-02.png`, … (`panelsPerSheet` panels each).
    public static func sheetNames(forPanels count: Int, perSheet panelsPerSheet: Int = Storyboard.panelsPerSheet) -> [String] {
        let sheets = max(1, (count + panelsPerSheet - 1) / max(1, panelsPerSheet))
        guard sheets > 1 else { return ["storyboard.png"] }
        let digits = max(2, String(sheets).count)
        return (1...sheets).map { "storyboard-" + String(repeating: "0", count: digits - String($0).count) + "\($0).png" }
    }

    /// Composes `panels` into one image (one pixel per point), captions set by `textEngine`; the
    /// first is numbered `firstNumber`.
    public static func compose(_ panels: [Panel], textEngine: any TextEngine, firstNumber: Int = 1,
                               layout: Layout = .standard) throws(ViewError) -> Pixmap {
        var rows: [View] = []
        var row: [View] = []
        for (i, panel) in panels.enumerated() {
            row.append(column(for: panel, number: firstNumber + i, limit: layout.thumbnailLimit))
            if row.count == layout.columns || i == panels.count - 1 {
                rows.append(HStack(alignment: .top, spacing: 24, children: row))
                row = []
            }
        }
        let content = VStack(alignment: .leading, spacing: 32, children: rows).padding(24)
        let root = try ViewRoot(content: content, size: Size(1, 1), scale: 1, safeArea: .zero,
                                textEngine: textEngine, clock: VirtualClock())
        root.backgroundColor = background
        let ideal = content.measure(ProposedSize(width: nil, height: nil))
        try root.resize(to: Size(max(1, ideal.width.rounded(.up)), max(1, ideal.height.rounded(.up))), scale: 1, safeArea: .zero)
        // Painted whole, background first, by the frame below: no need to clear it.
        let pixmap: Pixmap
        do { pixmap = try Pixmap(unfilledWidth: root.deviceBounds.width, height: root.deviceBounds.height) } catch {
            throw .invalidSize(root.size, reason: error.description)
        }
        root.frame(into: pixmap)
        return pixmap
    }

    private static func column(for panel: Panel, number: Int, limit: Size) -> View {
        let image = panel.image
        let s = min(1, limit.width / Double(image.width), limit.height / Double(image.height))
        let w = max(1, (Double(image.width) * s).rounded()), h = max(1, (Double(image.height) * s).rounded())
        // A panel made by `thumbnail(of:limit:)` is already this size: used as it is, not copied.
        let fits = image.width == Int(w) && image.height == Int(h)
        let thumbnail = fits ? image : image.areaAveraged(width: Int(w), height: Int(h)) ?? image
        let picture = ImageView(thumbnail, contentMode: .fit)
            .frame(width: w, height: h)
            .shadow(color: Color(white: 0, alpha: 0.25), radius: 6, y: 2)
        let badge = Text("\(number)", font: Font(size: 13, weight: .bold), color: .white, alignment: .center, lineLimit: 1)
            .frame(width: 24, height: 24)
            .background(Palette.tint, in: .circle)
        let caption = Text(panel.title, font: Font(size: 15, weight: .bold), color: Palette.label, lineLimit: 2)
            .frame(maxWidth: .infinity, alignment: .topLeading)
        let captionRow = HStack(alignment: .top, spacing: 8, children: [badge, caption]).frame(width: w, alignment: .leading)
        return VStack(alignment: .leading, spacing: 12, children: [picture, captionRow])
    }
}
