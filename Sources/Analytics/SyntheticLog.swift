import Seeded

/// Seeded synthetic events logs with known truth: users walk tours (arms of an experiment and a
/// holdout, several sessions, missing targets, steps shown twice, a dismissal after a finish,
/// goal events before, inside and after their window) and every figure `analyze` reports is
/// tallied from the walk itself as it is written. The tests check `analyze` against the tally;
/// the benchmark and the shipped example log are made with it.
public struct SyntheticLog {
    /// What to generate.
    public struct Plan: Sendable {
        /// The seed: the same plan and seed write the same log.
        public var seed: UInt64
        /// How many users.
        public var users: Int
        /// The tours, with their steps and experiments.
        public var tours: [TourFacts]
        /// The app event that counts as the goal.
        public var goal = "converted"
        /// The goal's window (µs).
        public var within: Int64 = 7 * 86_400_000_000
        /// When the first user arrives (µs since 1970: 2026-12-01T00:00:00Z).
        public var start: Int64 = 1_796_083_200_000_000
        /// Over how long users arrive (µs).
        public var spread: Int64 = 7 * 86_400_000_000
        /// The languages users have.
        public var languages = ["en", "ja", "de"]
        /// The screens users have.
        public var screens = ["390x844", "1280x800"]
        /// How many more of the app's own events (`opened`) each user sends, besides the tours'.
        public var appEvents = 0
        /// How a user's arm is drawn (tour id, user id → arm); nil: at random, by the shares.
        public var assign: (@Sendable (String, String) -> String)?
        /// The checklists users are shown, each with its items' ids; an item's launch names the
        /// first tour (a checklist's line is no tour's), and some users do an item `extra` the
        /// checklist does not list, or items of a checklist they were never shown.
        public var checklists: [(id: String, items: [String])] = []

        /// `users` users of `tours`, from `seed`.
        public init(seed: UInt64, users: Int, tours: [TourFacts]) { self.seed = seed; self.users = users; self.tours = tours }
    }

