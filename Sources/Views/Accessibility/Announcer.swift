/// Speaks what the app announces: a step or an overlay that appears, the view the focus moved to.
/// A new announcement interrupts the one before, as screen readers do. The SDL host speaks through
/// speech-dispatcher; headless runs write a transcript.
@MainActor
public protocol Announcer: AnyObject {
    /// Says `text` in `language` (a BCP 47 tag; nil: the speaker's default), cutting off what is
    /// being said.
    func announce(_ text: String, language: String?)
}

extension ViewRoot {
    /// Hands `text` to the announcer in the root's language (nothing without an announcer or text).
    /// Not while anything lays out or paints (the root checks): a layer announces in `arrive(root:)`.
    public func announce(_ text: String) {
        guard !text.isEmpty else { return }
        checkChange(.announced)
        announcer?.announce(text, language: language)
    }
}

/// Announcements kept in memory with the root's clock time: what tests and `replay --announcements`
/// read.
@MainActor
public final class RecordingAnnouncer: Announcer {
    /// One announcement.
    public struct Entry: Hashable, Sendable {
        /// Seconds on the clock when it was made.
        public var time: Double
        /// What was said.
        public var text: String
        /// The language it was said in.
        public var language: String?
    }

    /// Every announcement so far, oldest first.
    public private(set) var entries: [Entry] = []
    private let clock: any Clock

    /// A recorder stamping entries with `clock`'s time.
    public init(clock: any Clock) { self.clock = clock }

    /// Keeps the announcement.
    public func announce(_ text: String, language: String?) {
        entries.append(Entry(time: clock.now, text: text, language: language))
    }
}
