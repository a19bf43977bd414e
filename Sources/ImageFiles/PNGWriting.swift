import CDeflate
import CISAL
import CZlib
import Files
import Foundation
import Raster

extension Pixmap {
    /// Writes the pixmap as a PNG with straight alpha (RGB when every pixel is opaque, as frames are).
    ///
    /// The image is encoded in memory (`encodePNG`: unfiltered rows, compressed by ISA-L's igzip in
    /// pieces side by side) and saved with
    /// `AtomicFile` (a temporary file beside `path`, every write, the fsync and the close checked,
    /// then renamed over it): a full disk is an error and not a cut-off file, and a failed save keeps
    /// what was there before. Every premultiplied value that `Color.premultiplied` produces reads back
    /// unchanged through `init(contentsOfFile:)`. A device such as /dev/null or a pipe is written in
    /// place and never replaced; a folder, a socket or a block device is refused. With `digest`, the file carries the digest of its pixels
    /// (`GoldenPNG`), so a later comparison with it need not decode it. Without `durable`, the file
    /// is not flushed to the disk (a scratch result, made again by the next run). `threads` bounds
    /// the threads it is compressed on (nil: one a core; a run of several processes gives each
    /// one); the file is the same for any number.
    public func writePNG(to path: String, digest: Bool = false, durable: Bool = true, threads: Int? = nil) throws(ImageFileError) {
        try ImageFileChecks.checkWritable(path)
        var bytes = try encodePNG(path: path, threads: threads)
        if digest { bytes = GoldenPNG.addingDigest(to: bytes, pixels: pixelDigest) }
        do { try AtomicFile(steps: durable ? .system : .unsynced, mode: 0o666).write(Data(bytes), to: path) } catch {
            let reason = error.call == "open"
                ? "cannot create a file in \(AtomicFile.split(path).folder): \(error.reason)" : error.reason
            throw ImageFileError(path: path, reason: "cannot write (\(reason))")
        }
    }

    /// The pixmap as PNG bytes, in memory (an image embedded in a page, a pipe), compressed on up
    /// to `threads` threads (nil: one a core).
    public func pngBytes(threads: Int? = nil) throws(ImageFileError) -> [UInt8] { try encodePNG(path: "(in memory)", threads: threads) }

    /// The PNG file's bytes as `writePNG(to:digest:)` writes them: with the digest of the pixels
    /// when `digest` is true (see `GoldenPNG`).
    public func pngBytes(digest: Bool, threads: Int? = nil) throws(ImageFileError) -> [UInt8] {
        let bytes = try encodePNG(path: "(in memory)", threads: threads)
        return digest ? GoldenPNG.addingDigest(to: bytes, pixels: pixelDigest) : bytes
    }

    /// igzip's level for a PNG's image data: 1, which compresses frames of an interface (flat
    /// colour, text, a few pictures) within a tenth of zlib's fastest level, 10-20 times as fast.
    static let compressionLevel: UInt32 = 1

    /// The raw bytes each piece of the image data holds at least: pieces are compressed side by
    /// side. The split depends on the image's size alone, never on the machine's cores or the
    /// threads asked for, so the same pixels give the same file everywhere.
    static let pieceBytes = 128 << 10
    /// The most pieces an image is split into.
    static let maxPieces = 8
    /// The raw bytes a piece converts at a time and hands to igzip (at least a row), while they are
    /// still in the cache.
    static let feedBytes = 32 << 10
    /// The window igzip matches against: the raw bytes before a piece that prime it.
    static let windowBytes = 32 << 10

