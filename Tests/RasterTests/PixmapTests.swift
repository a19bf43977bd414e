import Testing
@testable import Raster

@Suite struct PixmapTests {
    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (16385, 1), (1, 16385), (16384, 16384)])
    func refusesBadSizes(width: Int, height: Int) {
        #expect(throws: RasterError.self) { _ = try Pixmap(width: width, height: height) }
    }

    @Test func errorSaysWhy() {
        do {
            _ = try Pixmap(width: 16384, height: 16384)
            Issue.record("a 1 GiB pixmap was accepted")
        } catch {
            #expect(error.description == "invalid size 16384x16384: the buffer would exceed 512 MiB")
        }
        do {
            _ = try Pixmap(width: 0, height: 3)
        } catch {
            #expect(error.description == "invalid size 0x3: width and height must be at least 1 pixel")
        }
    }

    @Test func acceptsTheLargestSide() throws {
        let p = try Pixmap(width: 16384, height: 2)
        #expect(p.stride >= p.width)
        #expect(p[16383, 1] == 0)
        #expect(p[16384, 1] == 0, "out of range reads as transparent, never traps")
    }

    @Test func colorParsesHex() {
        #expect(Color(hex: "#FF3B30") == Color(red: 255, green: 59, blue: 48))
        #expect(Color(hex: "00000080") == Color(red: 0, green: 0, blue: 0, alpha: 128))
        #expect(Color(hex: "#12345") == nil)
        #expect(Color(hex: "#GG0000") == nil)
        #expect(Color(hex: "#ff3b30")?.hexString == "#FF3B30")
    }

    @Test func premultipliedRoundTrip() {
        let c = Color(red: 200, green: 100, blue: 50, alpha: 128)
        let p = c.premultiplied
        #expect(p >> 24 == 128)
        #expect(p >> 16 & 0xFF == 100)
        let back = Color(premultiplied: p)
        #expect(abs(Int(back.red) - 200) <= 1 && abs(Int(back.blue) - 50) <= 2)
    }

    @Test func transformsComposeAndInvert() {
        let t = Transform.scale(2).translatedBy(10, 5)
        #expect(t.apply(Point(1, 1)) == Point(22, 12))
        let inv = t.inverted!
        let p = inv.apply(Point(22, 12))
        #expect(abs(p.x - 1) < 1e-12 && abs(p.y - 1) < 1e-12)
        #expect(Transform.scale(0).inverted == nil)
    }

    @Test func roundedRectRadiiAreClampedToHalfTheShorterSide() {
        let r = Rect(x: 0, y: 0, width: 100, height: 40)
        let clamped = Path.roundedRect(r, radius: 500)
        let capsule = Path.roundedRect(r, radius: 20)
        #expect(clamped == capsule)
        let negative = Path.roundedRect(r, radii: CornerRadii(topLeft: -5, topRight: 0, bottomRight: 0, bottomLeft: 0))
        #expect(negative == Path.rect(r))
    }

    @Test func rectanglesIntersectUniteAndRoundOutToWholePixels() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(Rect(x: 0.5, y: 0.5, width: 1, height: 1).roundedOut == IntRect(x: 0, y: 0, width: 2, height: 2))
        #expect(Rect(x: .nan, y: 0, width: 1, height: 1).roundedOut == .zero)
        #expect(Rect(x: 0.5, y: 0.25, width: 3, height: 2.5).roundedIn == IntRect(x: 1, y: 1, width: 2, height: 1))
        #expect(Rect(x: 0.5, y: 0.5, width: 0.9, height: 4).roundedIn.isEmpty)
        #expect(Rect(x: .infinity, y: 0, width: 1, height: 1).roundedIn == .zero)
    }
}
