import Foundation
import Testing
import ImageFiles
import Raster
import Seeded
import TestSupport

/// Images are decoded by the decoder of the format their header names, on the bytes the header
/// check read: the files that once made SDL_image rasterize an SVG, allocate for a GIF frame far
/// larger than its screen or run its TGA reader on a BMP are refused or read as what they are, and
/// every format read decodes to the pixels ImageMagick reads. The seed images and the regressions
/// are the image fuzz harness's corpus (fuzz/corpus/image, fuzz/regressions/image), so
/// `make test-asan` runs them under AddressSanitizer.
@Suite struct ImageDecodingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpus = repository.appendingPathComponent("fuzz/corpus/image").path
    static let regressions = repository.appendingPathComponent("fuzz/regressions/image").path

    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            .map { folder + "/" + $0 }
    }

    func load(_ path: String) -> Result<Pixmap, ImageFileError> {
        do { return .success(try Pixmap(contentsOfFile: path)) } catch { return .failure(error) }
    }

    @Test func aWebPHoldingAnSVGIsReadAsAWebPAndRefused() {
        let path = Self.regressions + "/webp-holding-svg.webp"
        guard case .failure(let error) = load(path) else { Issue.record("loaded"); return }
        #expect(error.reason.hasPrefix("a damaged WebP ("), "\(error)")
    }

    @Test func aGIFFrameLargerThanItsScreenIsRefusedBeforeDecoding() {
        let cases = [
            ("gif-huge-frame.gif", "its first GIF frame claims 65535x65535 pixels, more than the 16384 a side and 64 megapixels an image may have"),
            ("gif-huge-second-frame.gif", "its GIF frame 2 claims 65535x65535 pixels, more than the 16384 a side and 64 megapixels an image may have"),
            // SDL_image searches the bytes for another frame after one it cannot decode: refused first.
            ("gif-empty-frame-then-fake-frame.gif", "its first GIF frame gives a size of 0x1 (an image needs at least 1x1)"),
        ]
        for (name, reason) in cases {
            guard case .failure(let error) = load(Self.regressions + "/" + name) else { Issue.record("\(name) loaded"); continue }
            #expect(error.reason == reason, "\(name)")
        }
    }

    @Test func aBMPNamedTGAIsReadAsTheBMPItIs() throws {
        let image = try Pixmap(contentsOfFile: Self.regressions + "/bmp-named-tga.tga")
        #expect(image.width == 1 && image.height == 1)
        #expect(image[0, 0] == 0xFFFF_0000, "the one red pixel")
    }

    @Test func aGIFWithBytesBetweenItsBlocksIsRefused() throws {
        var gif = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/seed.gif")))
        gif.insert(0x42, at: gif.count - 1)  // before the trailer
        do { _ = try Pixmap(imageData: gif, name: "junk.gif"); Issue.record("loaded") } catch {
            #expect(error.reason.hasPrefix("a damaged GIF (an unknown block 0x42 at byte "), "\(error)")
        }
    }

    @Test func aJPEGWithTooManyScansIsRefused() throws {
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/seed-progressive.jpg")))
        // Repeat the last scan (its header and data) until there are far more scans than any encoder writes.
        let sos = jpeg.indices.last { jpeg[$0] == 0xFF && $0 + 1 < jpeg.count && jpeg[$0 + 1] == 0xDA }!
        let end = jpeg.count - 2
        let scan = Array(jpeg[sos..<end])
        let bombed = Array(jpeg[..<sos]) + Array(repeating: scan, count: 150).joined() + [0xFF, 0xD9]
        do { _ = try Pixmap(imageData: bombed, name: "scans.jpg"); Issue.record("loaded") } catch {
            #expect(error.reason == "a JPEG with more than 100 scans (each one decodes the whole image again)")
        }
    }

    /// The pixels ImageMagick reads from `path`, premultiplied as a Pixmap holds them. A PNG of 16
    /// bits a sample is read at 16 bits and keeps each sample's high byte, as PNG decoders reduce it
    /// (ImageMagick's own 8-bit output rounds instead).
    func imageMagickPixels(_ path: String) throws -> [UInt32] {
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(25))
        let sixteen = path.hasSuffix(".png") && head.count == 25 && head[24] == 16
        let finished = try ChildProcess.run("/usr/bin/convert", [path + "[0]", "-depth", sixteen ? "16" : "8", "-endian", "MSB", "rgba:-"],
                                            stderr: .discard, timeout: 120)
        var data = [UInt8](finished.stdout)
        // 16-bit samples come most significant byte first.
        if sixteen { data = stride(from: 0, to: data.count, by: 2).map { data[$0] } }
        var pixels: [UInt32] = []
        for i in stride(from: 0, to: data.count - 3, by: 4) {
            let color = Color(red: data[i], green: data[i + 1], blue: data[i + 2], alpha: data[i + 3])
            pixels.append(color.premultiplied)
        }
        return pixels
    }

    @Test func everyLosslessSeedDecodesToThePixelsImageMagickReads() throws {
        for path in Self.files(in: Self.corpus) where !path.hasSuffix(".jpg") && !path.hasSuffix(".qoi") && !path.contains("seed.webp") {
            let image = try Pixmap(contentsOfFile: path)
            let reference = try imageMagickPixels(path)
            #expect(reference.count == image.width * image.height, "\(path)")
            var different = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y] != reference[y * image.width + x] { different += 1 } }
            #expect(different == 0, "\(path): \(different) pixels differ from ImageMagick's")
        }
    }

    @Test func lossySeedsDecodeCloseToImageMagick() throws {
        // Decoders of lossy formats may round differently (libjpeg's fast DCT under SDL_image).
        for path in Self.files(in: Self.corpus) where path.hasSuffix(".jpg") || path.contains("seed.webp") {
            let image = try Pixmap(contentsOfFile: path)
            let reference = try imageMagickPixels(path)
            #expect(reference.count == image.width * image.height)
            var largest = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let a = image[x, y], b = reference[y * image.width + x]
                    for shift in [0, 8, 16] { largest = max(largest, abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF))) }
                }
            }
            #expect(largest <= 12, "\(path): a channel differs by \(largest)")
        }
    }

    @Test func theQOISeedDecodesToItsPixels() throws {
        let image = try Pixmap(contentsOfFile: Self.corpus + "/seed.qoi")
        #expect(image.width == 5 && image.height == 3)
        // The seed was written with pixel (i, j) = (40i, 80j, 200), opaque where i + j is odd.
        #expect(image.color(x: 1, y: 0) == Color(red: 40, green: 0, blue: 200))
        #expect(image[0, 0] >> 24 == 128)
    }

    /// Every file of the corpus and the regressions loads or is refused with one line naming it.
    @Test func everyCorpusFileLoadsOrIsRefusedInOneLine() {
        for path in Self.files(in: Self.corpus) + Self.files(in: Self.regressions) {
            if case .failure(let error) = load(path) {
                #expect(isOneLine(error.description) && error.description.hasPrefix(path + ": "), "\(error)")
            }
        }
    }

    /// Mutated images of every format through the real decoding path: each loads (at a size within
    /// the limits) or is refused in one line, quickly. `LIMELIGHT_FUZZ_ITERATIONS` runs more.
    @Test func mutatedImagesLoadOrAreRefusedInOneLine() throws {
        let seeds = try (Self.files(in: Self.corpus) + Self.files(in: Self.regressions)).map {
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0)))
        }
        let mutator = Mutator(dictionary: [
            [0x89, 0x50, 0x4E, 0x47], Array("IHDR".utf8), Array("IDAT".utf8), Array("IEND".utf8), Array("tEXt".utf8),
            [0xFF, 0xD8], [0xFF, 0xC0], [0xFF, 0xC2], [0xFF, 0xDA], [0xFF, 0xD9], [0xFF, 0x00], [0x2C], [0x21, 0xF9], [0x3B],
            Array("GIF89a".utf8), Array("BM".utf8), Array("RIFF".utf8), Array("WEBPVP8X".utf8), Array("VP8L".utf8), Array("qoif".utf8),
            [0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0x7F], [0x00, 0x40], Array("<svg width='40000' height='40000'>".utf8),
        ])
        var run = FuzzRun(name: "image", seed: FuzzSettings.seed(standard: 0x1AA6E), iterations: FuzzSettings.iterations(standard: 3000))
        // A mutated header within the limits may decode to 64 megapixels (a cut-off JPEG is filled
        // in by libjpeg), which takes seconds in a debug build: slow, not a hang.
        run.timeLimit = 10
        run.run(makeInput: { rng in mutator.mutate(rng.pick(seeds), others: seeds, rng: &rng) }) { bytes in
            do throws(ImageFileError) {
                let image = try Pixmap(imageData: bytes, name: "fuzz.img")
                return image.width <= 16384 && image.height <= 16384 && image.width * image.height <= 64_000_000
                    ? nil : "loaded at \(image.width)x\(image.height)"
            } catch {
                return isOneLine(error.description) && error.description.hasPrefix("fuzz.img: ") ? nil : "not one line: \(error)"
            }
        }
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))")
    }
}
