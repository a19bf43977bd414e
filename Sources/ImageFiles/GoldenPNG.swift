import Files
import Foundation
import Raster

/// Golden images that carry the digest of their own pixels, so a frame that matches is told so
/// without decoding anything: a `tEXt` chunk (`limelight-digest`) before IEND holds the pixels'
/// digest and the digest of the file's image data (its IDAT chunks). The second is checked on
/// every read, so a golden edited since (its pixels changed, the chunk kept) is decoded and compared
/// as any PNG is.
public enum GoldenPNG {
    /// The chunk's keyword.
    static let keyword = "limelight-digest"

    /// `png` with the digest chunk of `pixels` (a `Pixmap.pixelDigest`) before its IEND.
    static func addingDigest(to png: [UInt8], pixels: String) -> [UInt8] {
        guard case .chunks(let chunks) = PNGChunks.walk(png), let end = chunks.last, end.type == "IEND" else { return png }
        let text = Array((keyword + "\u{0}" + "pixels=\(pixels) idat=\(imageDataDigest(png, chunks))").utf8)
        return Array(png[..<end.whole.lowerBound]) + PNGChunks.chunk("tEXt", text) + Array(png[end.whole])
    }

    /// The pixel digest the PNG file at `path` carries, when it has one and its image data is what it
    /// was when the digest was made; nil otherwise (no digest, an edited file, not a PNG, unreadable).
    public static func storedPixelDigest(ofFile path: String) -> String? {
        guard let png = try? InputFile.read(path, limit: Pixmap.maxImageFileBytes, kind: "a PNG golden") else { return nil }
        return storedPixelDigest(of: png)
    }

    /// The pixel digest the PNG `png` carries, as `storedPixelDigest(ofFile:)` tells it.
    public static func storedPixelDigest(of png: [UInt8]) -> String? {
        guard case .chunks(let chunks) = PNGChunks.walk(png) else { return nil }
        for chunk in chunks where chunk.type == "tEXt" {
            let text = String(decoding: png[chunk.data], as: UTF8.self)
            guard text.hasPrefix(keyword + "\u{0}") else { continue }
            var fields: [String: String] = [:]
            for word in text.dropFirst(keyword.count + 1).split(separator: " ") {
                let parts = word.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            guard let pixels = fields["pixels"], fields["idat"] == imageDataDigest(png, chunks) else { return nil }
            return pixels
        }
        return nil
    }

    /// The digest of the IDAT chunks' data, in order.
    private static func imageDataDigest(_ png: [UInt8], _ chunks: [PNGChunks.Chunk]) -> String {
        var idat: [UInt8] = []
        for chunk in chunks where chunk.type == "IDAT" { idat += png[chunk.data] }
        return digest(of: idat[...])
    }
}
