import Foundation
import Testing
import ImageFiles
import Raster

/// The process's decoded images: one decode per file however it is named, a budget over every
/// image still alive, the least recently used let go first, and what cannot fit refused in one line.
@MainActor @Suite struct DecodedImageCacheTests {
    /// A fresh folder with a PNG of `side`×`side` pixels of `color` for each name.
    func folder(_ images: [String: Color], side: Int = 16) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-images-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, color) in images { try Pixmap(width: side, height: side, fill: color).writePNG(to: folder + "/" + name) }
        return folder
    }

    @Test func aFileIsDecodedOnceHoweverItsPathIsWritten() throws {
        let dir = try folder(["a.png": .black])
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        #expect(symlink(dir + "/a.png", dir + "/link.png") == 0)
        #expect(link(dir + "/a.png", dir + "/hard.png") == 0)
        let cache = DecodedImageCache()
        let names = ["a.png", "./a.png", "././a.png", "sub/../a.png", "link.png", "hard.png", "sub/../link.png", "./hard.png"]
        let images = try names.map { try cache.image(atPath: dir + "/" + $0) }
        #expect(cache.decodeCount == 1, "\(cache.decodeCount) decodes of one file named \(names.count) ways")
        #expect(images.allSatisfy { $0 === images[0] })
        #expect(cache.liveBytes == 16 * 16 * 4)
    }

    @Test func anEditedFileIsReadAgain() throws {
        let dir = try folder(["a.png": .black])
        let cache = DecodedImageCache()
        let before = try cache.image(atPath: dir + "/a.png")
        // Another size and other pixels: a new modification time, a new size, the same path.
        try Pixmap(width: 8, height: 8, fill: .white).writePNG(to: dir + "/a.png")
        let after = try cache.image(atPath: dir + "/a.png")
        #expect(cache.decodeCount == 2 && after.width == 8 && before.width == 16)
    }

    @Test func theLeastRecentlyUsedImageIsLetGoToMakeRoom() throws {
        let dir = try folder(["a.png": .black, "b.png": .white, "c.png": .black])
        let cache = DecodedImageCache(budget: 2 * 16 * 16 * 4)
        _ = try cache.image(atPath: dir + "/a.png")
        _ = try cache.image(atPath: dir + "/b.png")
        _ = try cache.image(atPath: dir + "/a.png")  // a is used more lately than b
        _ = try cache.image(atPath: dir + "/c.png")  // b is let go for it
        #expect(cache.decodeCount == 3 && cache.liveBytes == 2 * 16 * 16 * 4)
        _ = try cache.image(atPath: dir + "/a.png")
        #expect(cache.decodeCount == 3, "a was kept")
        _ = try cache.image(atPath: dir + "/b.png")
        #expect(cache.decodeCount == 4, "b was let go and is decoded again")
        #expect(cache.liveBytes <= cache.budget)
    }

    @Test func imagesStillHeldCountAndWhatWouldPassIsRefusedInOneLine() throws {
        let dir = try folder(["a.png": .black, "b.png": .white, "c.png": .black])
        let cache = DecodedImageCache(budget: 2 * 16 * 16 * 4)
        // Held by whoever asked: letting go of the cache's own reference frees nothing.
        do {
            let held = try [cache.image(atPath: dir + "/a.png"), cache.image(atPath: dir + "/b.png")]
            defer { withExtendedLifetime(held) {} }
            do {
                _ = try cache.image(atPath: dir + "/c.png")
                Issue.record("a third image fits a budget of two")
            } catch {
                #expect(error.isOverBudget)
                #expect(error.description == "\(dir)/c.png: decoded, its 16x16 pixels would take 1 KiB, and the images already held take 2 KiB: more than the 2 KiB of decoded images a process may hold",
                        "\(error)")
            }
        }
        #expect(cache.decodeCount == 2)
        // Once they are let go, the third fits.
        #expect(try cache.image(atPath: dir + "/c.png").width == 16)
        // An image larger than the whole budget is refused from its header, never decoded.
        let small = DecodedImageCache(budget: 1000)
        #expect(throws: ImageFileError(path: dir + "/a.png", reason: "decoded, its 16x16 pixels would take 1 KiB, more than the 1000 bytes of decoded images a process may hold", isOverBudget: true)) {
            try small.image(atPath: dir + "/a.png")
        }
        #expect(small.decodeCount == 0)
    }

    @Test func filesThatAreNotImagesSayWhyAsPixmapDoes() throws {
        let dir = try folder([:])
        let cache = DecodedImageCache()
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: dir + "/notes.png"))
        for path in [dir + "/nowhere.png", dir, dir + "/notes.png", "/dev/zero"] {
            var expected = ""
            do { _ = try Pixmap(contentsOfFile: path) } catch { expected = error.description }
            do { _ = try cache.image(atPath: path); Issue.record("\(path) loaded") } catch {
                #expect(error.description == expected)
            }
        }
    }
}
