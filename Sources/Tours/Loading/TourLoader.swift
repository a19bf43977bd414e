import Files
import Foundation
import ImageFiles
import Raster
import Schema

/// A tour read from a file and checked: its steps, and the screenshot it runs over, if any.
public struct LoadedTour {
    /// The tour.
    public var tour: Tour
    /// The file as the user named it.
    public var file: String
    /// The screenshot, when the tour has a `background`.
    public var background: Pixmap?
    /// The screenshot's path, resolved against the tour file's folder.
    public var backgroundPath: String?
    /// The screenshots of steps that give their own `background`, by step index.
    public var stepBackgrounds: [Int: Pixmap] = [:]
    /// The same for each arm of the experiment with steps of its own, by the arm's name.
    public var armStepBackgrounds: [String: [Int: Pixmap]] = [:]
    /// The tour's screenshot in each language it gives one for, by language tag.
    public var languageBackgrounds: [String: Pixmap] = [:]

    /// The steps' own screenshots as the users of `arm` see them: the arm's, when it has steps of
    /// its own; else the tour's.
    public func stepBackgrounds(forArm arm: String?) -> [Int: Pixmap] {
        guard let arm, tour.variants.contains(where: { $0.name == arm && $0.steps != nil }) else { return stepBackgrounds }
        return armStepBackgrounds[arm] ?? [:]
    }

    /// The tour as the users of its experiment's arm `arm` see it, to preview: the arm's steps or
    /// texts and its steps' own screenshots, with no experiment left to draw an arm or hold a user
    /// out; nil when the tour has no arm of that name.
    public func seen(byArm arm: String) -> LoadedTour? {
        guard tour.variants.contains(where: { $0.name == arm }) else { return nil }
        var out = self
        out.stepBackgrounds = stepBackgrounds(forArm: arm)
        out.tour = tour.applying(arm: arm)
        out.tour.variants = []
        out.tour.holdout = 0
        out.tour.experiment = nil
        return out
    }

    /// The screenshot a run in `language` shows: that tag's, else its language's without region or
    /// script (`pt` for `pt-BR`), else the tour's first.
    public func background(for language: String) -> Pixmap? {
        if let exact = languageBackgrounds[language] { return exact }
        if let base = language.split(separator: "-").first, let general = languageBackgrounds[String(base)] { return general }
        return background
    }
    /// What the file has that does nothing (a corner radius on a circle): worth a look, never fatal.
    public var warnings: [Diagnostic] = []
    /// The screen a tour over a screenshot runs on: its `screen`, or the image's pixels divided by
    /// its `screen.scale`; nil for tours without a screenshot or a `screen` (the command decides).
    public var screen: (size: Size, scale: Double)?
    /// The capture the tour runs over, when its `background` names one: its element tree is what
    /// the tour's targets resolve on.
    public var capture: Capture?
    /// The captures of other languages, when the background names one per language, by tag.
    public var languageCaptures: [String: Capture] = [:]
    /// The capture files the tour names, as it names them (its own first, then by language tag).
    public var captureFiles: [String] = []
}

/// Reads, parses, decodes and checks tour files, reporting every problem at once.
///
/// The passes: JSON syntax (stops at the first error), the schema (every problem), the background
/// file (relative to the tour file's folder), then target ids and tabs against a catalog — the
/// screen's views for app tours, nothing (rects only) for tours over a screenshot.
public enum TourLoader {
    /// The largest tour file read, in bytes.
    public static let maxFileSize = 4 * 1024 * 1024

    /// Loads the tour at `path`. `appCatalog` gives the app's views and declarations; a tour over a
    /// screenshot keeps only its events. Its screenshots are decoded through `images` (the
    /// process's cache, whose budget they count against; without one, a cache of their own). With
    /// `scripts`, the test scripts are read and checked too (see `TestScriptReading`).
    @MainActor
    public static func load(path: String, appCatalog: () -> TargetCatalog,
                            images: DecodedImageCache = DecodedImageCache(), scripts: (any TestScriptReading)? = nil) throws(LoadError) -> LoadedTour {
        let bytes = try read(path)
        let folder = AtomicFile.split(path).folder
        return try load(bytes: bytes, file: path, folder: folder.isEmpty ? "." : folder, appCatalog: appCatalog, images: images, scripts: scripts)
    }

