import Testing
@testable import Raster

@Suite struct CanvasTests {
    @Test func sourceOverHalfRedOnWhite() throws {
        let p = try Pixmap(width: 4, height: 4, fill: .white)
        Canvas(pixmap: p).fill(Rect(x: 0, y: 0, width: 4, height: 4), color: Color(red: 255, green: 0, blue: 0, alpha: 128))
        let c = p.color(x: 2, y: 2)
        #expect(c.red == 255 && abs(Int(c.green) - 127) <= 1 && c.alpha == 255)
    }

    @Test func rectClipLimitsDrawing() throws {
        let p = try Pixmap(width: 20, height: 20, fill: .white)
        var canvas = Canvas(pixmap: p)
        canvas.clip(to: Rect(x: 5, y: 5, width: 5, height: 5))
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .black)
        #expect(p.color(x: 4, y: 5) == .white)
        #expect(p.color(x: 5, y: 5) == .black)
        #expect(p.color(x: 10, y: 9) == .white)
    }

    @Test func roundedClipCutsCorners() throws {
        let p = try Pixmap(width: 40, height: 40, fill: .white)
        var canvas = Canvas(pixmap: p)
        canvas.clip(to: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 10)
        canvas.fill(Rect(x: 0, y: 0, width: 40, height: 40), color: .black)
        #expect(p.color(x: 0, y: 0) == .white, "the corner is outside the rounded clip")
        #expect(p.color(x: 20, y: 20) == .black)
        #expect(p.color(x: 20, y: 0) == .black)
    }

    @Test func scaleMapsPointsToPixels() throws {
        let p = try Pixmap(width: 20, height: 20, fill: .white)
        Canvas(pixmap: p, scale: 2).fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .black)
        #expect(p.color(x: 1, y: 1) == .white)
        #expect(p.color(x: 2, y: 2) == .black)
        #expect(p.color(x: 5, y: 5) == .black)
        #expect(p.color(x: 6, y: 6) == .white)
    }

    @Test func imagesBlitNearestAndBilinear() throws {
        let img = try Pixmap(width: 2, height: 1)
        img[0, 0] = Color.black.premultiplied; img[1, 0] = Color.white.premultiplied
        let near = try Pixmap(width: 8, height: 2, fill: .white)
        Canvas(pixmap: near).draw(img, in: Rect(x: 0, y: 0, width: 8, height: 2), sampling: .nearest)
        #expect(near.color(x: 3, y: 0) == .black && near.color(x: 4, y: 0) == .white)
        let smooth = try Pixmap(width: 8, height: 2, fill: .white)
        Canvas(pixmap: smooth).draw(img, in: Rect(x: 0, y: 0, width: 8, height: 2), sampling: .bilinear)
        #expect(smooth.color(x: 0, y: 0) == .black, "edges clamp")
        let mid = Int(smooth.color(x: 4, y: 0).red)
        #expect(mid > 90 && mid < 170, "bilinear blends the middle, read \(mid)")
        // Monotone across.
        var last = -1
        for x in 0..<8 { let v = Int(smooth.color(x: x, y: 0).red); #expect(v >= last); last = v }
    }

    @Test func glyphBlitTintsCoverage() throws {
        let p = try Pixmap(width: 4, height: 1, fill: .white)
        var m = Mask(bounds: IntRect(x: 0, y: 0, width: 4, height: 1))
        m.bytes = [0, 128, 255, 0]
        Canvas(pixmap: p).draw(m, color: Color(red: 0, green: 0, blue: 255))
        #expect(p.color(x: 0, y: 0) == .white)
        #expect(p.color(x: 2, y: 0) == Color(red: 0, green: 0, blue: 255))
        let half = p.color(x: 1, y: 0)
        #expect(abs(Int(half.red) - 127) <= 1 && half.blue == 255)
    }

    @Test func imageDrawRespectsRoundedClip() throws {
        let img = try Pixmap(width: 10, height: 10, fill: .black)
        let p = try Pixmap(width: 40, height: 40, fill: .white)
        var canvas = Canvas(pixmap: p)
        canvas.clip(to: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 12)
        canvas.draw(img, in: Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(p.color(x: 0, y: 0) == .white)
        #expect(p.color(x: 20, y: 20) == .black)
    }

    /// An image drawn at its own size at a fractional position (a card placed at a fractional
    /// point) samples the nearest pixels exactly as the general resampling path does, edge clamping
    /// included, whatever the position, opacity and clip.
    @Test func nearestDrawAtFractionalPositionMatchesTheGeneralPath() throws {
        var seed: UInt64 = 99
        func next() -> UInt32 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: seed >> 33) }
        func randomPixmap(_ w: Int, _ h: Int) throws -> Pixmap {
            let p = try Pixmap(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let a = next() & 0xFF
                    p.row(y)[x] = a << 24 | (next() % (a + 1)) << 16 | (next() % (a + 1)) << 8 | next() % (a + 1)
                }
            }
            return p
        }
        let image = try randomPixmap(13, 9)
        let background = try randomPixmap(24, 16)
        for x in [-3.3, -0.5, 0.5, 2.49, 2.5, 7.7, 14.2] {
            for y in [1.2, -2.6, 9.5] {
                for opacity in [1.0, 0.37] {
                    for device in [IntRect(x: 0, y: 0, width: 24, height: 16), IntRect(x: 5, y: 3, width: 9, height: 7)] {
                        let fast = background.copy(), general = background.copy()
                        var a = Canvas(pixmap: fast)
                        a.clip(toDevice: device)
                        a.draw(image, in: Rect(x: x, y: y, width: 13, height: 9), sampling: .nearest, opacity: opacity)
                        // A rounded clip far larger than the canvas covers every pixel fully, but sends
                        // the draw through the general path.
                        var b = Canvas(pixmap: general)
                        b.clip(toDevice: device)
                        b.clip(to: Rect(x: -100, y: -100, width: 300, height: 300), cornerRadius: 10)
                        #expect(b.clipMask != nil)
                        b.draw(image, in: Rect(x: x, y: y, width: 13, height: 9), sampling: .nearest, opacity: opacity)
                        #expect(fast.hasSamePixels(as: general), "at (\(x), \(y)), opacity \(opacity), clip \(device)")
                    }
                }
            }
        }
    }

    /// A canvas over a pixmap that holds part of device space (an offscreen card at its place on the
    /// screen) draws exactly the pixels a canvas over the whole space draws there.
    @Test(arguments: [1.0, 2.0, 1.5])
    func aCanvasOverPartOfDeviceSpaceDrawsWhatTheWholeOneDrawsThere(scale: Double) throws {
        let image = try Pixmap(width: 7, height: 5, fill: Color(red: 30, green: 140, blue: 200, alpha: 200))
        var glyphs = Mask(bounds: IntRect(x: 0, y: -6, width: 9, height: 8))
        for i in stride(from: 0, to: glyphs.bytes.count, by: 3) { glyphs.bytes[i] = UInt8(truncatingIfNeeded: i * 37) }
        func draw(_ canvas: Canvas) {
            var c = canvas
            c.fill(.star(center: Point(30, 22), points: 5, innerRadius: 6, outerRadius: 14), color: Color(red: 220, green: 60, blue: 40))
            c.fill(Rect(x: 21, y: 9, width: 10, height: 6), color: .black)
            c.drawShadow(of: Rect(x: 18.5, y: 14.25, width: 16, height: 10), cornerRadius: 3, blur: 2, dy: 1, color: Color(white: 0, alpha: 0.3))
            c.draw(glyphs, offsetX: 40, offsetY: 40, color: .white)
            c.draw(image, in: Rect(x: 23.25, y: 27, width: 7, height: 5), sampling: .bilinear, opacity: 0.8)
            c.clip(to: Rect(x: 20, y: 12, width: 20, height: 20), cornerRadius: 4)
            c.fill(Rect(x: 0, y: 0, width: 60, height: 60), color: Color(red: 0, green: 200, blue: 0, alpha: 80))
        }
        let whole = try Pixmap(width: Int(60 * scale), height: Int(60 * scale))
        draw(Canvas(pixmap: whole, scale: scale))
        let window = IntRect(x: Int(17 * scale), y: Int(8 * scale), width: Int(30 * scale), height: Int(36 * scale))
        let part = try Pixmap(width: window.width, height: window.height)
        draw(Canvas(pixmap: part, scale: scale, deviceOrigin: (window.x, window.y)))
        for y in 0..<window.height {
            for x in 0..<window.width where part[x, y] != whole[x + window.x, y + window.y] {
                Issue.record("at (\(x + window.x), \(y + window.y)): \(part[x, y]) against \(whole[x + window.x, y + window.y])")
                return
            }
        }
    }
}
