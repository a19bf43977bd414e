// libFuzzer harness: SVG path data (the `svgPath` of tour steps) through the parser and, when it
// parses, the rasterizer. Compiled together with Raster's geometry, path and rasterizer sources
// by fuzz/build.sh. Any trap, or a result that breaks the parser's promises, is a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let path: Path
    do {
        path = try Path(svgPathData: text)
    } catch {
        let message = error.description
        require(!message.contains { $0.isNewline }, "the error is not one line: \(message.debugDescription)")
        require(message.hasPrefix("offset \(error.offset): "), "the error does not lead with its offset: \(message)")
        require(error.offset >= 0 && error.offset <= text.utf8.count, "offset \(error.offset) outside the data")
        return 0
    }
    require(path.isFinite, "a parsed path with coordinates that are not finite")
    let clip = IntRect(x: 0, y: 0, width: 64, height: 64)
    for (rule, scale) in [(FillRule.nonZero, 1.0), (.evenOdd, 2.5)] {
        let mask = Rasterizer.mask(for: path, fillRule: rule, transform: .scale(scale), clip: clip)
        require(clip.contains(mask.bounds), "the mask \(mask.bounds) leaves its clip")
    }
    return 0
}

/// Stops with `message` when `condition` is false. (`precondition` drops its message in optimized
/// builds; a crash report should say what broke.)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
