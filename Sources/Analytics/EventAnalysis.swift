import Schema

/// `limelight analyze`'s engine: events are added one at a time (in each user's time order) and
/// only per-user state is kept, so memory follows the users, not the log's size; `report()` then
/// counts every figure from that state.
public final class EventAnalysis {
    let options: AnalysisOptions
    private var tourIndex: [String: Int32] = [:]
    private(set) var tourNames: [String] = []
    private var armIndex: [[String: Int32]] = []
    private var armNames: [[String]] = []
    private var userIndex: [String: Int32] = [:]
    private var users: [UserState] = []
    private var strings: [String: Int32] = [:]
    private var stringNames: [String] = []
    /// Dwell samples (µs) by tour, arm and step; times to complete by tour and arm.
    private var dwell: [Int: [Int64]] = [:]
    private var toComplete: [Int: [Int64]] = [:]
    private var buttons: [Int32: [String: Int]] = [:]
    private var maxStep: [Int32: Int] = [:]
    private var sawAssigned: Set<Int32> = []
    private var checklists: ChecklistTally
    /// Events counted.
    public private(set) var events = 0
    /// Bad lines skipped (under `lenient`).
    public private(set) var skipped = 0

    /// An analysis with `options`; the tours it is given come first in the report.
    public init(options: AnalysisOptions) {
        self.options = options
        checklists = ChecklistTally(facts: options.checklists)
        for facts in options.tours {
            let t = tour(facts.id)
            for v in facts.variants { _ = arm(v.name, of: t) }
            if facts.holdout > 0 { _ = arm(AnalysisReport.holdout, of: t) }
        }
    }

    private func tour(_ id: String) -> Int32 {
        if let t = tourIndex[id] { return t }
        let t = Int32(tourNames.count)
        tourIndex[id] = t
        tourNames.append(id)
        armIndex.append([:]); armNames.append([])
        return t
    }

    private func arm(_ name: String, of t: Int32) -> Int32 {
        if let a = armIndex[Int(t)][name] { return a }
        let a = Int32(armNames[Int(t)].count)
        armIndex[Int(t)][name] = a
        armNames[Int(t)].append(name)
        return a
    }

    private func intern(_ s: String?) -> Int32 {
        guard let s else { return -1 }
        if let k = strings[s] { return k }
        let k = Int32(stringNames.count)
        strings[s] = k
        stringNames.append(s)
        return k
    }

    static func key(_ tour: Int32, _ arm: Int32, _ step: Int = 0) -> Int { Int(tour) << 40 | Int(arm + 1) << 20 | step }

    /// Counts a bad line as skipped (under `--lenient`).
    func skipLine() { skipped += 1 }

