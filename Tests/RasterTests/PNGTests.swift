import Foundation
import Testing
import Raster

/// A fresh folder under the system temporary directory, removed when the test ends.
private struct TemporaryFolder: ~Copyable {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-png-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// The one-line description of the `RasterError` that `body` throws, or nil when it succeeds.
private func errorText(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch let error as RasterError { return error.description } catch {
        return "not a RasterError: \(error)"
    }
}

@Suite(.serialized) struct PNGTests {
    @Test func loadingPremultipliesStraightAlphaInChannelOrder() throws {
        let folder = try TemporaryFolder()
        let colors = [
            Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 0), Color(red: 0, green: 0, blue: 255),
            Color(red: 200, green: 100, blue: 50, alpha: 128), Color(red: 255, green: 255, blue: 255, alpha: 0),
            Color(red: 17, green: 34, blue: 51, alpha: 1),
        ]
        let samples = colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        let file = try folder.write(TestPNGEncoder.encode(width: 3, height: 2, type: .rgba, samples: samples), to: "rgba.png")
        let pixmap = try Pixmap(contentsOfFile: file)
        #expect(pixmap.width == 3 && pixmap.height == 2)
        #expect(pixmap[0, 0] == 0xFFFF_0000, "red is the third byte of 0xAARRGGBB")
        #expect(pixmap[2, 0] == 0xFF00_00FF)
        #expect(pixmap[0, 1] == 0x8064_3219, "200·128/255 = 100.4 → 0x64, 100·128/255 = 50.2 → 0x32, 50·128/255 = 25.1 → 0x19")
        #expect(pixmap[1, 1] == 0, "fully transparent white is stored as zero")
        for (i, color) in colors.enumerated() {
            #expect(pixmap[i % 3, i / 3] == color.premultiplied, "pixel \(i)")
        }
    }

    @Test func imagesWithoutAlphaLoadOpaque() throws {
        let folder = try TemporaryFolder()
        let rgb = try folder.write(TestPNGEncoder.encode(width: 2, height: 1, type: .rgb, samples: [1, 2, 3, 250, 251, 252]), to: "rgb.png")
        let loaded = try Pixmap(contentsOfFile: rgb)
        #expect(loaded[0, 0] == 0xFF01_0203 && loaded[1, 0] == 0xFFFA_FBFC)
        let gray = try folder.write(TestPNGEncoder.encode(width: 1, height: 2, type: .gray, samples: [0, 0x7F]), to: "gray.png")
        let grayPixmap = try Pixmap(contentsOfFile: gray)
        #expect(grayPixmap[0, 0] == 0xFF00_0000 && grayPixmap[0, 1] == 0xFF7F_7F7F)
    }

    @Test func opaqueRoundTripIsExact() throws {
        let folder = try TemporaryFolder()
        let pixmap = try Pixmap(width: 67, height: 45)
        for y in 0..<45 {
            for x in 0..<67 {
                let v = UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503))
                pixmap[x, y] = 0xFF00_0000 | (v & 0xFF_FFFF)
            }
        }
        let file = folder.file("opaque.png")
        try pixmap.writePNG(to: file)
        #expect(try Pixmap(contentsOfFile: file).hasSamePixels(as: pixmap))
    }

    /// Every value `Color.premultiplied` can produce, for every alpha and channel value, survives save then load.
    @Test func everyPremultipliedValueRoundTrips() throws {
        let folder = try TemporaryFolder()
        let pixmap = try Pixmap(width: 256, height: 256)
        for alpha in 0...255 {
            for channel in 0...255 {
                let c = UInt8(channel)
                pixmap[channel, alpha] = Color(red: c, green: 255 - c, blue: c ^ 0x5A, alpha: UInt8(alpha)).premultiplied
            }
        }
        let file = folder.file("alpha.png")
        try pixmap.writePNG(to: file)
        let loaded = try Pixmap(contentsOfFile: file)
        #expect(loaded.hasSamePixels(as: pixmap))
        #expect(loaded[200, 0] == 0, "alpha 0 is all zero")
    }

    @Test func saveReplacesAnExistingFileAndLeavesNoTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("out.png")
        try Pixmap(width: 4, height: 4, fill: .black).writePNG(to: file)
        let white = try Pixmap(width: 3, height: 2, fill: .white)
        try white.writePNG(to: file)
        #expect(try Pixmap(contentsOfFile: file).hasSamePixels(as: white))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    @Test func loadErrors() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("missing.png")
        #expect(errorText { _ = try Pixmap(contentsOfFile: missing) } == "\(missing): no such file")
        #expect(errorText { _ = try Pixmap(contentsOfFile: "") } == ": no such file")
        #expect(errorText { _ = try Pixmap(contentsOfFile: folder.path) } == "\(folder.path): is a folder, not an image file")

        let text = try folder.write(Array("just some text\n".utf8), to: "notes.png")
        let notImage = errorText { _ = try Pixmap(contentsOfFile: text) }
        #expect(notImage?.hasPrefix("\(text): not an image SDL2_image can read (") == true, "\(notImage ?? "no error")")
        #expect(notImage?.hasSuffix(")") == true && notImage?.contains("\n") == false)

        let whole = TestPNGEncoder.encode(width: 8, height: 8, type: .rgba, samples: Array(repeating: 9, count: 256))
        let truncated = try folder.write(Array(whole.prefix(60)), to: "truncated.png")
        let cut = errorText { _ = try Pixmap(contentsOfFile: truncated) }
        #expect(cut?.hasPrefix("\(truncated): not an image SDL2_image can read (") == true, "\(cut ?? "no error")")
    }

    @Test func tooLargeImageIsRefused() throws {
        let folder = try TemporaryFolder()
        let wide = try folder.write(TestPNGEncoder.encode(width: 16385, height: 1, type: .gray,
                                                          samples: Array(repeating: 0, count: 16385)), to: "wide.png")
        #expect(errorText { _ = try Pixmap(contentsOfFile: wide) }
                == "\(wide): invalid size 16385x1: a side may be at most 16384 pixels")
    }

    @Test func saveErrors() throws {
        let folder = try TemporaryFolder()
        let pixmap = try Pixmap(width: 2, height: 2, fill: .red)
        let nowhere = folder.file("missing/out.png")
        #expect(errorText { try pixmap.writePNG(to: nowhere) }
                == "\(nowhere): cannot write (folder \(folder.path)/missing does not exist)")
        let inFile = try folder.write([1], to: "plain") + "/out.png"
        #expect(errorText { try pixmap.writePNG(to: inFile) } == "\(inFile): cannot write (\(folder.path)/plain is not a folder)")
        #expect(errorText { try pixmap.writePNG(to: folder.path) } == "\(folder.path): cannot write (it is a folder)")
        #expect(errorText { try pixmap.writePNG(to: folder.path + "/") } == "\(folder.path)/: cannot write (no file name)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plain"])
    }
}