    /// Loads a tour from `bytes`, naming `file` in diagnostics and resolving a background in
    /// `folder`; its screenshots are decoded through `images`, its test scripts read by `scripts`.
    @MainActor
    public static func load(bytes: [UInt8], file: String, folder: String, appCatalog: () -> TargetCatalog,
                            images: DecodedImageCache = DecodedImageCache(), scripts: (any TestScriptReading)? = nil) throws(LoadError) -> LoadedTour {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw LoadError(diagnostics: [Diagnostic(file: file, line: error.line, path: error.path, message: error.message)])
        }
        let (decoded, schemaProblems) = TourDecoder.decode(root, file: file)
        var problems = schemaProblems
        guard var tour = decoded else { throw LoadError(diagnostics: problems) }
        var loaded = LoadedTour(tour: tour, file: file)
        problems += readCaptures(of: &tour, into: &loaded, folder: folder, line: backgroundLine(root))
        loaded.tour = tour
        if let background = tour.background {
            let line = backgroundLine(root)
            let resolved = resolve(background, folder: folder)
            loaded.backgroundPath = resolved
            do { loaded.background = try loadImage(resolved, named: background, images: images) } catch {
                problems.append(Diagnostic(file: file, line: line, path: "background", message: error.reason))
            }
            if let image = loaded.background {
                let (screen, problem) = screenOver(image, tour: tour)
                loaded.screen = screen
                if let problem { problems.append(Diagnostic(file: file, line: line, path: "background", message: problem)) }
                for (tag, name) in tour.languageBackgrounds.sorted(by: { $0.key < $1.key }) {
                    if name == background { loaded.languageBackgrounds[tag] = image; continue }
                    do {
                        let other = try loadImage(resolve(name, folder: folder), named: name, images: images)
                        guard other.width == image.width, other.height == image.height else {
                            problems.append(Diagnostic(file: file, line: line, path: "background.\(tag)",
                                                           message: "the image is \(other.width)x\(other.height) pixels, not the \(image.width)x\(image.height) of the first language's (every language's screenshot of one screen is the same size)"))
                            continue
                        }
                        loaded.languageBackgrounds[tag] = other
                    } catch {
                        problems.append(Diagnostic(file: file, line: line, path: "background.\(tag)", message: error.reason))
                    }
                }
            }
            // The steps' own screens: the tour's, and those of each arm with steps of its own.
            func stepScreens(_ steps: [TourStep], at stepsPath: String) -> [Int: Pixmap] {
                var out: [Int: Pixmap] = [:]
                for (i, step) in steps.enumerated() {
                    guard let name = step.background else { continue }
                    let path = "\(stepsPath)[\(i)].background"
                    do {
                        let image = try loadImage(resolve(name, folder: folder), named: name, images: images)
                        if let base = loaded.background, image.width != base.width || image.height != base.height {
                            problems.append(Diagnostic(file: file, line: step.backgroundLine, path: path,
                                                           message: "the image is \(image.width)x\(image.height) pixels, not the \(base.width)x\(base.height) of the tour's background (every screen of one tour is the same size)"))
                        } else {
                            out[i] = image
                        }
                    } catch {
                        problems.append(Diagnostic(file: file, line: step.backgroundLine, path: path, message: error.reason))
                    }
                }
                return out
            }
            loaded.stepBackgrounds = stepScreens(tour.steps, at: "steps")
            for (k, variant) in tour.variants.enumerated() {
                guard let steps = variant.steps else { continue }
                let screens = stepScreens(steps, at: "variants[\(k)].steps")
                if !screens.isEmpty { loaded.armStepBackgrounds[variant.name] = screens }
            }
            // The app's events still count for show rules; its views, tabs and state are not there.
            let catalog = loaded.capture != nil ? appCatalog().over(capturedIDs: loaded.capturedIDs) : appCatalog().overScreenshot
            problems += TourTargetValidator.validate(tour, against: catalog, file: file)
            problems += TourFlowValidator.validate(tour, against: catalog, file: file)
            problems += VariantStepsValidator.validate(tour, against: catalog, file: file)
            problems += scripts?.problems(in: tour, against: catalog, file: file) ?? []
        } else if loaded.captureFiles.isEmpty {
            // (A capture that did not read leaves nothing to check the targets against: its problems say why.)
            let armSteps = tour.variants.enumerated().flatMap { k, v in (v.steps ?? []).enumerated().map { ("variants[\(k)].steps[\($0)]", $1) } }
            for (path, step) in tour.steps.enumerated().map({ ("steps[\($0)]", $1) }) + armSteps where step.background != nil {
                problems.append(Diagnostic(file: file, line: step.backgroundLine, path: path + ".background",
                                               message: "a step's background needs the tour's \"background\" (a tour over screenshots)"))
            }
            let catalog = appCatalog()
            problems += TourTargetValidator.validate(tour, against: catalog, file: file)
            problems += TourFlowValidator.validate(tour, against: catalog, file: file)
            problems += VariantStepsValidator.validate(tour, against: catalog, file: file)
            problems += scripts?.problems(in: tour, against: catalog, file: file) ?? []
        } else {
            problems += scripts?.problems(in: tour, against: nil, file: file) ?? []
        }
        // File order; problems on the same line keep the order the passes found them in.
        let ordered = problems.enumerated().sorted { a, b in
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
        // Warnings alone do not stop a tour; with an error they are listed with it.
        guard !ordered.contains(where: { $0.severity == .error }) else { throw LoadError(diagnostics: ordered) }
        loaded.warnings = ordered
        return loaded
    }