    /// The PNG file's bytes: 8-bit RGB (or RGBA when a pixel is not opaque), unfiltered rows
    /// (frames of an interface compress well without filters, at a fraction of the time), and the
    /// image data one zlib stream made as pigz makes one: the rows cut into pieces, each compressed
    /// by igzip on its own (primed with the 32 KiB before it, ended on a byte boundary with a sync
    /// flush, the last finished), joined, and closed with the Adler-32 of the whole. Each piece
    /// converts its rows a few at a time and hands them to zlib, so the image is never held twice.
    /// The pieces are compressed on up to `threads` threads (nil: one a core); the bytes are the
    /// same for any number. `path` only names the file in errors.
    func encodePNG(path: String, threads: Int? = nil) throws(ImageFileError) -> [UInt8] {
        // Frames are opaque: their rows go as RGB, and again as RGBA only when a pixel is not.
        var channels = 3
        var encoded = try encodedPieces(channels: 3, threads: threads, path: path)
        if encoded == nil {
            channels = 4
            encoded = try encodedPieces(channels: 4, threads: threads, path: path)
        }
        guard let (data, checksum) = encoded else { throw ImageFileError(path: path, reason: "cannot write (igzip could not compress the image data)") }
        var idat: [UInt8] = [0x78, 0x01]  // a zlib header: deflate, 32 KiB window, fast
        idat.reserveCapacity(data.count + 6)
        idat += data
        idat += be32(UInt32(truncatingIfNeeded: checksum))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(idat.count + 128)
        let header: [UInt8] = be32(UInt32(width)) + be32(UInt32(height)) + [8, channels == 3 ? 2 : 6, 0, 0, 0]
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

    /// What a piece came to: its compressed bytes' length and its Adler-32, or why there are none.
    private enum Piece {
        case compressed(length: Int, adler: UInt)
        /// An RGB piece met a pixel that is not opaque.
        case notOpaque
        /// igzip failed (no room).
        case failed
    }

    /// The image data as raw deflate (pieces joined) and the Adler-32 of the raw rows, with
    /// `channels` bytes a pixel; nil when `channels` is 3 and a pixel is not opaque.
    private func encodedPieces(channels: Int, threads: Int?, path: String) throws(ImageFileError) -> (data: [UInt8], adler: UInt)? {
        let rowBytes = 1 + width * channels
        let (rawCount, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow else { throw ImageFileError(path: path, reason: "cannot write (the image is too large for one PNG)") }
        let count = max(1, min(Self.maxPieces, rawCount / Self.pieceBytes))
        let rowsEach = (height + count - 1) / count
        let pieces = (0..<count).map { k in min(height, k * rowsEach)..<min(height, (k + 1) * rowsEach) }
        // Room for each piece, in its own part of one buffer (only what it writes is ever touched):
        // data igzip cannot compress goes in stored blocks of up to 64 KiB, 5 bytes of header each,
        // so 1/64 more and room for the flushes always holds.
        var starts = [0]
        for r in pieces {
            let bytes = r.count * rowBytes
            starts.append(starts.last! + bytes + bytes / 64 + 1024)
        }
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: starts.last!)
        let results = UnsafeMutableBufferPointer<Piece>.allocate(capacity: count)
        defer { out.deallocate(); results.deallocate() }
        nonisolated(unsafe) let (output, pieceResults) = (out, results)
        let ends = starts
        let image = RowSource(pixels: pixels, width: width, stride: stride, channels: channels)
        Self.perform(count, threads: threads) { k in
            let space = UnsafeMutableBufferPointer(rebasing: output[ends[k]..<ends[k + 1]])
            (pieceResults.baseAddress! + k).initialize(to: Self.deflate(image, rows: pieces[k], last: k == count - 1, into: space))
        }
        var data: [UInt8] = []
        var adler = UInt(adler32(0, nil, 0))
        for k in 0..<count {
            switch results[k] {
            case .notOpaque: return nil
            case .failed: throw ImageFileError(path: path, reason: "cannot write (igzip could not compress the image data)")
            case let .compressed(length, pieceAdler):
                data += out[ends[k]..<(ends[k] + length)]
                adler = UInt(adler32_combine(uLong(adler), uLong(pieceAdler), off_t(pieces[k].count * rowBytes)))
            }
        }
        return (data, adler)
    }

    /// Rows of premultiplied pixels, turned into a PNG's raw rows on demand. `@unchecked Sendable`:
    /// the pieces' threads only read the pixels, which nothing changes while they are compressed.
    private struct RowSource: @unchecked Sendable {
        var pixels: UnsafeMutablePointer<UInt32>
        var width: Int
        var stride: Int
        var channels: Int
        var rowBytes: Int { 1 + width * channels }

        /// Writes `rows` as raw rows (a filter byte, then the pixels) from `target` on; returns the
        /// AND of their pixels (an RGB row is exact only when its top byte is 0xFF).
        func convert(_ rows: Range<Int>, into target: UnsafeMutablePointer<UInt8>) -> UInt32 {
            var all: UInt32 = 0xFFFF_FFFF
            for (i, y) in rows.enumerated() {
                let line = target + i * rowBytes
                line[0] = 0  // filter: none
                let source = UnsafeBufferPointer(start: pixels + y * stride, count: width)
                if channels == 3 {
                    all &= Premultiplication.opaqueRGB(source, into: line + 1)
                } else {
                    Premultiplication.straightRGBA(source, into: line + 1)
                }
            }
            return all
        }
    }

    /// The machine's cores, asked once (the answer reads /proc).
    private static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Runs `body` for 0..<count on up to `threads` threads (nil: as many as the machine has
    /// cores), each taking every `threads`-th; on this thread alone when one is asked for.
    private static func perform(_ count: Int, threads: Int?, _ body: @Sendable (Int) -> Void) {
        let strands = min(count, max(1, threads ?? cores))
        guard strands > 1 else { for k in 0..<count { body(k) }; return }
        DispatchQueue.concurrentPerform(iterations: strands) { strand in
            for k in Swift.stride(from: strand, to: count, by: strands) { body(k) }
        }
    }

    /// `v` as four big-endian bytes.
    private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// One piece of a zlib stream: `rows` of `image` as raw deflate into `space`, primed with the
    /// 32 KiB of raw rows before them, fed a few rows at a time, ended with a sync flush (or
    /// finished when it is the `last`).
    private static func deflate(_ image: RowSource, rows: Range<Int>, last: Bool, into space: UnsafeMutableBufferPointer<UInt8>) -> Piece {
        var stream = isal_zstream()
        isal_deflate_init(&stream)
        let work = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(limelight_isal_level1_buffer))
        defer { work.deallocate() }
        stream.level = compressionLevel
        stream.level_buf = work
        stream.level_buf_size = limelight_isal_level1_buffer
        stream.gzip_flag = UInt16(IGZIP_DEFLATE)
        let rowBytes = image.rowBytes
        let feedRows = max(1, feedBytes / rowBytes)
        // Room for the primer's rows (a window and one row more) and for one feed.
        let primerRows = min(rows.lowerBound, (windowBytes + rowBytes - 1) / rowBytes)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(primerRows, feedRows) * rowBytes)
        defer { buffer.deallocate() }
        if primerRows > 0 {
            // Pixels here belong to the piece before, which checks them.
            _ = image.convert((rows.lowerBound - primerRows)..<rows.lowerBound, into: buffer)
            let primer = min(windowBytes, primerRows * rowBytes)
            guard isal_deflate_set_dict(&stream, buffer + primerRows * rowBytes - primer, UInt32(primer)) == COMP_OK else { return .failed }
        }
        stream.next_out = space.baseAddress
        stream.avail_out = UInt32(space.count)
        var adler = UInt(adler32(0, nil, 0))
        var y = rows.lowerBound
        repeat {
            let feed = y..<min(rows.upperBound, y + feedRows)
            let all = image.convert(feed, into: buffer)
            if image.channels == 3 && all >> 24 != 0xFF { return .notOpaque }
            let bytes = feed.count * rowBytes
            adler = UInt(libdeflate_adler32(UInt32(truncatingIfNeeded: adler), buffer, bytes))
            stream.next_in = buffer
            stream.avail_in = UInt32(bytes)
            let final = feed.upperBound == rows.upperBound
            stream.end_of_stream = final && last ? 1 : 0
            stream.flush = UInt16(final && !last ? SYNC_FLUSH : NO_FLUSH)
            guard isal_deflate(&stream) == COMP_OK, stream.avail_in == 0, stream.avail_out > 0 else { return .failed }
            y = feed.upperBound
        } while y < rows.upperBound
        // The stream's end (or the sync flush) is written once igzip has reached it.
        guard !last || stream.internal_state.state == ZSTATE_END else { return .failed }
        return .compressed(length: space.count - Int(stream.avail_out), adler: adler)
    }
}
