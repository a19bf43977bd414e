import Foundation
import Testing
import ImageFiles
import Raster
import TestSupport

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

/// The one-line description of the `ImageFileError` that `body` throws, or nil when it succeeds.
private func errorText(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch let error as ImageFileError { return error.description } catch {
        return "not an ImageFileError: \(error)"
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

    @Test func aLoadThatCannotReadSaysWhy() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("missing.png")
        #expect(errorText { _ = try Pixmap(contentsOfFile: missing) } == "\(missing): no such file")
        #expect(errorText { _ = try Pixmap(contentsOfFile: "") } == ": an empty path (expected an image file)")
        #expect(errorText { _ = try Pixmap(contentsOfFile: folder.path) } == "\(folder.path): is a folder (expected an image file)")

        let text = try folder.write(Array("just some text\n".utf8), to: "notes.png")
        let notImage = errorText { _ = try Pixmap(contentsOfFile: text) }
        #expect(notImage == "\(text): not a PNG, JPEG, GIF, BMP, WebP or QOI image")

        let whole = TestPNGEncoder.encode(width: 8, height: 8, type: .rgba, samples: Array(repeating: 9, count: 256))
        let truncated = try folder.write(Array(whole.prefix(60)), to: "truncated.png")
        let cut = errorText { _ = try Pixmap(contentsOfFile: truncated) }
        #expect(cut == "\(truncated): a cut-off PNG (60 bytes end inside its IDAT chunk)", "\(cut ?? "no error")")
    }

    /// Damaged PNGs are caught before libpng reads them (libpng would print its own error on stderr
    /// besides ours): a flipped bit fails a chunk's checksum, a file without IEND is cut off.
    @Test func damagedPNGsAreNamedWithoutLibpngNoise() throws {
        let folder = try TemporaryFolder()
        var bytes = TestPNGEncoder.encode(width: 8, height: 8, type: .rgba, samples: Array(repeating: 9, count: 256))
        let good = try folder.write(bytes, to: "good.png")
        #expect(try Pixmap(contentsOfFile: good).width == 8)
        let idat = try #require(bytes.indices.dropLast(4).first { Array(bytes[$0..<($0 + 4)]) == Array("IDAT".utf8) }) - 4
        bytes[idat + 10] ^= 0x40
        let flipped = try folder.write(bytes, to: "flipped.png")
        #expect(errorText { _ = try Pixmap(contentsOfFile: flipped) } == "\(flipped): a damaged PNG (its IDAT chunk at byte \(idat) fails its checksum)")
        bytes[idat + 10] ^= 0x40
        let noEnd = try folder.write(Array(bytes.dropLast(12)), to: "no-end.png")
        #expect(errorText { _ = try Pixmap(contentsOfFile: noEnd) } == "\(noEnd): a cut-off PNG (\(bytes.count - 12) bytes end before the image does)")
    }

    @Test func tooLargeImageIsRefused() throws {
        let folder = try TemporaryFolder()
        let wide = try folder.write(TestPNGEncoder.encode(width: 16385, height: 1, type: .gray,
                                                          samples: Array(repeating: 0, count: 16385)), to: "wide.png")
        #expect(errorText { _ = try Pixmap(contentsOfFile: wide) }
                == "\(wide): its PNG header claims 16385x1 pixels, more than the 16384 a side and 64 megapixels an image may have")
    }

    @Test func aSaveThatCannotWriteSaysWhy() throws {
        let folder = try TemporaryFolder()
        let pixmap = try Pixmap(width: 2, height: 2, fill: .red)
        let nowhere = folder.file("missing/out.png")
        #expect(errorText { try pixmap.writePNG(to: nowhere) }
                == "\(nowhere): cannot write (folder \(folder.path)/missing does not exist)")
        let inFile = try folder.write([1], to: "plain") + "/out.png"
        #expect(errorText { try pixmap.writePNG(to: inFile) } == "\(inFile): cannot write (\(folder.path)/plain is not a folder)")
        #expect(errorText { try pixmap.writePNG(to: folder.path) } == "\(folder.path): cannot write (is a folder)")
        #expect(errorText { try pixmap.writePNG(to: folder.path + "/") } == "\(folder.path)/: cannot write (no file name)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plain"])
    }

    /// Saving replaces a file at the path in one step, and writes into a pipe in place, never
    /// replacing it (a device, `--out /dev/null`, or a pipe was once replaced by the PNG): one no
    /// one reads is refused at once.
    @Test func neverReplacesAPipe() throws {
        let folder = try TemporaryFolder()
        let pipe = folder.file("pipe.png")
        #expect(mkfifo(pipe, 0o644) == 0)
        let pixmap = try Pixmap(width: 2, height: 2, fill: .red)
        #expect(errorText { try pixmap.writePNG(to: pipe) } == "\(pipe): cannot write (no one reads the pipe)")
        var info = stat()
        #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is still there")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pipe.png"], "no temporary file is left")
    }

    /// A full disk is an error naming the cause, and the previous file stays byte for byte: the PNG
    /// used to be written through stdio, whose failed final flush went unnoticed, and a cut-off file
    /// replaced the good one.
    @Test(.enabled(if: TinyDisk.canMount, "needs a tmpfs mount (root)"))
    func aFullDiskKeepsThePreviousFile() throws {
        let disk = try #require(TinyDisk(kibibytes: 64))
        defer { disk.remove() }
        let file = disk.path + "/out.png"
        try Pixmap(width: 4, height: 4, fill: Color(red: 0, green: 0, blue: 255)).writePNG(to: file)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        disk.fill()
        let noisy = try Pixmap(width: 200, height: 200)
        for y in 0..<200 { for x in 0..<200 { noisy[x, y] = UInt32(truncatingIfNeeded: (x &* 2654435761) ^ (y &* 40503)) | 0xFF00_0000 } }
        #expect(errorText { try noisy.writePNG(to: file) } == "\(file): cannot write (the disk is full)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "the previous PNG is unchanged")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["filler", "out.png"])
    }
}

