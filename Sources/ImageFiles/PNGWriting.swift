import CZlib
import Files
import Foundation
import Raster

extension Pixmap {
    /// Writes the pixmap as a PNG with straight alpha (RGB when every pixel is opaque, as frames are).
    ///
    /// The image is encoded in memory (`encodePNG`: unfiltered rows, compressed by zlib in pieces
    /// side by side) and saved with
    /// `AtomicFile` (a temporary file beside `path`, every write, the fsync and the close checked,
    /// then renamed over it): a full disk is an error and not a cut-off file, and a failed save keeps
    /// what was there before. Every premultiplied value that `Color.premultiplied` produces reads back
    /// unchanged through `init(contentsOfFile:)`. Refuses to replace anything but a regular file (a
    /// device such as /dev/null, a pipe). With `digest`, the file carries the digest of its pixels
    /// (`GoldenPNG`), so a later comparison with it need not decode it. Without `durable`, the file
    /// is not flushed to the disk (a scratch result, made again by the next run).
    public func writePNG(to path: String, digest: Bool = false, durable: Bool = true) throws(ImageFileError) {
        try ImageFileChecks.checkWritable(path)
        var bytes = try encodePNG(path: path)
        if digest { bytes = GoldenPNG.addingDigest(to: bytes, pixels: pixelDigest) }
        do { try AtomicFile(steps: durable ? .system : .unsynced, mode: 0o666).write(Data(bytes), to: path) } catch {
            let reason = error.call == "open"
                ? "cannot create a file in \(AtomicFile.split(path).folder): \(error.reason)" : error.reason
            throw ImageFileError(path: path, reason: "cannot write (\(reason))")
        }
    }

    /// The pixmap as PNG bytes, in memory (an image embedded in a page, a pipe).
    public func pngBytes() throws(ImageFileError) -> [UInt8] { try encodePNG(path: "(in memory)") }