    /// Writes `plan`'s log, a line at a time, to `write`, and returns the report `analyze` must
    /// give for it (with `goal` and `within`, and `tours` as facts).
    public static func write(_ plan: Plan, to write: (String) -> Void) -> AnalysisReport {
        var rng = SeededGenerator(seed: plan.seed)
        var tally = Tally(plan: plan)
        var lines = 0
        for n in 0..<plan.users {
            let user = "u\(n)"
            let language = rng.pick(plan.languages), screen = rng.pick(plan.screens)
            var t = plan.start + Int64(rng.below(Int(plan.spread / 1000))) * 1000
            var events: [(Int64, String)] = []
            var goalTimes: [Int64] = []
            var states: [(Int, UserTally)] = []
            func emit(_ fields: [(String, String)]) {
                t += Int64(rng.int(in: 1...5)) * 1000
                var line = "{\"time\":\"\(Timestamps.text(t))\",\"user\":\"\(user)\""
                for (k, v) in fields { line += ",\"\(k)\":\(v)" }
                events.append((t, line + "}"))
            }
            func s(_ v: String) -> String { "\"\(v)\"" }
            // Some users did the goal before any tour: it never counts.
            if rng.chance(0.05) { emit([("session", s("\(user)-0")), ("event", s("app")), ("name", s(plan.goal))]); goalTimes.append(t) }
            for (ti, tour) in plan.tours.enumerated() {
                let shares = tour.expectedShares
                var arm: String?
                if !shares.isEmpty {
                    var r = rng.double(in: 0...1), chosen = shares.last!.arm
                    for sh in shares { if r < sh.share { chosen = sh.arm; break }; r -= sh.share }
                    arm = plan.assign?(tour.id, user) ?? chosen
                }
                let v: [(String, String)] = arm.map { [("variant", s($0))] } ?? []
                var state = UserTally(arm: arm, language: language, screen: screen)
                if let arm {
                    emit([("session", s("\(user)-1")), ("event", s("assigned")), ("tour", s(tour.id))] + v)
                    state.assignedAt = t
                    if arm == AnalysisReport.holdout {
                        // Held out: no tour; the goal may still happen.
                        if rng.chance(0.3) {
                            t += Int64(rng.int(in: 1_000...600_000)) * 1000
                            emit([("session", s("\(user)-1")), ("event", s("app")), ("name", s(plan.goal))])
                            goalTimes.append(t)
                        }
                        states.append((ti, state))
                        continue
                    }
                }
                let continues = arm.map { a in a.hasSuffix("short") ? 0.85 : 0.75 } ?? 0.8
                // An arm with steps of its own walks those.
                let length = tour.steps(ofArm: arm)
                var step = 1
                for session in 1...(rng.chance(0.2) ? 2 : 1) {
                    let sid = s("\(user)-\(session)")
                    var firstShown: Int64?
                    var pending: [Int: Int64] = [:]
                    var shownHere = Set<Int>()
                    var ended = false
                    func end(_ kind: String, at step: Int, by: String? = nil) {
                        var fields = [("session", sid), ("event", s(kind)), ("tour", s(tour.id)), ("step", "\(step)")] + v
                        if let by { fields.append(("by", s(by))) }
                        emit(fields)
                        if let at = pending.removeValue(forKey: step) { state.dwell.append((step, t - at)) }
                    }
                    while step <= length {
                        if rng.chance(0.04) {
                            let cause = rng.pick(["missing", "elsewhere", "occluded"])
                            emit([("session", sid), ("event", s("targetMissing")), ("tour", s(tour.id)), ("step", "\(step)"), ("cause", s(cause))] + v)
                            state.missing.insert("\(step)\u{0}\(cause)")
                            state.came.insert(step)
                            if rng.chance(0.3) { break }  // the target never came: the user left
                        }
                        emit([("session", sid), ("event", s("shown")), ("tour", s(tour.id)), ("step", "\(step)"),
                              ("language", s(language)), ("screen", s(screen)), ("tourVersion", s("v1"))] + v)
                        if shownHere.insert(step).inserted {
                            pending[step] = t
                            firstShown = firstShown ?? t
                            state.reached.insert(step)
                            state.came.insert(step)
                            state.firstShownAt = state.firstShownAt ?? t
                        }
                        // A step shown twice in a session counts once.
                        if rng.chance(0.03) {
                            emit([("session", sid), ("event", s("shown")), ("tour", s(tour.id)), ("step", "\(step)"), ("language", s(language)), ("screen", s(screen))] + v)
                        }
                        t += Int64(rng.int(in: 300...40_000)) * 1000
                        let r = rng.double(in: 0...1)
                        if step == length && r < 0.9 {
                            end("finished", at: step)
                            state.endings.insert("finished"); ended = true
                            if let f = firstShown { state.complete.append(t - f) }
                            // A dismissal after the finish, in the same session: not counted.
                            if rng.chance(0.05) { end("dismissed", at: step) }
                            step += 1
                            break
                        } else if r < continues || step == length {
                            if step == length {
                                state.started = true
                                state.buttons["next", default: 0] += 1
                                end("advanced", at: step, by: "next")
                                step += 1
                                break
                            }
                            let by = rng.pick(["next", "next", "next", "target", "key", "button 1"])
                            end("advanced", at: step, by: by)
                            state.started = true
                            state.buttons[by, default: 0] += 1
                            step += 1
                        } else if r < continues + 0.08 {
                            end("skipped", at: step); state.endings.insert("skipped"); ended = true; break
                        } else if r < continues + 0.12 {
                            end("dismissed", at: step); state.endings.insert("dismissed"); ended = true; break
                        } else {
                            break  // the app was closed: the step has no end
                        }
                    }
                    if ended || step > length { break }
                    t += Int64(rng.int(in: 60_000...86_400_000)) * 1000
                }
                // The goal: after the anchor, inside the window or past it.
                if rng.chance(arm.map { $0.hasSuffix("short") ? 0.45 : 0.35 } ?? 0.4) {
                    t += rng.chance(0.1) ? plan.within + 86_400_000_000 : Int64(rng.int(in: 1_000...3_600_000)) * 1000
                    emit([("session", s("\(user)-9")), ("event", s("app")), ("name", s(plan.goal))])
                    goalTimes.append(t)
                }
                states.append((ti, state))
            }
            // Every goal event of the user counts for every tour whose window it falls in.
            for (ti, var state) in states { state.goalAt = goalTimes; tally.add(state, tour: ti) }
            for (ci, list) in plan.checklists.enumerated() {
                var did = ChecklistUserTally()
                if rng.chance(0.7) {
                    did.shown = true
                    emit([("session", s("\(user)-1")), ("event", s("checklistShown")), ("checklist", s(list.id))])
                    // Shown again in a later session: still one user.
                    if rng.chance(0.3) { emit([("session", s("\(user)-2")), ("event", s("checklistShown")), ("checklist", s(list.id))]) }
                }
                for item in list.items + ["extra"] where item != "extra" || rng.chance(0.1) {
                    if rng.chance(0.4) {
                        let tour = plan.tours.first.map { [("tour", s($0.id))] } ?? []
                        emit([("session", s("\(user)-2")), ("event", s("itemLaunched")), ("checklist", s(list.id)), ("item", s(item))] + tour)
                        did.launched.insert(item)
                    }
                    if rng.chance(0.5) {
                        emit([("session", s("\(user)-2")), ("event", s("itemDone")), ("checklist", s(list.id)), ("item", s(item))])
                        did.done.insert(item)
                    }
                }
                tally.add(did, checklist: ci)
            }
            if rng.chance(0.3) { emit([("session", s("\(user)-9")), ("event", s("app")), ("name", s("opened")), ("extra", "{\"nested\":[1,2,{\"a\":null}]}")]) }
            for _ in 0..<plan.appEvents { emit([("session", s("\(user)-9")), ("event", s("app")), ("name", s("opened"))]) }
            for (_, line) in events { write(line); lines += 1 }
        }
        return tally.report(events: lines, users: plan.users)
    }
}

