/// A set of small whole numbers (steps from 1): a word inline, more words only past 64.
struct StepSet: Sendable {
    private var low: UInt64 = 0
    private var high: [UInt64]?

    /// Adds `step` (from 1); whether it was not there yet.
    @discardableResult mutating func insert(_ step: Int) -> Bool {
        let i = step - 1
        if i < 64 {
            let bit = UInt64(1) << UInt64(i)
            defer { low |= bit }
            return low & bit == 0
        }
        var words = high ?? []
        let w = i / 64 - 1
        if words.count <= w { words += Array(repeating: 0, count: w + 1 - words.count) }
        let bit = UInt64(1) << UInt64(i % 64)
        let inserted = words[w] & bit == 0
        words[w] |= bit
        high = words
        return inserted
    }

    /// Whether `step` is in the set.
    func contains(_ step: Int) -> Bool {
        let i = step - 1
        if i < 64 { return low & (UInt64(1) << UInt64(i)) != 0 }
        guard let high, i / 64 - 1 < high.count else { return false }
        return high[i / 64 - 1] & (UInt64(1) << UInt64(i % 64)) != 0
    }

    /// The highest step in the set (0 when empty).
    var highest: Int {
        if let high, let w = high.lastIndex(where: { $0 != 0 }) { return (w + 1) * 64 + 64 - high[w].leadingZeroBitCount }
        return 64 - low.leadingZeroBitCount
    }
}

/// One session of one user with one tour: what a step's dwell and the tour's time to complete
/// are measured from.
struct SessionState: Sendable {
    /// The session's id.
    var session: String
    /// When its first step showed (`Int64.min`: none yet).
    var firstShown = Int64.min
    /// The steps it showed (a step shown again in the session counts once).
    var shown = StepSet()
    /// The step shown and not yet ended, and when (0: none).
    var pendingStep: Int32 = 0
    var pendingAt: Int64 = 0
    /// More steps shown at once (hotspots of a group), beyond the first.
    var morePending: [(step: Int32, at: Int64)]?
    /// Whether the tour ended in it (finished, skipped or dismissed): later ends are not counted.
    var ended = false

    init(session: String) { self.session = session }

    /// Starts `step`'s dwell at `at`.
    mutating func pend(_ step: Int, at: Int64) {
        if pendingStep == 0 { pendingStep = Int32(step); pendingAt = at } else { morePending = (morePending ?? []) + [(Int32(step), at)] }
    }

    /// Ends `step`'s dwell: when it started, if it was pending.
    mutating func end(_ step: Int) -> Int64? {
        if pendingStep == Int32(step) {
            let at = pendingAt
            if let next = morePending?.first { pendingStep = next.step; pendingAt = next.at; morePending?.removeFirst() } else { pendingStep = 0 }
            return at
        }
        if let i = morePending?.firstIndex(where: { $0.step == Int32(step) }) { return morePending?.remove(at: i).at }
        return nil
    }
}

/// What one user did with one tour.
struct UserTour: Sendable {
    /// Flags of `flags`.
    static let wasShown: UInt8 = 1, wasStarted: UInt8 = 2, wasFinished: UInt8 = 4, wasSkipped: UInt8 = 8,
                wasDismissed: UInt8 = 16, wasAssigned: UInt8 = 32, converted: UInt8 = 64

    /// The tour (an index into the analysis's tours).
    var tour: Int32
    /// The user's arm (an index into the tour's arms; -1: none).
    var arm: Int32 = -1
    /// When the user was assigned (`Int64.min`: never).
    var assignedAt = Int64.min
    /// When the user first saw a step.
    var firstShownAt = Int64.min
    var flags: UInt8 = 0
    /// The steps the user saw.
    var reached = StepSet()
    /// The steps whose target was missing for the user.
    var missingSteps = StepSet()
    /// (step << 32 | cause) of each missing target, once.
    var missing: [UInt64]?
    /// The language and screen of the first `shown` (interned; -1: none given).
    var language: Int32 = -1
    var screen: Int32 = -1
    /// The session now, and the ones before it.
    var current: SessionState?
    var older: [SessionState]?

    init(tour: Int32) { self.tour = tour }

    /// Where the state of `session` is (-1: `current`, else an index of `older`), made when new.
    mutating func slot(of session: String) -> Int {
        if current?.session == session { return -1 }
        if let i = older?.firstIndex(where: { $0.session == session }) { return i }
        if let c = current { older = (older ?? []) + [c] }
        current = SessionState(session: session)
        return -1
    }

    /// The session state in `slot`.
    subscript(slot slot: Int) -> SessionState {
        get { slot < 0 ? current! : older![slot] }
        set { if slot < 0 { current = newValue } else { older![slot] = newValue } }
    }
}

/// One user: when their last event was, and their tours (most have one: kept inline).
struct UserState: Sendable {
    var last: Int64
    var first: UserTour?
    var more: [UserTour]?

    /// The user's state with `tour`, made when new.
    mutating func withTour<T>(_ tour: Int32, _ body: (inout UserTour) -> T) -> T {
        if first == nil { first = UserTour(tour: tour) }
        if first!.tour == tour { return body(&first!) }
        if let i = more?.firstIndex(where: { $0.tour == tour }) { return body(&more![i]) }
        more = (more ?? []) + [UserTour(tour: tour)]
        return body(&more![more!.count - 1])
    }

    /// Every tour of the user.
    func forEachTour(_ body: (UserTour) -> Void) {
        if let first { body(first) }
        more?.forEach(body)
    }

    /// Changes every tour of the user.
    mutating func changeEachTour(_ body: (inout UserTour) -> Void) {
        if first != nil { body(&first!) }
        if more != nil { for i in more!.indices { body(&more![i]) } }
    }
}
