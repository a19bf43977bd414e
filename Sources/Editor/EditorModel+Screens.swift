import Files
import Foundation
import Tours

/// The screens a tour runs over: the tour's screenshot, and the ones steps give of their own.
extension EditorModel {
    /// Sets the screenshot at `imagePath` (absolute, or relative to the current folder) as the one
    /// the tour runs over (`step` nil) or the one step `step` and the steps after it run over, as
    /// one step of the history. `scale` (an @Nx screenshot) sets the tour's `screen.scale` (a tour
    /// without a `screen` gets scale 1: its screen is the image's size). The file names the image
    /// relative to itself (`TourFileReference`), so it travels with it.
    public func setScreenshot(_ imagePath: String, scale: Double?, forStep step: Int?) {
        setScreenshot(named: TourFileReference.name(of: imagePath, forTourAt: path), scale: scale, forStep: step)
    }

    /// Sets the screenshot the tour names `name` (as its file writes it: from the tour's folder),
    /// as `setScreenshot(_:scale:forStep:)` does.
    public func setScreenshot(named name: String, scale: Double?, forStep step: Int?) {
        change { doc in
            if let step, step < doc.steps.count {
                var steps = doc.steps
                steps[step].setMember("background", .string(name), before: ["title", "text", "steps"])
                doc.steps = steps
                return
            }
            doc.root.setMember("background", .string(name), after: ["id", "version"], before: ["steps"])
            // The screen takes the image's size at its scale (1 unless said), never a letterbox.
            var screen = doc.root["screen"] ?? .object([])
            if let scale { screen["scale"] = .number(scale) } else if screen["scale"] == nil, screen["size"] == nil { screen["scale"] = .number(1) }
            doc.root.setMember("screen", screen, after: ["background"], before: ["steps"])
        }
    }

    /// Takes away step `step`'s own screenshot (it runs over the one before it again).
    public func clearScreenshot(ofStep step: Int) {
        change { doc in
            var steps = doc.steps
            guard step < steps.count else { return }
            steps[step].setMember("background", nil)
            doc.steps = steps
        }
    }

    /// The step's own screenshot as the file names it, if it gives one.
    public func screenshotName(ofStep step: Int) -> String? {
        step < document.steps.count ? document.steps[step]["background"]?.stringValue : nil
    }

    /// The scale an image's name says (`home@3x.png`: 3), the way iOS and Android name screenshots.
    public static func scale(inName path: String) -> Double? {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x") else { return nil }
        let digits = stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]
        guard let v = Double(digits), v >= 1, v <= 8 else { return nil }
        return v
    }

    /// The scale a screenshot of `width`x`height` pixels was most likely taken at when it looks
    /// like a phone's at 2x or 3x (1179x2556: 3, a 393x852-point phone; 828x1792: 2) or a tablet's
    /// at 2x; nil for anything else (a desktop's, a landscape one, one already in points).
    public static func likelyScale(width: Int, height: Int) -> Int? {
        guard width > 0, height > width else { return nil }
        for n in [3, 2] where width % n == 0 && height % n == 0 {
            let points = width / n
            if (320...440).contains(points) || (n == 2 && (600...1100).contains(points)) { return n }
        }
        return nil
    }
}