/// What one user did with one tour, as the generator decided it.
struct UserTally {
    var arm: String?
    var language: String, screen: String
    var assignedAt: Int64?
    var firstShownAt: Int64?
    var reached = Set<Int>(), came = Set<Int>()
    var missing = Set<String>()
    var started = false
    var endings = Set<String>()
    var dwell: [(Int, Int64)] = []
    var complete: [Int64] = []
    var buttons: [String: Int] = [:]
    var goalAt: [Int64] = []

    init(arm: String?, language: String, screen: String) { self.arm = arm; self.language = language; self.screen = screen }
}

/// What one user did with one checklist.
struct ChecklistUserTally {
    var shown = false
    var launched = Set<String>(), done = Set<String>()
}

/// The truth, tallied user by user.
struct Tally {
    let plan: SyntheticLog.Plan
    var users: [[UserTally]]
    var checklistUsers: [[ChecklistUserTally]]

    init(plan: SyntheticLog.Plan) {
        self.plan = plan
        users = Array(repeating: [], count: plan.tours.count)
        checklistUsers = Array(repeating: [], count: plan.checklists.count)
    }

    mutating func add(_ u: UserTally, tour: Int) { users[tour].append(u) }

    mutating func add(_ u: ChecklistUserTally, checklist: Int) { checklistUsers[checklist].append(u) }

    /// Each checklist's figures: its items, then `extra` if anyone launched or did it; done and
    /// every item done among those shown, launches by anyone.
    func checklistReports() -> [ChecklistReport] {
        plan.checklists.enumerated().map { ci, list in
            let all = checklistUsers[ci], shown = all.filter(\.shown)
            let extra = all.contains { $0.launched.contains("extra") || $0.done.contains("extra") }
            var r = ChecklistReport(checklist: list.id, shown: shown.count)
            r.items = (list.items + (extra ? ["extra"] : [])).map { item in
                let done = shown.filter { $0.done.contains(item) }.count
                return ChecklistReport.Item(item: item, launched: all.filter { $0.launched.contains(item) }.count, done: done,
                                            doneRate: shown.isEmpty ? nil : Double(done) / Double(shown.count))
            }
            r.completed = list.items.isEmpty ? 0 : shown.filter { u in list.items.allSatisfy(u.done.contains) }.count
            r.completionRate = shown.isEmpty ? nil : Double(r.completed) / Double(shown.count)
            return r
        }
    }