/// PNGs written in pieces compressed side by side are one valid zlib stream that other decoders
/// read (zlib through Python, libspng through Limelight), and the same pixels always give the same
/// bytes.
@Suite struct PNGPiecesTests {
    /// A 1920x1080 frame of flat areas, gradients and noise: several pieces of image data.
    func frame(alpha: Bool) throws -> Pixmap {
        let p = try Pixmap(width: 1920, height: 1080, fill: Color(red: 240, green: 240, blue: 245))
        var state: UInt32 = 12345
        for y in 0..<1080 {
            for x in 0..<1920 where y > 300 || x % 7 == 0 {
                state = state &* 1_103_515_245 &+ 12345
                let a: UInt8 = alpha && y > 900 ? UInt8(truncatingIfNeeded: state >> 24) : 255
                p[x, y] = Color(red: UInt8(x & 0xFF), green: UInt8(y & 0xFF), blue: UInt8(truncatingIfNeeded: state >> 16), alpha: a).premultiplied
            }
        }
        return p
    }

    @Test(arguments: [false, true])
    func piecesMakeOneStreamThatReadsBack(alpha: Bool) throws {
        let p = try frame(alpha: alpha)
        let bytes = try p.pngBytes()
        #expect(bytes == (try p.pngBytes()), "the same pixels, the same bytes")
        for threads in [1, 3] { #expect(bytes == (try p.pngBytes(threads: threads)), "the same bytes on \(threads) thread(s)") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-pieces-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/f.png"))
        let back = try Pixmap(contentsOfFile: dir + "/f.png")
        #expect(PixmapDifference(between: back, and: p).isEmpty)
        // zlib itself (through Python) inflates the joined stream and checks its Adler-32.
        let python = try ChildProcess.run("/usr/bin/python3", ["-c", """
        import struct, sys, zlib
        d = open(sys.argv[1], 'rb').read(); i = 8; idat = b''
        while i < len(d):
            n = struct.unpack('>I', d[i:i+4])[0]
            if d[i+4:i+8] == b'IDAT': idat += d[i+8:i+8+n]
            i += 12 + n
        print(len(zlib.decompress(idat)))
        """, dir + "/f.png"], timeout: 120)
        let text = python.output
        #expect(python.status == 0 && text == "\((1 + 1920 * (alpha ? 4 : 3)) * 1080)\n", "\(text)")
    }

    /// Pixels of pure noise, which no deflate can shrink, go in stored blocks within the room
    /// each piece has, and read back exactly.
    @Test func noiseThatCannotShrinkReadsBack() throws {
        let p = try Pixmap(width: 1500, height: 700, fill: .white)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<700 {
            for x in 0..<1500 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let v = UInt32(truncatingIfNeeded: state >> 32)
                p[x, y] = Color(red: UInt8(truncatingIfNeeded: v), green: UInt8(truncatingIfNeeded: v >> 8), blue: UInt8(truncatingIfNeeded: v >> 16),
                                alpha: UInt8(truncatingIfNeeded: v >> 24)).premultiplied
            }
        }
        let bytes = try p.pngBytes()
        #expect(bytes.count > 1500 * 700 * 4 * 9 / 10, "noise hardly shrinks: \(bytes.count) bytes")
        let back = try Pixmap(imageData: bytes, name: "noise.png")
        #expect(PixmapDifference(between: back, and: p).isEmpty)
    }
}
