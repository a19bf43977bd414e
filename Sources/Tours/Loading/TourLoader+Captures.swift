import Files
import Raster
import Schema

extension LoadedTour {
    /// The capture a run in `language` shows: that tag's, else its language's without region or
    /// script, else the tour's first; nil for a tour over no capture.
    public func capture(for language: String) -> Capture? {
        if let exact = languageCaptures[language] { return exact }
        if let base = language.split(separator: "-").first, let general = languageCaptures[String(base)] { return general }
        return capture
    }

    /// Every id the tour's captures carry, in every language.
    var capturedIDs: Set<String> {
        var ids = Set(capture?.ids ?? [])
        for c in languageCaptures.values { ids.formUnion(c.ids) }
        return ids
    }
}

extension TourLoader {
    /// A `background` naming captures (`NAME.capture.json`, one, or one per language) read: the
    /// tour's backgrounds become the captures' pictures (relative to each capture's folder), its
    /// screen the first capture's when it gives none. Problems name the tour's `background` line;
    /// a capture that does not read leaves the tour without a background.
    static func readCaptures(of tour: inout Tour, into loaded: inout LoadedTour, folder: String, line: Int) -> [Diagnostic] {
        guard let name = tour.background else { return [] }
        let named = [name] + tour.languageBackgrounds.values
        let captures = named.filter(CaptureLoader.isCaptureFile)
        guard !captures.isEmpty else { return [] }
        func problem(_ path: String, _ message: String) -> Diagnostic { Diagnostic(file: loaded.file, line: line, path: path, message: message) }
        guard captures.count == named.count else {
            tour.background = nil
            return [problem("background", "expected every language's background to be a capture (NAME.capture.json) or none to be")]
        }
        var problems: [Diagnostic] = []
        loaded.captureFiles = [name] + tour.languageBackgrounds.sorted { $0.key < $1.key }.map(\.value).filter { $0 != name }
        func read(_ name: String) -> Capture? {
            do { return try CaptureLoader.load(path: resolve(name, folder: folder)) } catch {
                problems += error.diagnostics
                return nil
            }
        }
        func beside(_ capture: String, _ image: String) -> String {
            let base = AtomicFile.split(capture).folder
            return base.isEmpty || base == "." || image.hasPrefix("/") ? image : base + "/" + image
        }
        guard let first = read(name) else { tour.background = nil; return problems }
        loaded.capture = first
        tour.background = beside(name, first.image)
        var pictures: [String: String] = first.images.mapValues { beside(name, $0) }
        for (tag, other) in tour.languageBackgrounds.sorted(by: { $0.key < $1.key }) where other != name {
            guard let c = read(other) else { continue }
            guard c.size == first.size else {
                problems.append(problem("background.\(tag)", "the capture's screen is \(c.size.width.compact)x\(c.size.height.compact) points, not the \(first.size.width.compact)x\(first.size.height.compact) of the first language's (every language's capture of one screen is the same size)"))
                continue
            }
            loaded.languageCaptures[tag] = c
            pictures[tag] = beside(other, c.images[tag] ?? c.image)
        }
        tour.languageBackgrounds = pictures
        if tour.screen == nil { tour.screen = Tour.ScreenSpec(size: first.size, scale: first.scale) }
        return problems
    }
}
