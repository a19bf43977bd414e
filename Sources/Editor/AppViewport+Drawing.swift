import Raster
import Views

/// What the viewport draws over the app in edit mode, and where a drag may go: a rectangle's
/// outline, a tag on its edge, the gesture's way with its handle, a point kept on the screen.
extension AppViewport {
    /// A rectangle's outline, `width` points wide, drawn inside it.
    func outline(_ r: Rect, width w: Double, color: Color, in canvas: Canvas) {
        canvas.fill(Rect(x: r.minX, y: r.minY, width: r.width, height: w), color: color)
        canvas.fill(Rect(x: r.minX, y: r.maxY - w, width: r.width, height: w), color: color)
        canvas.fill(Rect(x: r.minX, y: r.minY, width: w, height: r.height), color: color)
        canvas.fill(Rect(x: r.maxX - w, y: r.minY, width: w, height: r.height), color: color)
    }

    /// A tag reading `text` on `r`'s top edge (above it when there is room, else inside).
    func label(_ text: String, by r: Rect, color: Color, in canvas: Canvas) {
        guard let root else { return }
        let font = Font(size: 12, weight: .bold)
        let m = root.textEngine.metrics(for: font, scale: root.scale)
        let w = root.textEngine.width(of: text, font: font, scale: root.scale) + 10
        let h = m.lineHeight + 4
        var x = max(frame.minX, min(r.minX, frame.maxX - w))
        var y = r.minY - h
        if y < frame.minY { y = r.minY }
        if y + h > frame.maxY { y = frame.maxY - h; x = max(frame.minX, x) }
        canvas.fill(Rect(x: x, y: y, width: w, height: h), cornerRadius: 3, color: color)
        let rendered = root.textEngine.render(text, font: font, scale: root.scale)
        canvas.draw(rendered, atDeviceX: Int(clampedToInt: ((x + 5) * root.scale).rounded()),
                    y: Int(clampedToInt: ((y + 2 + (m.lineHeight - m.ascent - m.descent) / 2 + m.ascent) * root.scale).rounded()), color: .white)
    }

    /// The gesture's way: a line from its start to a round handle on its end.
    func drawDemoPath(_ path: (start: Point, end: Point), in canvas: Canvas) {
        let purple = Color(red: 0x7B, green: 0x1F, blue: 0xA2)
        let a = outerPoint(path.start), b = outerPoint(path.end)
        let d = a.distance(to: b)
        if d > 1 {
            let nx = -(b.y - a.y) / d * 1.5, ny = (b.x - a.x) / d * 1.5
            var line = Path()
            line.move(to: Point(a.x + nx, a.y + ny)); line.line(to: Point(b.x + nx, b.y + ny))
            line.line(to: Point(b.x - nx, b.y - ny)); line.line(to: Point(a.x - nx, a.y - ny)); line.close()
            canvas.fill(line, color: purple)
        }
        canvas.fill(.circle(center: a, radius: 4), color: purple)
        canvas.fill(.circle(center: b, radius: 8), color: purple)
        canvas.fill(.circle(center: b, radius: 4.5), color: .white)
    }

    /// `p` moved inside the app's screen.
    func clampedToScreen(_ p: Point) -> Point {
        let size = appRoot.size
        return Point(min(max(0, p.x), size.width), min(max(0, p.y), size.height))
    }
}