    /// Whether every pixel is opaque.
    var isOpaque: Bool {
        for y in 0..<height {
            let r = row(y)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= r[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// zlib's level for a PNG's image data: its fastest, which frames of an interface (flat colour,
    /// text, a few pictures) compress nearly as well at as at any other.
    static let compressionLevel: Int32 = 1

    /// The raw bytes each piece of the image data holds at least: pieces are compressed side by
    /// side. The split depends on the image's size alone, never on the machine's cores, so the same
    /// pixels give the same file everywhere.
    static let pieceBytes = 512 << 10
    /// The most pieces an image is split into.
    static let maxPieces = 8

    /// The PNG file's bytes: 8-bit RGB (or RGBA when a pixel is not opaque), unfiltered rows
    /// (frames of an interface compress well without filters, at a fraction of the time), and the
    /// image data one zlib stream made as pigz makes one: the rows cut into pieces, each compressed
    /// by zlib on its own thread (primed with the 32 KiB before it, ended on a byte boundary with a
    /// sync flush, the last finished), joined, and closed with the Adler-32 of the whole.
    /// `path` only names the file in errors.
    func encodePNG(path: String) throws(ImageFileError) -> [UInt8] {
        let opaque = isOpaque
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        let (rawCount, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow else { throw ImageFileError(path: path, reason: "cannot write (the image is too large for one PNG)") }
        let pieces = max(1, min(Self.maxPieces, rawCount / Self.pieceBytes))
        let rowsEach = (height + pieces - 1) / pieces
        let rows = (0..<pieces).map { k in min(height, k * rowsEach)..<min(height, (k + 1) * rowsEach) }
        // zlib's bound for each piece, plus room for the sync flush's empty block.
        var outStarts = [0]
        for r in rows { outStarts.append(outStarts.last! + Int(compressBound(uLong(r.count * rowBytes))) + 16) }
        // The rows, the compressed pieces (each in its own part of one buffer, so the threads
        // allocate nothing large of their own) and each piece's result: every slot is written by
        // one thread, and read only after `concurrentPerform` has returned.
        let raw = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rawCount)
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: outStarts.last!)
        let results = UnsafeMutableBufferPointer<(length: Int, adler: uLong)?>.allocate(capacity: pieces)
        defer { raw.deallocate(); out.deallocate(); results.deallocate() }
        nonisolated(unsafe) let (rawRows, output, pieceResults, pixels) = (raw, out, results, self.pixels)
        let width = self.width, stride = self.stride, starts = outStarts
        // The rows first, each piece's on its own thread; then each piece compressed, once the rows
        // before it (its primer) are there too.
        DispatchQueue.concurrentPerform(iterations: pieces) { k in
            for y in rows[k] {
                let line = rawRows.baseAddress! + y * rowBytes
                line[0] = 0  // filter: none
                Premultiplication.unpremultiply(UnsafeBufferPointer(start: pixels + y * stride, count: width),
                                                into: UnsafeMutableBufferPointer(start: line + 1, count: width * channels), channels: channels)
            }
        }
        DispatchQueue.concurrentPerform(iterations: pieces) { k in
            let range = (rows[k].lowerBound * rowBytes)..<(rows[k].upperBound * rowBytes)
            let space = UnsafeMutableBufferPointer(rebasing: output[starts[k]..<starts[k + 1]])
            (pieceResults.baseAddress! + k).initialize(to: Self.deflate(UnsafeBufferPointer(rawRows), range: range, last: k == pieces - 1, into: space))
        }
        var checksum = adler32(0, nil, 0)
        var idat: [UInt8] = [0x78, 0x01]  // a zlib header: deflate, 32 KiB window, fastest
        idat.reserveCapacity(results.reduce(6) { $0 + ($1?.length ?? 0) })
        for k in 0..<pieces {
            guard let piece = results[k] else { throw ImageFileError(path: path, reason: "cannot write (zlib could not compress the image data)") }
            idat += out[outStarts[k]..<(outStarts[k] + piece.length)]
            checksum = adler32_combine(checksum, piece.adler, off_t(rows[k].count * rowBytes))
        }
        let a = UInt32(truncatingIfNeeded: checksum)
        idat += [UInt8(a >> 24), UInt8(a >> 16 & 0xFF), UInt8(a >> 8 & 0xFF), UInt8(a & 0xFF)]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(idat.count + 128)
        let header: [UInt8] = be32(UInt32(width)) + be32(UInt32(height)) + [8, opaque ? 2 : 6, 0, 0, 0]
        png += PNGChunks.chunk("IHDR", header)
        // PNG chunks hold at most 2³¹ − 1 bytes; a frame's data is far below, but split anyway.
        var offset = 0
        repeat {
            let n = min(idat.count - offset, 1 << 30)
            png += PNGChunks.chunk("IDAT", Array(idat[offset..<(offset + n)]))
            offset += n
        } while offset < idat.count
        png += PNGChunks.chunk("IEND", [])
        return png
    }

    /// `v` as four big-endian bytes.
    private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// One piece of a zlib stream: `range` of `raw` as raw deflate into `space`, primed with the
    /// 32 KiB before it, ended with a sync flush (or finished when it is the `last`); its length
    /// and its Adler-32, or nil when zlib fails (out of memory, no room).
    static func deflate(_ raw: UnsafeBufferPointer<UInt8>, range: Range<Int>, last: Bool,
                        into space: UnsafeMutableBufferPointer<UInt8>) -> (length: Int, adler: uLong)? {
        var stream = z_stream()
        guard limelight_deflate_init_raw(&stream, compressionLevel) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let base = UnsafeMutablePointer(mutating: raw.baseAddress!)
        let primer = min(range.lowerBound, 32 << 10)
        if primer > 0 { deflateSetDictionary(&stream, base + range.lowerBound - primer, uInt(primer)) }
        stream.next_in = base + range.lowerBound
        stream.avail_in = uInt(range.count)
        stream.next_out = space.baseAddress
        stream.avail_out = uInt(space.count)
        let status = CZlib.deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
        guard status == (last ? Z_STREAM_END : Z_OK), stream.avail_in == 0, stream.avail_out > 0 else { return nil }
        return (space.count - Int(stream.avail_out), adler32(adler32(0, nil, 0), base + range.lowerBound, uInt(range.count)))
    }
}
