import Foundation
import Testing
import ImageFiles
import Raster

/// Every image is measured from its header before it is decoded: a small file claiming a huge size
/// is refused at once, with one line, without the decoder allocating for it.
@Suite struct ImageHeaderTests {
    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-header-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16 & 0xFFFF) + be16(v & 0xFFFF) }

    /// Headers of every format read, each claiming `width`×`height`, padded to look like a file.
    static func headers(width w: Int, height h: Int) -> [(String, [UInt8])] {
        let png = TestPNGEncoder.encode(width: 1, height: 1, type: .rgb, samples: [0, 0, 0])
        var bigPNG = png
        bigPNG.replaceSubrange(16..<24, with: be32(w) + be32(h))  // IHDR's CRC no longer holds: the size check comes first
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0] + Array(repeating: 0, count: 9)
            + [0xFF, 0xC0] + be16(17) + [8] + be16(h) + be16(w) + [3] + Array(repeating: 0, count: 9) + [0xFF, 0xD9]
        let gif = Array("GIF89a".utf8) + le16(w) + le16(h) + [0, 0, 0] + [0x3B]
        let bmp = Array("BM".utf8) + le32(54) + [0, 0, 0, 0] + le32(54) + le32(40) + le32(w) + le32(h) + le16(1) + le16(24) + Array(repeating: 0, count: 24)
        let webp = Array("RIFF".utf8) + le32(30) + Array("WEBPVP8X".utf8) + le32(10) + [0, 0, 0, 0]
            + Array(le32(w - 1).prefix(3)) + Array(le32(h - 1).prefix(3))
        let qoi = Array("qoif".utf8) + be32(w) + be32(h) + [4, 0] + Array(repeating: 0, count: 8)
        return [("PNG", bigPNG), ("JPEG", jpeg), ("GIF", gif), ("BMP", bmp), ("WebP", webp), ("QOI", qoi)]
    }

    @Test(arguments: ["PNG", "JPEG", "GIF", "BMP", "WebP", "QOI"])
    func aHeaderClaimingTooManyPixelsIsRefusedBeforeDecoding(format: String) throws {
        for (w, h) in [(60000, 60000), (16385, 1), (1, 16385), (9000, 9000)] where !(format == "GIF" && w > 65535) {
            let bytes = Self.headers(width: w, height: h).first { $0.0 == format }!.1
            let path = try write(bytes, "big.img")
            let start = Date()
            do {
                _ = try Pixmap(contentsOfFile: path)
                Issue.record("\(format) \(w)x\(h) loaded")
            } catch {
                #expect(error.description == "\(path): its \(format) header claims \(w)x\(h) pixels, more than the 16384 a side and 64 megapixels an image may have")
            }
            #expect(Date().timeIntervalSince(start) < 1)
        }
    }

    @Test func theIssuesFiftySevenBytePNGIsRefusedAtOnce() throws {
        // Signature, IHDR claiming 60000x60000, an empty IDAT and IEND: 57 bytes.
        var png = TestPNGEncoder.encode(width: 1, height: 1, type: .rgb, samples: [0, 0, 0])
        png.replaceSubrange(16..<24, with: Self.be32(60000) + Self.be32(60000))
        let idat = png.firstRange(of: Array("IDAT".utf8))!.lowerBound - 4
        png.replaceSubrange(idat..<(png.count - 12), with: [0, 0, 0, 0] + Array("IDAT".utf8) + [0x35, 0xAF, 0x06, 0x1E])
        #expect(png.count == 57)
        let path = try write(png, "huge.png")
        do { _ = try Pixmap(contentsOfFile: path); Issue.record("loaded") } catch {
            #expect(error.reason.contains("claims 60000x60000 pixels"))
        }
    }

    @Test func aSizeWithinTheLimitsStillLoads() throws {
        let path = try write(TestPNGEncoder.encode(width: 2, height: 1, type: .rgb, samples: [255, 0, 0, 0, 0, 255]), "ok.png")
        let p = try Pixmap(contentsOfFile: path)
        #expect(p.width == 2 && p.height == 1)
    }

    @Test func aFormatNotReadHereIsRefusedByName() throws {
        for (name, bytes) in [("shot.tif", Array("II*\u{0}".utf8) + Array(repeating: 0, count: 40)),
                              ("notes.png", Array("just some text, not an image at all".utf8))] {
            let path = try write(bytes, name)
            do { _ = try Pixmap(contentsOfFile: path); Issue.record("\(name) loaded") } catch {
                #expect(error.description == "\(path): not a PNG, JPEG, GIF, BMP, WebP or QOI image")
            }
        }
    }

    @Test func aZeroSizeOrCutOffHeaderIsOneLine() throws {
        let gif = Array("GIF89a".utf8) + Self.le16(0) + Self.le16(5) + [0, 0, 0, 0x3B]
        let path = try write(gif, "empty.gif")
        do { _ = try Pixmap(contentsOfFile: path); Issue.record("loaded") } catch {
            #expect(error.reason == "its GIF header gives a size of 0x5 (an image needs at least 1x1)")
        }
        let cut = try write(Array("GIF89a".utf8) + [1], "cut.gif")
        do { _ = try Pixmap(contentsOfFile: cut); Issue.record("loaded") } catch {
            #expect(error.reason == "a cut-off GIF file (7 bytes, too short for its header)")
        }
        let jpeg = try write([0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 1, 2, 3], "nosof.jpg")
        do { _ = try Pixmap(contentsOfFile: jpeg); Issue.record("loaded") } catch {
            #expect(error.reason == "a damaged JPEG (image data before its frame header)")
        }
    }
}
