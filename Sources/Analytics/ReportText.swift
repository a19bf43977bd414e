/// The report as a terminal reads it: per tour, the arms' counts, the funnel with its drop-off,
/// dwell and time to complete, missing targets, buttons, languages and screens, and the goal's
/// lift with the sample-ratio check.
public enum ReportText {
    /// Each step of `a`'s funnel: the users who saw it, as a number and a bar, and those lost there.
    static func funnel(_ a: ArmReport) -> [String] {
        let top = max(1, a.reached.max() ?? 1)
        return a.reached.enumerated().map { i, n in
            let bar = String(repeating: "█", count: Int((Double(n) / Double(top) * 24).rounded()))
            return "  step \(pad("\(i + 1)", 3)) \(pad("\(n)", 8, right: true))  \(pad(bar, 24))  -\(a.dropOff[i])"
        }
    }

    /// `report` as lines of text.
    public static func text(_ report: AnalysisReport) -> String {
        var out: [String] = []
        out.append("\(report.events) events, \(report.users) users" + (report.skippedLines > 0 ? ", \(report.skippedLines) bad lines skipped" : ""))
        for t in report.tours {
            out.append("")
            out.append("tour \(t.tour) (\(t.steps) step\(t.steps == 1 ? "" : "s"))")
            let rows = t.arms.isEmpty ? [t.total] : t.arms + [t.total]
            out += table(["arm", "assigned", "shown", "started", "finished", "skipped", "dismissed", "completion"],
                         rows.map { [$0.arm, "\($0.assigned)", "\($0.shown)", "\($0.started)", "\($0.finished)", "\($0.skipped)", "\($0.dismissed)", percent($0.completionRate)] })
            let all = t.total
            if !all.reached.isEmpty {
                out.append("funnel (users who saw each step; lost there)")
                out += funnel(all)
                if let s = all.topDropOffStep { out.append("  most users are lost at step \(s) (\(all.dropOff[s - 1]))") }
                // An arm with steps of its own has its own funnel.
                for arm in t.arms where !arm.reached.isEmpty && arm.reached.count != all.reached.count {
                    out.append("funnel of arm \(arm.arm) (\(arm.reached.count) step\(arm.reached.count == 1 ? "" : "s") of its own)")
                    out += funnel(arm)
                }
                out.append("dwell per step (median / 90th percentile, of n)")
                for (i, q) in all.dwellMs.enumerated() {
                    out.append("  step \(pad("\(i + 1)", 3)) " + (q.map { "\(seconds($0.median)) / \(seconds($0.p90))  (\($0.count))" } ?? "–"))
                }
                if let q = all.timeToCompleteMs { out.append("time to complete: \(seconds(q.median)) / \(seconds(q.p90))  (\(q.count))") }
            }
            for m in all.targetMissing {
                out.append("target missing at step \(m.step) (\(m.cause)): \(m.affected) of \(m.expected) users (\(percent(m.rate)))")
            }
            if !t.buttons.isEmpty {
                out.append("moved on by: " + t.buttons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            if !t.languages.isEmpty { out.append("languages: " + t.languages.map { "\($0.value) \($0.shown) (\(percent($0.completionRate)) completed)" }.joined(separator: ", ")) }
            if !t.screens.isEmpty { out.append("screens: " + t.screens.map { "\($0.value) \($0.shown) (\(percent($0.completionRate)) completed)" }.joined(separator: ", ")) }
            if let goal = report.goal {
                let window = report.withinMs.map { " within \(duration($0))" } ?? ""
                out.append("goal \(goal)\(window)")
                let goalRows = t.arms.isEmpty ? [t.total] : t.arms
                let lifts = Dictionary(uniqueKeysWithValues: (t.experiment?.lifts ?? []).map { ($0.arm, $0) })
                out += table(["arm", "users", "converted", "rate", "difference [95% interval]"], goalRows.map { a in
                    let lift = lifts[a.arm].map { "\(points($0.difference)) [\(points($0.low)), \(points($0.high))]" }
                        ?? (a.arm == t.experiment?.control ? "control" : "")
                    return [a.arm, "\(a.goalUsers ?? 0)", "\(a.converted ?? 0)", percent(a.conversionRate), lift]
                })
                if let srm = t.experiment?.sampleRatio {
                    out.append("  sample ratio: chi-square \(fixed(srm.chiSquare, 2)) (df \(srm.degreesOfFreedom)), p = \(fixed(srm.p, 4))"
                               + (srm.flagged ? ": MISMATCH (p < 0.001): the arms are not the sizes their weights say; do not trust the lift" : ": as the weights say"))
                }
            }
        }
        for c in report.checklists {
            out.append("")
            out.append("checklist \(c.checklist): shown to \(c.shown) users, \(c.completed) did every item (\(percent(c.completionRate)))")
            out += table(["item", "launched", "done", "done of shown"], c.items.map { [$0.item, "\($0.launched)", "\($0.done)", percent($0.doneRate)] })
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let widths = header.indices.map { c in max(header[c].count, rows.map { $0[c].count }.max() ?? 0) }
        func line(_ cells: [String]) -> String {
            "  " + cells.enumerated().map { c, v in pad(v, widths[c], right: c > 0) }.joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }

    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }

    static func fixed(_ v: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (v * scale).rounded() / scale
        var s = "\(r)"
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        } else if digits > 0 { s += "." + String(repeating: "0", count: digits) }
        return s
    }

    static func percent(_ v: Double?) -> String { v.map { fixed($0 * 100, 1) + "%" } ?? "–" }
    static func points(_ v: Double) -> String { (v >= 0 ? "+" : "") + fixed(v * 100, 1) + " pp" }
    static func seconds(_ ms: Double) -> String { ms < 1000 ? "\(Int(ms.rounded())) ms" : fixed(ms / 1000, 1) + " s" }
    static func duration(_ ms: Double) -> String {
        let s = ms / 1000
        if s >= 86_400, s.truncatingRemainder(dividingBy: 86_400) == 0 { return "\(Int(s / 86_400))d" }
        if s >= 3600, s.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(s / 3600))h" }
        if s >= 60, s.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(s / 60))m" }
        return seconds(ms)
    }
}
