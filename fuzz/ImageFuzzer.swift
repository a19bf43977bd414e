// libFuzzer harness: image files, as bytes, through the real loading path (the header check, then
// libspng for PNG or SDL2_image's loader of the format the header names). Built against the Files,
// Raster and ImageFiles modules by fuzz/build.sh and run under AddressSanitizer. A trap, a message
// that is not one line, or an image decoded beyond the size limits is a crash; so is an allocation
// past libFuzzer's -rss_limit_mb / -malloc_limit_mb (an image bomb).

import ImageFiles
import Raster

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let image = try Pixmap(imageData: bytes, name: "fuzz.img")
        require(image.width <= 16384 && image.height <= 16384 && image.width * image.height <= 64_000_000,
                "decoded at \(image.width)x\(image.height)")
    } catch {
        let text = error.description
        require(!text.contains { $0.isNewline }, "a message that is not one line: \(text.debugDescription)")
        require(text.hasPrefix("fuzz.img: "), "a message that does not name the file: \(text)")
    }
    return 0
}

/// Stops with `message` when `condition` is false. (`precondition` drops its message in optimized
/// builds; a crash report should say what broke.)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
