import Overlays
import Raster
import Tours
import Views

/// A tour as a user sees it, frame by frame, for a video: each step from its start (the first
/// one's fade-in, the morph from the step before, the bubble's cross-fade) through its transition
/// and `hold` milliseconds more; frame `k` of a step is what `render --step N --time T` draws at
/// `T = k × 1000 / fps`.
@MainActor
package enum TourVideo {
    /// How many frames step `index` of a walk's tour gets at `fps` with `hold` ms after its
    /// transition (the first step's fade-in, the others' morph).
    package static func frameCount(ofStep index: Int, fps: Int, holdMilliseconds hold: Double) -> Int {
        let spotlight = SpotlightOverlay(holes: [])
        let transition = index == 0 ? spotlight.appearDuration : spotlight.morphDuration
        return Int(((transition * 1000 + hold) * Double(fps) / 1000).rounded())
    }

    /// The longest video made: ten minutes of the tour's time.
    package static let maxSeconds = 600.0

    /// A screen whose shorter side is under this many points is a phone's (Android's tablets
    /// start at a smallest width of 600 dp).
    package static let phoneShortSideLimit = 600.0

    /// The scale a video of a `size`-point screen is made at when none is asked for: 2 on a
    /// phone-sized screen (sharp on a phone or a laptop, with under half the pixels of @3x), 1 on a
    /// larger one (a tablet's or a desktop's screen is already as wide as a video).
    package static func defaultScale(forScreen size: Size) -> Double {
        min(size.width, size.height) < phoneShortSideLimit ? 2 : 1
    }

    /// How long the video of `steps` steps lasts with `hold` ms after each transition, in seconds.
    package static func duration(steps: Int, holdMilliseconds hold: Double) -> Double {
        guard steps > 0 else { return 0 }
        let spotlight = SpotlightOverlay(holes: [])
        return spotlight.appearDuration + Double(steps - 1) * spotlight.morphDuration + Double(steps) * hold / 1000
    }

    /// Sends every frame of `walk`'s tour to `frame`, step after step; returns how many.
    package static func record(_ walk: TourWalk, fps: Int, holdMilliseconds hold: Double,
                              frame: (Pixmap) throws -> Void) throws -> Int {
        var count = 0
        for i in walk.engine.tour.steps.indices {
            walk.begin(step: i)
            let start = walk.session.clock.now
            for k in 0..<frameCount(ofStep: i, fps: fps, holdMilliseconds: hold) {
                // Each frame at its own time from the step's start, so no rounding adds up.
                let due = start + Double(k) / Double(fps)
                let gap = due - walk.session.clock.now
                if gap > 0 { walk.session.wait(milliseconds: gap * 1000) }
                try frame(try walk.session.render())
                count += 1
            }
        }
        return count
    }
}
