#if canImport(Glibc)
import CMalloc
import Glibc
#endif

/// How this process's C allocator hands out and takes back large buffers (frames, layers, masks):
/// a process-wide choice, so the program makes it (`limelight`'s commands, the benchmarks, the
/// soak), never a library. Call one at start, before any large buffer exists.
public enum ProcessMemory {
    /// Asks the C allocator to give every buffer of 1 MiB or more (frames, base layers, overlay
    /// cards, full-screen masks) a mapping of its own, returned to the system when freed. Call once
    /// at process start, before any pixmap exists.
    ///
    /// glibc otherwise raises its mapping threshold each time such a buffer is freed, so later frames
    /// of other sizes (after window resizes) come from the heap and leave it fragmented: resident
    /// memory then creeps up over a long session although nothing leaks. With the threshold fixed,
    /// a 100,000-event soak keeps its resident memory flat (BENCHMARKS.md). No effect elsewhere.
    public static func returnLargeBuffersToTheSystem() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        // Fixing the threshold also stops glibc from raising the trim threshold with it; left at its
        // default (128 KiB) the heap would be handed back and faulted in again around every mask.
        _ = mallopt(M_TRIM_THRESHOLD, 32 << 20)
        #endif
    }

    /// The opposite policy, for a batch run that makes many frames and lets each go (`limelight
    /// test` makes a stage and a frame per group): buffers up to glibc's largest threshold (32 MiB)
    /// come from the heap and the heap is not handed back, so the next frame reuses the last one's
    /// memory instead of mapping and faulting in fresh pages (a third of a green run's time went to
    /// page faults). The process ends soon after; its peak memory is what it is anyway.
    public static func keepLargeBuffersForReuse() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 1 << 30)
        #endif
    }
}
