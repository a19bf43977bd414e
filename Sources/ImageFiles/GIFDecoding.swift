import CGIF
import Raster

/// GIFs decoded with giflib's record-by-record reader: its first frame, at the frame's own size
/// (as SDL2_image gave it), the transparent colour of the graphic control block before it clear.
///
/// giflib rather than SDL2_image: SDL_image 2.6's own GIF reader wrote out of bounds on a 66-byte
/// file the image fuzzer made (a frame wider than its LZW data; fuzz/regressions/image), and giflib
/// is the reader every distribution and OSS-Fuzz exercise. The header walk (`ImageHeader.gif`) has
/// measured every frame before this runs; giflib reads the frame's size again and the two must agree.
enum GIFDecoding {
    /// The bytes giflib reads through its input callback.
    private final class Source {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    }

    /// Decodes the GIF `bytes` (the first frame) into `pixmap`, of the first frame's size.
    static func decode(_ bytes: [UInt8], into pixmap: Pixmap) throws(ImageHeader.Failure) {
        let failure: ImageHeader.Failure? = bytes.withUnsafeBytes { raw in
            let source = Source(raw)
            var error: Int32 = 0
            let read: InputFunc = { gif, buffer, count in
                guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
                let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
                let n = min(Int(count), source.bytes.count - source.offset)
                guard n > 0 else { return 0 }
                buffer.update(from: source.bytes.baseAddress!.advanced(by: source.offset).assumingMemoryBound(to: UInt8.self), count: n)
                source.offset += n
                return Int32(n)
            }
            guard let gif = withExtendedLifetime(source, { DGifOpen(Unmanaged.passUnretained(source).toOpaque(), read, &error) }) else {
                return damaged(error)
            }
            defer { var e: Int32 = 0; DGifCloseFile(gif, &e) }
            return withExtendedLifetime(source) { firstFrame(gif, into: pixmap) }
        }
        if let failure { throw failure }
    }

    /// Reads records up to the first frame and decodes it; nil on success.
    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, into pixmap: Pixmap) -> ImageHeader.Failure? {
        var transparent: Int32 = -1
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { return damaged(gif.pointee.Error) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return damaged(gif.pointee.Error) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparent = control.TransparentColor }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return damaged(gif.pointee.Error) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return damaged(gif.pointee.Error) }
                return frame(gif, transparent: transparent, into: pixmap)
            case TERMINATE_RECORD_TYPE:
                return ImageHeader.Failure(reason: "a GIF without a frame")
            default:
                return ImageHeader.Failure(reason: "a damaged GIF (an unknown record)")
            }
        }
    }

    /// The current frame's rows (interlaced or not) through its colour map into `pixmap`.
    private static func frame(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int32, into pixmap: Pixmap) -> ImageHeader.Failure? {
        let image = gif.pointee.Image
        let width = Int(image.Width), height = Int(image.Height)
        guard width == pixmap.width, height == pixmap.height else {
            return ImageHeader.Failure(reason: "a damaged GIF (giflib reads its first frame as \(width)x\(height), not \(pixmap.width)x\(pixmap.height))")
        }
        // Each index's colour, opaque; indices past the map's end are black, the transparent one clear.
        var palette = [UInt32](repeating: 0xFF00_0000, count: 256)
        if let map = image.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors {
            for i in 0..<min(256, max(0, Int(map.pointee.ColorCount))) {
                let c = colors[i]
                palette[i] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
            }
        }
        if (0..<256).contains(transparent) { palette[Int(transparent)] = 0 }
        var line = [GifPixelType](repeating: 0, count: width)
        // Interlaced frames come in four passes: every 8th row from 0, every 8th from 4, every 4th
        // from 2, every 2nd from 1.
        let passes: [(start: Int, step: Int)] = image.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        for pass in passes {
            for y in stride(from: pass.start, to: height, by: pass.step) {
                guard DGifGetLine(gif, &line, Int32(width)) == GIF_OK else { return damaged(gif.pointee.Error) }
                let row = pixmap.row(y)
                for x in 0..<width { row[x] = palette[Int(line[x])] }
            }
        }
        return nil
    }

    private static func damaged(_ code: Int32) -> ImageHeader.Failure {
        let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return ImageHeader.Failure(reason: "a damaged GIF (giflib: \(text.hasSuffix(".") ? String(text.dropLast()) : text))")
    }
}
