// libFuzzer harness: tour files, as bytes, through the loader (JSON syntax, the schema, SVG path
// shapes, target ids against the sample app's views). Built against the Raster, Views, Overlays,
// Tours and Demo modules by fuzz/build.sh. A trap, a diagnostic that is not one line or that does
// not name a line of the file, or a loaded tour with impossible values is a crash.

import Demo
import Raster
import Tours

@MainActor private let catalog = DemoApp.launchCatalog()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTour(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated { check(bytes) }
    return 0
}

@MainActor private func check(_ bytes: [UInt8]) {
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let loaded: LoadedTour
    do {
        // No folder: a background is never found, so no image is decoded and nothing is read.
        loaded = try TourLoader.load(bytes: bytes, file: "fuzz.json", folder: "/nonexistent-limelight-fuzz",
                                     appCatalog: { catalog })
    } catch {
        require(!error.diagnostics.isEmpty, "refused without a diagnostic")
        for d in error.diagnostics {
            let text = d.description
            require(!text.contains { $0.isNewline }, "a diagnostic is not one line: \(text.debugDescription)")
            guard let line = d.line else { fatalError("a diagnostic without a line: \(text)") }
            require((1...lines).contains(line), "line \(line) is not in the file (\(lines) lines): \(text)")
        }
        return
    }
    require(!loaded.tour.steps.isEmpty, "a tour without steps")
    for step in loaded.tour.steps {
        for case .rect(let r) in step.targets {
            require(r.isFinite && r.width >= 0 && r.height >= 0, "a step with the rect \(r)")
        }
        let radius: Double = { if case .roundedRect(let r) = step.shape { return r } else { return 0 } }()
        require(step.padding.isFinite && step.feather.isFinite && radius.isFinite, "a size that is not finite")
    }
}

/// Stops with `message` when `condition` is false. (`precondition` drops its message in optimized
/// builds; a crash report should say what broke.)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
