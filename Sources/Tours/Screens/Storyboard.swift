import Raster
import Views

/// Every step of a tour side by side on one image, numbered and titled, for reviews.
///
/// Frames are shrunk (area-averaged) to fit `thumbnailSize`, at most `columns` to a row. Each
/// sits on a soft shadow above a numbered badge and the step's title (two lines at most).
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
    public static let thumbnailSize = Size(360, 480)
    /// Panels per row.
    public static let columns = 6
    /// The storyboard's background colour.
    public static let background = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
    /// The most panels on one sheet: four rows of six, about 2,300 pixels square, far under any
    /// size limit however many steps a tour has.
    public static let panelsPerSheet = 24

    /// `frame` shrunk to fit `limit` (area-averaged), or as it is when it fits: what a panel keeps
    /// of a frame, so a tour's frames can be let go of as soon as each is written.
    public static func thumbnail(of frame: Pixmap, limit: Size = Storyboard.thumbnailSize) -> Pixmap {
        let s = min(1, limit.width / Double(frame.width), limit.height / Double(frame.height))
        guard s < 1 else { return frame.copy() }
        let w = max(1, (Double(frame.width) * s).rounded()), h = max(1, (Double(frame.height) * s).rounded())
        return frame.areaAveraged(width: Int(w), height: Int(h)) ?? frame.copy()
    }

    /// The file names of `count` panels' sheets: `storyboard.png` for one sheet, else
    /// `storyboard-01.png`, `storyboard-02.png`, … (`panelsPerSheet` panels each).
    public static func sheetNames(forPanels count: Int) -> [String] {
        let sheets = max(1, (count + panelsPerSheet - 1) / panelsPerSheet)
        guard sheets > 1 else { return ["storyboard.png"] }
        let digits = max(2, String(sheets).count)
        return (1...sheets).map { "storyboard-" + String(repeating: "0", count: digits - String($0).count) + "\($0).png" }
    }

    /// Composes `panels` into one image (one pixel per point), captions set by `textEngine`; the
    /// first is numbered `firstNumber`.
    public static func compose(_ panels: [Panel], textEngine: any TextEngine, firstNumber: Int = 1,
                               thumbnailSize: Size = Storyboard.thumbnailSize) throws(ViewError) -> Pixmap {
        var rows: [View] = []
        var row: [View] = []
        for (i, panel) in panels.enumerated() {
            row.append(column(for: panel, number: firstNumber + i, limit: thumbnailSize))
            if row.count == columns || i == panels.count - 1 {
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
        let pixmap: Pixmap
        do { pixmap = try root.makePixmap() } catch {
            throw .invalidSize(root.size, reason: error.description)
        }
        root.frame(into: pixmap)
        return pixmap
    }

    private static func column(for panel: Panel, number: Int, limit: Size) -> View {
        let image = panel.image
        let s = min(1, limit.width / Double(image.width), limit.height / Double(image.height))
        let w = max(1, (Double(image.width) * s).rounded()), h = max(1, (Double(image.height) * s).rounded())
        let thumbnail = image.areaAveraged(width: Int(w), height: Int(h)) ?? image
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
