import Files
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Images decoded from files, shared by everything that reads them through it (tours' screenshots,
/// screens files' images), under one budget of decoded pixels.
///
/// An image is known by its file's identity — device and inode, with its size and modification
/// time, so an edited file is read again — not by the path as written: `a.webp`, `./a.webp` and a
/// link to it decode once. The budget counts every image decoded here that is still alive, kept
/// here or held by what asked for it (a loaded tour, a screens file): to make room the cache lets
/// go of the images it keeps, least recently used first, and an image that would pass the budget
/// even so — alone, or with the images still held — is refused with one line naming the file. The
/// header is measured before anything is decoded, so a refused image costs no pixels.
///
/// The budget is the process's to choose: the executable (or the host that embeds Limelight) makes
/// one cache and passes it to what loads images; a loader given none uses a cache of its own.
@MainActor
public final class DecodedImageCache {
    /// The budget when none is given: 512 MiB of decoded pixels, room for two images of the largest
    /// size allowed (64 megapixels).
    public static let defaultBudget = 512 << 20

    /// The most bytes of pixels (four a pixel) the images decoded here may take together while alive.
    public let budget: Int
    /// How many images were decoded (each one not found here), for tests and figures.
    public private(set) var decodeCount = 0

    /// What a file is, as `fstat` tells it on the open descriptor.
    private struct FileIdentity: Hashable {
        var device: UInt64, inode: UInt64, size: Int64, modified: Int64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        }
    }

    /// An image the cache holds. It holds each strongly until it lets it go, and lets go only of
    /// images nothing else holds (`isKnownUniquelyReferenced`), so every image decoded here that is
    /// alive is an entry and counted. (Weak references would tell the same, but the side tables
    /// they make are invisible to a leak checker while their images live to the process's end.)
    private struct Entry {
        /// The image.
        var image: Pixmap
        /// Its pixels' bytes.
        let bytes: Int
        /// When it was last asked for (a count of requests).
        var lastUse: Int
        /// False for an image whose file changed while it was read: counted, never found again.
        var matchesFile: Bool
    }

    private var entries: [FileIdentity: Entry] = [:]
    /// The bytes of every entry.
    private var countedBytes = 0
    private var requests = 0

    /// A cache of at most `budget` bytes of decoded pixels (at least one byte).
    public init(budget: Int = DecodedImageCache.defaultBudget) { self.budget = max(1, budget) }

    /// The bytes of pixels of the images decoded here that the cache or anything else still holds.
    public var liveBytes: Int { countedBytes }

    /// The image in the file at `path` (PNG, JPEG, GIF, BMP, WebP or QOI, read and measured as
    /// `Pixmap(contentsOfFile:)` reads it), decoded once for as long as anything holds it or the
    /// cache keeps it. Throws `ImageFileError` naming `path` when the file cannot be read or
    /// decoded, or when its pixels would pass the budget.
    public func image(atPath path: String) throws(ImageFileError) -> Pixmap {
        func fail(_ reason: String) -> ImageFileError { ImageFileError(path: path, reason: reason) }
        guard !path.isEmpty else { throw fail("an empty path (expected an image file)") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw fail(InputFile.openFailure(errno).reason) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail("cannot read the file (\(String(cString: strerror(errno))))") }
        let identity = FileIdentity(info)
        requests += 1
        if let entry = entries[identity], entry.matchesFile {
            entries[identity]?.lastUse = requests
            return entry.image
        }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(descriptor: fd, limit: Pixmap.maxImageFileBytes, kind: "an image file") } catch {
            throw fail(error.reason)
        }
        let size: ImageHeader.Size
        do { size = try ImageDecoding.measure(bytes) } catch { throw fail(error.reason) }
        let cost = size.width * size.height * 4
        try makeRoom(for: cost, size: size, path: path)
        let image: Pixmap
        do { image = try Pixmap(width: size.width, height: size.height) } catch { throw fail(error.description) }
        do { try ImageDecoding.decode(bytes, size: size, into: image) } catch { throw fail(error.reason) }
        decodeCount += 1
        // Found again only if the file did not change while it was read.
        var after = stat()
        let unchanged = fstat(fd, &after) == 0 && FileIdentity(after) == identity
        var key = identity
        if !unchanged { key.modified = -Int64(requests) }
        entries[key] = Entry(image: image, bytes: cost, lastUse: requests, matchesFile: unchanged)
        countedBytes += cost
        return image
    }

    /// Lets go of kept images, least recently used first, until `cost` more bytes fit the budget;
    /// refuses the image when they cannot.
    private func makeRoom(for cost: Int, size: ImageHeader.Size, path: String) throws(ImageFileError) {
        let pixels = "\(size.width)x\(size.height) pixels"
        guard cost <= budget else {
            throw ImageFileError(path: path, reason: "decoded, its \(pixels) would take \(InputFile.describe(bytes: cost)), more than the \(InputFile.describe(bytes: budget)) of decoded images a process may hold",
                                 isOverBudget: true)
        }
        guard countedBytes + cost > budget else { return }
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
        for key in oldestFirst where countedBytes + cost > budget {
            // An image something else still holds stays (and counts): letting go of it frees nothing.
            guard isKnownUniquelyReferenced(&entries[key]!.image) else { continue }
            countedBytes -= entries[key]!.bytes
            entries[key] = nil
        }
        guard countedBytes + cost <= budget else {
            throw ImageFileError(path: path, reason: "decoded, its \(pixels) would take \(InputFile.describe(bytes: cost)), and the images already held take \(InputFile.describe(bytes: countedBytes)): more than the \(InputFile.describe(bytes: budget)) of decoded images a process may hold",
                                 isOverBudget: true)
        }
    }
}