    /// Adds `e`; a user's events must come in time order (equal times keep the file's order).
    public func add(_ e: EventLine) throws(LineProblem) {
        if let since = options.since, e.time < since { return }
        if let until = options.until, e.time >= until { return }
        let u: Int
        if let known = userIndex[e.user] {
            u = Int(known)
            guard e.time >= users[u].last else {
                throw LineProblem("times go backwards for user \(quoted(e.user)): \(Timestamps.text(e.time)) after \(Timestamps.text(users[u].last))")
            }
            users[u].last = e.time
        } else {
            u = users.count
            userIndex[e.user] = Int32(u)
            users.append(UserState(last: e.time))
        }
        events += 1
        if e.kind.isChecklistEvent {
            checklists.add(e, user: Int32(u))
            return
        }
        guard e.kind.isTourEvent, let tourID = e.tour else {
            if e.kind == .app, let goal = options.goal, e.name == goal {
                let within = options.within
                users[u].changeEachTour { ut in
                    let anchor = ut.assignedAt != .min ? ut.assignedAt : ut.firstShownAt
                    if anchor != .min, e.time >= anchor, within.map({ e.time - anchor <= $0 }) ?? true { ut.flags |= UserTour.converted }
                }
            }
            return
        }
        let t = tour(tourID)
        let variantArm = e.variant.map { arm($0, of: t) }
        if let step = e.step { maxStep[t] = max(maxStep[t] ?? 0, step) }
        if e.kind == .advanced { buttons[t, default: [:]][e.by ?? "(none)", default: 0] += 1 }
        if e.kind == .assigned { sawAssigned.insert(t) }
        let language = e.kind == .shown ? intern(e.language) : -1, screen = e.kind == .shown ? intern(e.screen) : -1
        var dwellSample: (Int, Int64)?, completeSample: (Int, Int64)?
        users[u].withTour(t) { ut in
            if e.kind == .assigned {
                // The first assignment is the user's arm.
                if ut.assignedAt == .min {
                    ut.assignedAt = e.time
                    ut.flags |= UserTour.wasAssigned
                    if let variantArm { ut.arm = variantArm }
                }
            } else if ut.arm < 0, let variantArm {
                ut.arm = variantArm
            }
            let armKey = ut.arm
            let slot = ut.slot(of: e.session)
            var s = ut[slot: slot]
            defer { ut[slot: slot] = s }
            do {
                switch e.kind {
                case .shown:
                    let step = e.step ?? 1
                    guard s.shown.insert(step) else { break }
                    ut.reached.insert(step)
                    ut.flags |= UserTour.wasShown
                    if ut.firstShownAt == .min { ut.firstShownAt = e.time; ut.language = language; ut.screen = screen }
                    if s.firstShown == .min { s.firstShown = e.time }
                    s.pend(step, at: e.time)
                case .advanced:
                    ut.flags |= UserTour.wasStarted
                    if let step = e.step, let at = s.end(step) { dwellSample = (EventAnalysis.key(t, armKey, step), e.time - at) }
                case .finished, .skipped, .dismissed:
                    guard !s.ended else { break }
                    s.ended = true
                    ut.flags |= e.kind == .finished ? UserTour.wasFinished : e.kind == .skipped ? UserTour.wasSkipped : UserTour.wasDismissed
                    if let step = e.step, let at = s.end(step) { dwellSample = (EventAnalysis.key(t, armKey, step), e.time - at) }
                    if e.kind == .finished, s.firstShown != .min { completeSample = (EventAnalysis.key(t, armKey), e.time - s.firstShown) }
                case .targetMissing:
                    let step = e.step ?? 1
                    ut.missingSteps.insert(step)
                    let pair = UInt64(step) << 32 | UInt64(UInt32(bitPattern: intern(e.cause)))
                    if ut.missing?.contains(pair) != true { ut.missing = (ut.missing ?? []) + [pair] }
                default: break
                }
            }
        }
        if let (k, v) = dwellSample { dwell[k, default: []].append(v) }
        if let (k, v) = completeSample { toComplete[k, default: []].append(v) }
    }

    /// Every figure, counted from the state the events left.
    public func report() -> AnalysisReport {
        var out = AnalysisReport()
        out.events = events
        out.skippedLines = skipped
        out.users = users.count
        out.goal = options.goal
        out.withinMs = options.within.map { Double($0) / 1000 }
        for t in tourNames.indices {
            out.tours.append(tourReport(Int32(t)))
        }
        out.checklists = checklists.report()
        return out
    }

