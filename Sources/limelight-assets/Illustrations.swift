import Raster

/// The sample app's card illustrations, drawn with Raster paths: each a small landscape scene.
enum Illustrations {
    static let width = 480
    static let height = 360

    /// Every illustration by file name (without extension).
    static let all: [(name: String, draw: @Sendable (Canvas) -> Void)] = [
        ("mountains", mountains), ("ocean", ocean), ("city", city), ("forest", forest),
    ]

    /// Fills the canvas with a vertical gradient from `top` to `bottom`, one row at a time.
    static func sky(_ c: Canvas, _ top: Color, _ bottom: Color, height: Double = Double(Illustrations.height)) {
        let rows = Int(height)
        for y in 0..<rows {
            let t = Double(y) / Double(max(1, rows - 1))
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
            c.fill(Rect(x: 0, y: Double(y), width: Double(width), height: 1),
                   color: Color(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue)))
        }
    }

    /// A closed ridge line through `points` down to the bottom edge.
    static func ridge(_ points: [(Double, Double)]) -> Path {
        var p = Path()
        p.move(to: Point(0, Double(height)))
        for (x, y) in points { p.line(to: Point(x, y)) }
        p.line(to: Point(Double(width), Double(height)))
        p.close()
        return p
    }

    static func mountains(_ c: Canvas) {
        sky(c, Color(hex: "#FF9A62")!, Color(hex: "#FFE3B0")!)
        c.fill(.circle(center: Point(330, 150), radius: 46), color: Color(hex: "#FFF4D6")!)
        c.fill(ridge([(0, 220), (90, 130), (160, 200), (250, 100), (340, 190), (420, 140), (480, 180)]), color: Color(hex: "#7A5C8C")!)
        // Snow caps.
        var snow = Path()
        snow.move(to: Point(250, 100)); snow.line(to: Point(277, 130)); snow.line(to: Point(262, 126))
        snow.line(to: Point(250, 138)); snow.line(to: Point(238, 124)); snow.line(to: Point(222, 132)); snow.close()
        c.fill(snow, color: Color(hex: "#F6F1FF")!)
        c.fill(ridge([(0, 270), (120, 210), (230, 260), (330, 215), (480, 250)]), color: Color(hex: "#4A3B66")!)
        c.fill(ridge([(0, 320), (160, 280), (300, 310), (480, 290)]), color: Color(hex: "#2C2444")!)
    }

    static func ocean(_ c: Canvas) {
        sky(c, Color(hex: "#5AC8FA")!, Color(hex: "#D8F3FF")!, height: 200)
        c.fill(.circle(center: Point(110, 90), radius: 38), color: Color(hex: "#FFE27A")!)
        for (i, color) in ["#1E88C8", "#1470A8", "#0B5688", "#073D66"].enumerated() {
            var wave = Path()
            let base = 190 + Double(i) * 42
            wave.move(to: Point(0, base))
            var x = 0.0
            while x < Double(width) {
                wave.quad(to: Point(x + 60, base), control: Point(x + 30, base - 18))
                x += 60
            }
            wave.line(to: Point(Double(width), Double(height))); wave.line(to: Point(0, Double(height))); wave.close()
            c.fill(wave, color: Color(hex: color)!)
        }
        // A sail boat.
        var hull = Path()
        hull.move(to: Point(300, 180)); hull.line(to: Point(380, 180)); hull.line(to: Point(366, 198)); hull.line(to: Point(312, 198)); hull.close()
        c.fill(hull, color: Color(hex: "#3A2E2A")!)
        var sail = Path()
        sail.move(to: Point(340, 100)); sail.line(to: Point(340, 174)); sail.line(to: Point(380, 174)); sail.close()
        c.fill(sail, color: .white)
    }

    static func city(_ c: Canvas) {
        sky(c, Color(hex: "#1B1F4B")!, Color(hex: "#5B3F8C")!)
        for (x, y, r) in [(60.0, 50.0, 2.0), (140, 80, 1.5), (220, 40, 2), (300, 70, 1.5), (420, 50, 2), (380, 110, 1.5)] {
            c.fill(.circle(center: Point(x, y), radius: r), color: Color(hex: "#FFFFFFCC")!)
        }
        c.fill(.circle(center: Point(400, 80), radius: 28), color: Color(hex: "#FFF6C8")!)
        let buildings: [(Double, Double, Double)] = [(0, 200, 70), (64, 150, 60), (118, 230, 50), (162, 120, 70), (226, 180, 56),
                                                     (276, 100, 64), (334, 210, 60), (388, 160, 52), (434, 230, 46)]
        for (i, (x, top, w)) in buildings.enumerated() {
            let body = Rect(x: x, y: top, width: w, height: Double(height) - top)
            c.fill(body, color: i % 2 == 0 ? Color(hex: "#2B2D5E")! : Color(hex: "#35387A")!)
            var wy = top + 12
            while wy < Double(height) - 16 {
                var wx = x + 8
                while wx + 8 < x + w - 4 {
                    let lit = (Int(wx) * 7 + Int(wy) * 13 + i) % 5 < 2
                    c.fill(Rect(x: wx, y: wy, width: 8, height: 10), color: lit ? Color(hex: "#FFD66B")! : Color(hex: "#45498F")!)
                    wx += 16
                }
                wy += 22
            }
        }
    }

    static func forest(_ c: Canvas) {
        sky(c, Color(hex: "#B8E986")!, Color(hex: "#F1FBE4")!)
        c.fill(.circle(center: Point(380, 80), radius: 40), color: Color(hex: "#FFFBE0")!)
        c.fill(ridge([(0, 250), (140, 220), (300, 245), (480, 215)]), color: Color(hex: "#7CB55A")!)
        let trees: [(Double, Double, Double)] = [(50, 300, 1.0), (120, 280, 1.3), (200, 310, 0.9), (270, 270, 1.4),
                                                 (350, 300, 1.1), (420, 285, 1.25), (460, 320, 0.8)]
        for (x, base, s) in trees {
            c.fill(Rect(x: x - 6 * s, y: base - 10 * s, width: 12 * s, height: 40 * s), color: Color(hex: "#6B4A2B")!)
            for (k, color) in ["#2F7D32", "#38923B", "#43A847"].enumerated() {
                let kk = Double(k)
                var tri = Path()
                let top = base - (150 - kk * 38) * s, bottom = base - (40 - kk * 28) * s, half = (44 - kk * 6) * s
                tri.move(to: Point(x, top)); tri.line(to: Point(x + half, bottom)); tri.line(to: Point(x - half, bottom)); tri.close()
                c.fill(tri, color: Color(hex: color)!)
            }
        }
        c.fill(ridge([(0, 330), (240, 318), (480, 332)]), color: Color(hex: "#4E8F3A")!)
    }
}
