import Foundation

/// Which SDL video drivers to try, in order, and why others were skipped.
///
/// Debian's SDL silently falls back to an invisible `offscreen` window when no display is reachable,
/// so the host never lets SDL pick on its own: it tries the drivers that can show a window here, one
/// by one, and fails with the list of reasons when none works.
public struct VideoDriverPlan: Equatable, Sendable {
    /// Drivers to try, in order.
    public var candidates: [String]
    /// Drivers not tried, each with the reason (e.g. "x11 (DISPLAY is not set)").
    public var skipped: [String]

    /// The plan for an explicit `--driver` request, the `SDL_VIDEODRIVER` variable, or the desktop.
    ///
    /// - An explicit driver (flag first, then the variable) is the only candidate: the user chose it.
    /// - Otherwise Wayland when `WAYLAND_DISPLAY` is set, X11 when `DISPLAY` is set, and KMSDRM when a
    ///   DRM device exists (a bare Linux console).
    public static func make(requested: String?, environment: [String: String],
                            drmDevicePresent: Bool) -> VideoDriverPlan {
        if let requested, !requested.isEmpty { return VideoDriverPlan(candidates: [requested], skipped: []) }
        if let env = environment["SDL_VIDEODRIVER"], !env.isEmpty {
            return VideoDriverPlan(candidates: env.split(separator: ",").map(String.init), skipped: [])
        }
        var plan = VideoDriverPlan(candidates: [], skipped: [])
        if let w = environment["WAYLAND_DISPLAY"], !w.isEmpty { plan.candidates.append("wayland") }
        else { plan.skipped.append("wayland (WAYLAND_DISPLAY is not set)") }
        if let d = environment["DISPLAY"], !d.isEmpty { plan.candidates.append("x11") }
        else { plan.skipped.append("x11 (DISPLAY is not set)") }
        if drmDevicePresent { plan.candidates.append("kmsdrm") }
        else { plan.skipped.append("kmsdrm (no /dev/dri/card* device)") }
        return plan
    }

    /// Whether a DRM card device exists (what KMSDRM needs).
    public static func drmDevicePresent() -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return names.contains { $0.hasPrefix("card") }
    }
}