    private func tourReport(_ t: Int32) -> TourReport {
        let id = tourNames[Int(t)]
        let facts = options.tours.first { $0.id == id }
        let steps = max(facts?.steps ?? 0, maxStep[t] ?? 0)
        let names = armNames[Int(t)]
        let isExperiment = sawAssigned.contains(t) || !(facts?.expectedShares.isEmpty ?? true)
        // Arms in the file's order, the holdout last.
        var order = names.indices.map { Int32($0) }.filter { names[Int($0)] != AnalysisReport.holdout }
        if let h = names.firstIndex(of: AnalysisReport.holdout) { order.append(Int32(h)) }
        // Each arm's funnel is as long as its own steps; then everyone, then the users with no arm.
        let lengths = names.map { name in facts?.armSteps[name] ?? steps }
        var counts = lengths.map { ArmCounts(steps: $0) } + [ArmCounts(steps: steps), ArmCounts(steps: steps)]
        var languages: [Int32: (Int, Int)] = [:], screens: [Int32: (Int, Int)] = [:]
        for user in users {
            user.forEachTour { ut in
                guard ut.tour == t else { return }
                counts[names.count].add(ut, isExperiment: isExperiment)
                counts[ut.arm >= 0 ? Int(ut.arm) : names.count + 1].add(ut, isExperiment: isExperiment)
                if ut.flags & UserTour.wasShown != 0 {
                    let done = ut.flags & UserTour.wasFinished != 0 ? 1 : 0
                    languages[ut.language, default: (0, 0)].0 += 1; languages[ut.language, default: (0, 0)].1 += done
                    screens[ut.screen, default: (0, 0)].0 += 1; screens[ut.screen, default: (0, 0)].1 += done
                }
            }
        }
        func armReport(_ a: Int32?) -> ArmReport {
            let c = counts[a.map(Int.init) ?? names.count]
            var r = ArmReport(arm: a.map { names[Int($0)] } ?? AnalysisReport.everyone)
            c.fill(&r, strings: stringNames, goal: options.goal != nil)
            if a == nil {
                // Everyone's losses are each arm's, at its own length (a short arm's users who
                // finished at its last step are not lost at the next).
                r.dropOff = Array(repeating: 0, count: steps)
                for k in counts.indices where k != names.count {
                    for (i, n) in counts[k].dropOff.enumerated() where i < steps { r.dropOff[i] += n }
                }
                r.topDropOffStep = ArmCounts.top(of: r.dropOff)
            }
            let arms = a.map { [$0] } ?? Array(-1..<Int32(names.count))
            r.dwellMs = (0..<(a.map { lengths[Int($0)] } ?? steps)).map { s in Quantiles.of(arms.flatMap { dwell[EventAnalysis.key(t, $0, s + 1)] ?? [] }) }
            r.timeToCompleteMs = Quantiles.of(arms.flatMap { toComplete[EventAnalysis.key(t, $0)] ?? [] })
            return r
        }
        var report = TourReport(tour: id, steps: steps, total: armReport(nil))
        if isExperiment { report.arms = order.map { armReport($0) } }
        report.buttons = buttons[t] ?? [:]
        func breakdown(_ table: [Int32: (Int, Int)]) -> [Breakdown] {
            table.map { k, v in Breakdown(value: k >= 0 ? stringNames[Int(k)] : "(none)", shown: v.0, finished: v.1, completionRate: Double(v.1) / Double(v.0)) }
                .sorted { $0.shown != $1.shown ? $0.shown > $1.shown : $0.value < $1.value }
        }
        report.languages = breakdown(languages)
        report.screens = breakdown(screens)
        if options.goal != nil, isExperiment, !report.arms.isEmpty {
            report.experiment = ExperimentReport.of(report.arms, facts: facts)
        }
        return report
    }
}

/// One arm's counts as users are walked.
struct ArmCounts {
    var assigned = 0, shown = 0, started = 0, finished = 0, skipped = 0, dismissed = 0, goalUsers = 0, converted = 0
    var reached: [Int]
    var expected: [Int]
    var affected: [UInt64: Int] = [:]

    init(steps: Int) { reached = Array(repeating: 0, count: steps); expected = reached }