    /// The screen a tour runs on over `image`, and the problem when the image's shape does not fit
    /// it (it would be letterboxed, and every rectangle would land off its place).
    static func screenOver(_ image: Pixmap, tour: Tour) -> (screen: (size: Size, scale: Double)?, problem: String?) {
        let pixels = Size(Double(image.width), Double(image.height))
        var screen: (size: Size, scale: Double)?
        if let spec = tour.screen {
            screen = (spec.size ?? Size(pixels.width / spec.scale, pixels.height / spec.scale), spec.scale)
        }
        let shape = screen?.size ?? TourLoader.defaultScreen
        let imageRatio = pixels.width / pixels.height, screenRatio = shape.width / shape.height
        guard abs(imageRatio / screenRatio - 1) > 0.01 else { return (screen, nil) }
        let scaleHint = tour.screen.map { "\($0.scale.compact)" } ?? "N"
        let advice = tour.screen?.size == nil && tour.screen != nil ? "" :
            " (give \"screen\": {\"scale\": \(scaleHint)} to take the screen's size from the image, or a \"size\" of the same shape)"
        return (screen, "the image is \(image.width)x\(image.height) pixels, not the shape of the \(shape.width.compact)x\(shape.height.compact) screen: it would be letterboxed and every rect would land off its place\(advice)")
    }

