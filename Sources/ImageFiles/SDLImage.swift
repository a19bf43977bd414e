import CSDL2Image

/// The parts of SDL2_image (and SDL's error and RWops plumbing) the image files use.
enum SDLImage {
    /// Turns on every codec once, so concurrent loads never race on SDL_image's lazy set-up.
    static func initializeCodecs() { _ = codecs }
    private static let codecs: Int32 = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue
        | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue))

    /// The calling thread's last SDL error without a closing period, or a placeholder when SDL left none.
    static func lastError() -> String {
        guard let message = SDL_GetError() else { return "unknown error" }
        var text = String(cString: message)
        if text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "unknown error" : text
    }

    /// Collects what SDL_image writes through an `SDL_RWops`, in memory.
    final class MemorySink {
        var bytes: [UInt8] = []

        /// An `SDL_RWops` appending to `bytes`; it frees itself when closed. The sink must outlive it.
        func makeRWops() -> UnsafeMutablePointer<SDL_RWops>? {
            guard let rw = SDL_AllocRW() else { return nil }
            rw.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
            rw.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
            rw.pointee.size = { _ in -1 }
            rw.pointee.seek = { _, _, _ in -1 }
            rw.pointee.read = { _, _, _, _ in 0 }
            rw.pointee.write = { context, data, size, count in
                guard let context, let raw = context.pointee.hidden.unknown.data1 else { return 0 }
                let sink = Unmanaged<MemorySink>.fromOpaque(raw).takeUnretainedValue()
                let (total, overflow) = size.multipliedReportingOverflow(by: count)
                guard !overflow else { return 0 }
                if total > 0, let data { sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: total)) }
                return count
            }
            rw.pointee.close = { context in
                if let context { SDL_FreeRW(context) }
                return 0
            }
            return rw
        }
    }
}
