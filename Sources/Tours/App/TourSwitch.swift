import Foundation
import Schema

/// Whether an app's tours show by themselves: the switch an app's own end-to-end tests turn, as
/// TipKit's `Tips.hideAllTipsForTesting()` hides tips, so a test that drives the app is not met by
/// a spotlight it did not expect.
///
/// It covers the tours an app shows of itself: its launch tours, by their show rules
/// (`AppDefinition.showDecision(for:progress:now:)`), and every tour a `TourEngine` runs with
/// `dismissesAsItShows`. A tour asked for by name (`--tour FILE`, `limelight test`,
/// `AppSession.start(tourFile:)`) is not the app's own doing and runs as ever. Set it in the
/// definition (`AppDefinition(…, tours: .off, …)`) or for a process with `LIMELIGHT_TOURS=off`
/// (`TourSwitch(environment:)`; every command of `LimelightCLI` reads it, over the definition's).
public enum TourSwitch: String, CaseIterable, Hashable, Sendable {
    /// Tours show as their show rules say.
    case on
    /// No tour shows by itself: the app runs as if it had none, and its saved progress is left
    /// as it is (launches and events still count).
    case off
    /// Each tour that shows is dismissed at once, as a user closing it would: it counts as shown,
    /// its events say `dismissed`, and its saved progress records it (as skipped), so the app goes
    /// on as after that (tours that wait for it, the next launch's).
    case dismiss

    /// The variable that sets the switch for a process.
    public static let environmentVariable = "LIMELIGHT_TOURS"

    /// The switch `environment` sets with `LIMELIGHT_TOURS` (`on`, `off` or `dismiss`, in any
    /// case); nil when it sets none (unset or empty). An unknown value is `.failure` with one line
    /// naming the choices.
    public static func from(environment: [String: String]) -> Result<TourSwitch?, TourSwitchError> {
        guard let value = environment[environmentVariable], !value.isEmpty else { return .success(nil) }
        guard let chosen = TourSwitch(rawValue: value.lowercased()) else {
            return .failure(TourSwitchError(message: "\(environmentVariable)=\(quoted(value)): expected on, off or dismiss"))
        }
        return .success(chosen)
    }
}

/// A `LIMELIGHT_TOURS` value that is none of the switch's.
public struct TourSwitchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line: the variable, its value and the choices.
    public var message: String
    /// The line.
    public var description: String { message }
}

extension AppDefinition {
    /// Whether `tour` shows by itself now, with `progress`: what its show rule says
    /// (`ShowDecision.decide`) while the app's tours are `on` or `dismiss` (a tour dismissed as it
    /// shows still shows first: run it on a `TourEngine` with `dismissesAsItShows`), and never
    /// while they are `off`.
    public func showDecision(for tour: Tour, progress: TourProgress, now: Date) -> ShowDecision {
        guard tours != .off else {
            return ShowDecision(shows: false, steps: [], reason: "tours are switched off (\(TourSwitch.environmentVariable)=off, or the app's definition)")
        }
        return ShowDecision.decide(tour, progress: progress, now: now)
    }
}
