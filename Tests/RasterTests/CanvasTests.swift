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

    @Test func nearestAndBilinearImageBlits() throws {
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
}