    /// The screenshot a tour file that does not load names, and the screen it makes, when its JSON
    /// reads and its `background` loads through `images` (so a window opened on a broken file shows
    /// that screen): `screen.size` if it reads, else the image's pixels divided by `screen.scale` (or 1).
    @MainActor
    public static func screenshotScreen(ofBrokenFile path: String,
                                        images: DecodedImageCache = DecodedImageCache()) -> (image: Pixmap, size: Size, scale: Double)? {
        guard let bytes = try? read(path), let node = try? JSONParser.parse(bytes) else { return nil }
        let root = JSONTree(node, in: bytes)
        guard let name = root["background"]?.stringValue, !name.isEmpty else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let file = resolve(name, folder: folder.isEmpty ? "." : folder)
        guard let image = try? images.image(atPath: file) else { return nil }
        var scale = root["screen"]?["scale"]?.numberValue ?? 1
        if !(0.25...8).contains(scale) { scale = 1 }
        var size = Size(Double(image.width) / scale, Double(image.height) / scale)
        if case .array(let wh)? = root["screen"]?["size"]?.value, wh.count == 2,
           let w = wh[0].numberValue, let h = wh[1].numberValue, (1...16384).contains(w), (1...16384).contains(h) {
            size = Size(w, h)
        }
        return (image, size, scale)
    }

    /// The app a tour file names (its `"app"`): resolved against the file's folder, as the file
    /// writes it, and the line it is on; nil when the file names none, or does not read (loading it
    /// says why).
    public static func appFile(of path: String) -> (path: String, name: String, line: Int)? {
        guard let bytes = try? read(path), let node = try? JSONParser.parse(bytes), case .object(let members) = node.value,
              let member = members.first(where: { $0.key == "app" }), case .string(let name) = member.value.value, !name.isEmpty else { return nil }
        let folder = AtomicFile.split(path).folder
        return (resolve(name, folder: folder.isEmpty ? "." : folder), name, member.value.line)
    }

    /// The screen a tour runs on when neither the tour nor the command says (points).
    public static let defaultScreen = Size(390, 844)

    /// The file's bytes, or a diagnostic without a line.
    public static func read(_ path: String) throws(LoadError) -> [UInt8] {
        func fail(_ message: String) -> LoadError {
            LoadError(diagnostics: [Diagnostic(file: path, line: nil, path: "", message: message)])
        }
        // Opened without blocking and checked on the descriptor: a FIFO or a device is refused, not waited on.
        do { return try InputFile.read(path, limit: maxFileSize, kind: "a tour file, JSON") } catch { throw fail(error.reason) }
    }

    /// `background` against `folder` (absolute paths are kept).
    public static func resolve(_ background: String, folder: String) -> String {
        background.hasPrefix("/") ? background : (folder as NSString).appendingPathComponent(background)
    }

    struct ImageProblem: Error { var reason: String }

    /// Why the image at `path` cannot be a tour's screenshot (missing, a folder, not an image of a
    /// format Limelight reads, too large), or nil when it can; it is decoded through `images`, so
    /// the tour that names it next finds it there.
    @MainActor
    public static func screenshotProblem(at path: String, images: DecodedImageCache = DecodedImageCache()) -> String? {
        do { _ = try loadImage(path, named: (path as NSString).lastPathComponent, images: images); return nil } catch { return error.reason }
    }

    /// The screenshot at `path` from `images`: a tour loaded again and again (each edit in the
    /// editor, each reload) decodes an unchanged image once, and every name of one file is one image.
    @MainActor
    static func loadImage(_ path: String, named name: String, images: DecodedImageCache) throws(ImageProblem) -> Pixmap {
        // Missing is told apart from what cannot be looked at (a loop of symbolic links).
        let kind: FileKind?
        do { kind = try InputFile.kind(of: path) } catch { throw ImageProblem(reason: "\(quoted(name)): \(error.reason)") }
        guard let kind else {
            throw ImageProblem(reason: "no such file \(quoted(name)) (looked for \(escapedForOneLine(path)))")
        }
        guard !kind.isFolder else { throw ImageProblem(reason: "\(quoted(name)) is a folder (expected a PNG screenshot)") }
        do { return try images.image(atPath: path) } catch {
            // SDL's messages may repeat the path: keep them on one line too.
            throw ImageProblem(reason: "\(quoted(name)): \(escapedForOneLine(error.reason))")
        }
    }

    private static func backgroundLine(_ root: JSONNode) -> Int {
        guard case .object(let members) = root.value else { return root.line }
        return members.first { $0.key == "background" }?.value.line ?? root.line
    }
}
