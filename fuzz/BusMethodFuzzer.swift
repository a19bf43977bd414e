// libFuzzer harness: calls an AT-SPI client could make of the accessibility bridge, drawn from
// bytes (the pixels per point and the screen's origin, then calls: an object's path, a method, its
// arguments — the ends of every integer's range, NaN, infinities, arguments of other types),
// answered by `MethodDispatch` as the bus's thread answers them, on a screen whose elements lie
// far beyond 32-bit pixels. Built against the Raster, Views and AccessibilityBridge modules by
// fuzz/build.sh, together with Tests/AccessibilityBridgeTests/BusCalls.swift (the drawing of calls
// and what every answer must hold, shared with BusMethodFuzzTests). A trap, an error other than
// InvalidArgs or UnknownObject, a reply that could not be sent or of another signature than
// AT-SPI2's, extents past 32 bits, or a request with a value that is not a finite number in range
// is a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBusMethod(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = BusCalls.check(bytes: bytes) { fatalError(problem) }
    return 0
}