    mutating func add(_ ut: UserTour, isExperiment: Bool) {
        let steps = reached.count
        let f = ut.flags
        if f & UserTour.wasAssigned != 0 { assigned += 1 }
        if f & UserTour.wasShown != 0 { shown += 1 }
        if f & UserTour.wasStarted != 0 { started += 1 }
        if f & UserTour.wasFinished != 0 { finished += 1 }
        if f & UserTour.wasSkipped != 0 { skipped += 1 }
        if f & UserTour.wasDismissed != 0 { dismissed += 1 }
        if f & (isExperiment ? UserTour.wasAssigned : UserTour.wasShown) != 0 {
            goalUsers += 1
            if f & UserTour.converted != 0 { converted += 1 }
        }
        for s in 1...max(steps, 1) where s <= steps {
            let r = ut.reached.contains(s)
            if r { reached[s - 1] += 1 }
            if r || ut.missingSteps.contains(s) { expected[s - 1] += 1 }
        }
        for pair in ut.missing ?? [] { affected[pair, default: 0] += 1 }
    }

    /// The users lost at each step: those who saw it minus those who saw the next (at the last,
    /// minus those who finished).
    var dropOff: [Int] { reached.indices.map { i in reached[i] - (i + 1 < reached.count ? reached[i + 1] : finished) } }

    /// The step (from 1) that loses most users, nil when none loses any.
    static func top(of dropOff: [Int]) -> Int? {
        guard let most = dropOff.max(), most > 0 else { return nil }
        return dropOff.firstIndex(of: most)! + 1
    }

    func fill(_ r: inout ArmReport, strings: [String], goal: Bool) {
        r.assigned = assigned; r.shown = shown; r.started = started
        r.finished = finished; r.skipped = skipped; r.dismissed = dismissed
        r.completionRate = shown > 0 ? Double(finished) / Double(shown) : nil
        r.reached = reached
        r.dropOff = dropOff
        r.topDropOffStep = ArmCounts.top(of: r.dropOff)
        r.targetMissing = affected.map { pair, n in
            let step = Int(pair >> 32), cause = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: pair)))
            let e = step <= expected.count ? expected[step - 1] : n
            return MissingRate(step: step, cause: cause >= 0 ? strings[cause] : "(none)", affected: n, expected: e, rate: e > 0 ? Double(n) / Double(e) : 0)
        }.sorted { ($0.step, $0.cause) < ($1.step, $1.cause) }
        if goal {
            r.goalUsers = goalUsers
            r.converted = converted
            r.conversionRate = goalUsers > 0 ? Double(converted) / Double(goalUsers) : nil
        }
    }
}

extension Quantiles {
    /// The size, median and 90th percentile (nearest rank) of `values` (µs) in milliseconds; nil
    /// for none.
    static func of(_ values: [Int64]) -> Quantiles? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let n = sorted.count
        return Quantiles(count: n, median: Double(sorted[(n + 1) / 2 - 1]) / 1000, p90: Double(sorted[(9 * n + 9) / 10 - 1]) / 1000)
    }
}

extension ExperimentReport {
    /// The lifts of `arms` against their control (the holdout, else the first) and, with the
    /// tour's file, the sample-ratio check.
    static func of(_ arms: [ArmReport], facts: TourFacts?) -> ExperimentReport {
        let control = arms.first { $0.arm == AnalysisReport.holdout } ?? arms[0]
        var out = ExperimentReport(control: control.arm)
        for a in arms where a.arm != control.arm {
            guard let n1 = a.goalUsers, let x1 = a.converted, let n0 = control.goalUsers, let x0 = control.converted,
                  let d = Statistics.difference(x1, of: n1, against: x0, of: n0) else { continue }
            let p0 = Double(x0) / Double(n0)
            out.lifts.append(Lift(arm: a.arm, rate: Double(x1) / Double(n1), controlRate: p0, difference: d.difference,
                                  low: d.low, high: d.high, relative: p0 > 0 ? d.difference / p0 : nil))
        }
        if let shares = facts?.expectedShares, !shares.isEmpty {
            let observed = shares.map { s in arms.first { $0.arm == s.arm }?.assigned ?? 0 }
            out.sampleRatio = Statistics.sampleRatio(observed: observed, shares: shares.map(\.share))
        }
        return out
    }
}