    func report(events: Int, users total: Int) -> AnalysisReport {
        var out = AnalysisReport()
        out.events = events
        out.users = total
        out.goal = plan.goal
        out.withinMs = Double(plan.within) / 1000
        for (ti, facts) in plan.tours.enumerated() {
            let all = users[ti]
            let isExperiment = !facts.expectedShares.isEmpty
            func arm(_ name: String, _ us: [UserTally], length: Int) -> ArmReport {
                var r = ArmReport(arm: name)
                r.assigned = us.filter { $0.assignedAt != nil }.count
                r.shown = us.filter { !$0.reached.isEmpty }.count
                r.started = us.filter(\.started).count
                r.finished = us.filter { $0.endings.contains("finished") }.count
                r.skipped = us.filter { $0.endings.contains("skipped") }.count
                r.dismissed = us.filter { $0.endings.contains("dismissed") }.count
                r.completionRate = r.shown > 0 ? Double(r.finished) / Double(r.shown) : nil
                r.reached = (1...length).map { k in us.filter { $0.reached.contains(k) }.count }
                r.dropOff = r.reached.indices.map { i in r.reached[i] - (i + 1 < r.reached.count ? r.reached[i + 1] : r.finished) }
                if name == AnalysisReport.everyone {
                    // Everyone's losses: each arm's at its own length, added up.
                    r.dropOff = Array(repeating: 0, count: length)
                    for group in Dictionary(grouping: us, by: { $0.arm ?? "" }).values {
                        let own = arm("", group, length: facts.steps(ofArm: group[0].arm))
                        for (i, n) in own.dropOff.enumerated() { r.dropOff[i] += n }
                    }
                }
                if let most = r.dropOff.max(), most > 0 { r.topDropOffStep = r.dropOff.firstIndex(of: most)! + 1 }
                r.dwellMs = (1...length).map { k in Quantiles.of(us.flatMap { $0.dwell.filter { $0.0 == k }.map(\.1) }) }
                r.timeToCompleteMs = Quantiles.of(us.flatMap(\.complete))
                var affected: [String: Int] = [:]
                for x in us { for m in x.missing { affected[m, default: 0] += 1 } }
                r.targetMissing = affected.map { key, n in
                    let parts = key.split(separator: "\u{0}")
                    let step = Int(parts[0])!
                    let expected = us.filter { $0.came.contains(step) }.count
                    return MissingRate(step: step, cause: String(parts[1]), affected: n, expected: expected, rate: Double(n) / Double(expected))
                }.sorted { ($0.step, $0.cause) < ($1.step, $1.cause) }
                let eligible = us.filter { isExperiment ? $0.assignedAt != nil : !$0.reached.isEmpty }
                r.goalUsers = eligible.count
                r.converted = eligible.filter { u in
                    guard let anchor = u.assignedAt ?? u.firstShownAt else { return false }
                    return u.goalAt.contains { $0 >= anchor && $0 - anchor <= plan.within }
                }.count
                r.conversionRate = r.goalUsers! > 0 ? Double(r.converted!) / Double(r.goalUsers!) : nil
                return r
            }
            var report = TourReport(tour: facts.id, steps: facts.steps, total: arm(AnalysisReport.everyone, all, length: facts.steps))
            if isExperiment { report.arms = facts.expectedShares.map { s in arm(s.arm, all.filter { $0.arm == s.arm }, length: facts.steps(ofArm: s.arm)) } }
            for u in all { for (k, n) in u.buttons { report.buttons[k, default: 0] += n } }
            func breakdown(_ key: (UserTally) -> String) -> [Breakdown] {
                var table: [String: (Int, Int)] = [:]
                for u in all where !u.reached.isEmpty {
                    table[key(u), default: (0, 0)].0 += 1
                    if u.endings.contains("finished") { table[key(u), default: (0, 0)].1 += 1 }
                }
                return table.map { Breakdown(value: $0.key, shown: $0.value.0, finished: $0.value.1, completionRate: Double($0.value.1) / Double($0.value.0)) }
                    .sorted { $0.shown != $1.shown ? $0.shown > $1.shown : $0.value < $1.value }
            }
            report.languages = breakdown(\.language)
            report.screens = breakdown(\.screen)
            if isExperiment { report.experiment = ExperimentReport.of(report.arms, facts: facts) }
            out.tours.append(report)
        }
        out.checklists = checklistReports()
        return out
    }
}
