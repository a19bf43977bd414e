/// How the dim writes its rows: plain stores, or non-temporal (streaming) ones that skip reading each
/// destination cache line first, and from what size of region a dim into another pixmap streams.
extension DimBlend {
    /// How a row kernel stores: a type per kind, so each kind gets its own specialized copy of the
    /// kernel (a run-time flag would test itself at every store).
    protocol RowStores { static var streaming: Bool { get } }
    enum PlainStores: RowStores { static var streaming: Bool { false } }
    enum StreamingStores: RowStores { static var streaming: Bool { true } }

    /// How a dim into another pixmap writes it.
    public enum Stores: Sendable {
        /// Streaming from `streamingBytes` of region up, plain below.
        case automatic
        /// Plain stores at every size.
        case plain
        /// Non-temporal stores (ignored in place).
        case streaming
    }

    /// The size of region (in bytes of destination) from which a dim into another pixmap streams:
    /// where its source and destination together pass three quarters of the last-level cache (as
    /// glibc sizes memcpy's non-temporal threshold), so they no longer stay in it from one frame to
    /// the next; 4 MiB when the system reports no cache. Measured on a 2-core EPYC with 32 MiB of L3
    /// per core pair: 12 MiB, so a 1920x1080 frame (7.9 MiB) dims with plain stores and a
    /// 3840x2160 one (31.6 MiB) streams.
    public static let streamingBytes: Int = streamingBytes(lastLevelCache: LastLevelCache.reported?.bytes)

    /// The streaming threshold for a last-level cache of `bytes` (nil: unknown).
    static func streamingBytes(lastLevelCache bytes: Int?) -> Int {
        guard let bytes, bytes >= 1 << 20 else { return 4 << 20 }
        return bytes / 8 * 3
    }

    /// What sized `streamingBytes`, for reports.
    public static var cacheDescription: String {
        LastLevelCache.reported.map { "3/8 of the last-level cache, \($0.source)" } ?? "no cache reported: 4 MiB"
    }
}
