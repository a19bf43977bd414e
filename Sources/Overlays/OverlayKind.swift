/// The kind of an overlay, as `limelight replay` reports it and the soak checks it. An open set: a
/// new kind of overlay names itself (`OverlayKind(rawValue: "toast")`) without editing this file.
public struct OverlayKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kind's name ("spotlight").
    public let rawValue: String

    /// The kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A dim layer with holes and a coach-mark bubble.
    public static let spotlight = OverlayKind(rawValue: "spotlight")
    /// A box with a title, a message and OK, over a dim layer.
    public static let alert = OverlayKind(rawValue: "alert")
    /// A dialog box of any content with a close button, over a backdrop.
    public static let popup = OverlayKind(rawValue: "popup")
    /// A spinner and a message that block all input.
    public static let loading = OverlayKind(rawValue: "loading")
    /// Pulsing beacons on targets, no dim; the app stays usable.
    public static let hotspot = OverlayKind(rawValue: "hotspot")
    /// An onboarding checklist: a launcher with a badge, and its panel of items.
    public static let checklist = OverlayKind(rawValue: "checklist")

    /// The name.
    public var description: String { rawValue }
}
