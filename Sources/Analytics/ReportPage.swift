/// The report as one HTML page with its charts drawn inline as SVG (no script, no file beside it):
/// per tour the arms' counts, the funnel's bars with the users lost at each step, each step's dwell
/// (median, with a line to the 90th percentile) and, with a goal, each arm's difference from the
/// control with its 95 % interval.
public enum ReportPage {
    /// The page of `report`.
    public static func html(_ report: AnalysisReport) -> String {
        var body = "<h1>What the tours did</h1>\n<p>\(report.events) events, \(report.users) users"
            + (report.skippedLines > 0 ? ", \(report.skippedLines) bad lines skipped" : "") + ".</p>\n"
        for t in report.tours {
            body += "<section class=\"tour\" id=\"tour-\(escape(t.tour))\">\n<h2>\(escape(t.tour)) <small>(\(t.steps) steps)</small></h2>\n"
            let rows = t.arms.isEmpty ? [t.total] : t.arms + [t.total]
            body += "<table><tr><th>arm</th><th>assigned</th><th>shown</th><th>started</th><th>finished</th><th>skipped</th><th>dismissed</th><th>completion</th></tr>\n"
            for a in rows {
                body += "<tr><td>\(escape(a.arm))</td><td>\(a.assigned)</td><td>\(a.shown)</td><td>\(a.started)</td><td>\(a.finished)</td><td>\(a.skipped)</td><td>\(a.dismissed)</td><td>\(ReportText.percent(a.completionRate))</td></tr>\n"
            }
            body += "</table>\n"
            if !t.total.reached.isEmpty {
                body += "<h3>Funnel</h3>\n" + funnel(t.total)
                for arm in t.arms where !arm.reached.isEmpty && arm.reached.count != t.total.reached.count {
                    body += "<h3>Funnel of arm \(escape(arm.arm)) <small>(\(arm.reached.count) steps of its own)</small></h3>\n" + funnel(arm)
                }
                body += "<h3>Dwell per step</h3>\n" + dwell(t.total)
            }
            if let e = t.experiment, !e.lifts.isEmpty {
                body += "<h3>Goal: \(escape(report.goal ?? "")), difference from \(escape(e.control))</h3>\n" + lifts(e)
                if let srm = e.sampleRatio {
                    body += "<p class=\"\(srm.flagged ? "flagged" : "ok")\">Sample ratio: chi-square \(ReportText.fixed(srm.chiSquare, 2)) (df \(srm.degreesOfFreedom)), p = \(ReportText.fixed(srm.p, 4))"
                        + (srm.flagged ? " — the arms are not the sizes their weights say: do not trust the difference." : ".") + "</p>\n"
                }
            }
            body += "</section>\n"
        }
        for c in report.checklists {
            body += "<section class=\"checklist\" id=\"checklist-\(escape(c.checklist))\">\n<h2>Checklist \(escape(c.checklist))</h2>\n"
            body += "<p>Shown to \(c.shown) users; \(c.completed) did every item (\(ReportText.percent(c.completionRate))).</p>\n" + items(c)
            body += "</section>\n"
        }
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>limelight analyze</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        table { border-collapse: collapse; margin: 8px 0; } td, th { padding: 3px 10px; text-align: right; border-bottom: 1px solid #ddd; }
        td:first-child, th:first-child { text-align: left; } small { color: #666; font-weight: normal; }
        svg text { font: 12px system-ui, sans-serif; fill: #1c1c1e; } .flagged { color: #b00020; font-weight: bold; }
        </style></head><body>
        \(body)</body></html>

        """
    }

    /// `s` with the characters HTML gives meaning escaped.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Bars of the users who saw each step, with the users lost there.
    static func funnel(_ a: ArmReport) -> String {
        let top = max(1, a.reached.max() ?? 1), row = 24, width = 420
        var svg = "<svg class=\"funnel\" width=\"\(width + 220)\" height=\"\(a.reached.count * row + 8)\" role=\"img\" aria-label=\"funnel\">\n"
        for (i, n) in a.reached.enumerated() {
            let w = Int(Double(n) / Double(top) * Double(width)), y = i * row + 4
            svg += "<text x=\"0\" y=\"\(y + 15)\">step \(i + 1)</text><rect class=\"bar\" x=\"60\" y=\"\(y)\" width=\"\(max(w, 1))\" height=\"\(row - 6)\" fill=\"#0a5fd8\"/>"
            svg += "<text x=\"\(66 + w)\" y=\"\(y + 15)\">\(n) (−\(a.dropOff[i]))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// Each step's median dwell as a bar, and a line on to its 90th percentile.
    static func dwell(_ a: ArmReport) -> String {
        let top = max(1, a.dwellMs.compactMap { $0?.p90 }.max() ?? 1), row = 24, width = 420
        var svg = "<svg class=\"dwell\" width=\"\(width + 220)\" height=\"\(a.dwellMs.count * row + 8)\" role=\"img\" aria-label=\"dwell per step\">\n"
        for (i, q) in a.dwellMs.enumerated() {
            let y = i * row + 4
            svg += "<text x=\"0\" y=\"\(y + 15)\">step \(i + 1)</text>"
            guard let q else { svg += "<text x=\"60\" y=\"\(y + 15)\">–</text>\n"; continue }
            let m = Int(q.median / top * Double(width)), p = Int(q.p90 / top * Double(width))
            svg += "<rect class=\"median\" x=\"60\" y=\"\(y)\" width=\"\(max(m, 1))\" height=\"\(row - 6)\" fill=\"#34a853\"/>"
            svg += "<line class=\"p90\" x1=\"\(60 + m)\" x2=\"\(60 + p)\" y1=\"\(y + 9)\" y2=\"\(y + 9)\" stroke=\"#1c1c1e\"/>"
            svg += "<text x=\"\(68 + p)\" y=\"\(y + 15)\">\(ReportText.seconds(q.median)) / \(ReportText.seconds(q.p90))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// Each item's users who did it as a bar (of those shown the checklist), and those who launched its tour.
    static func items(_ c: ChecklistReport) -> String {
        let top = max(1, c.shown), row = 24, width = 420
        var svg = "<svg class=\"items\" width=\"\(width + 320)\" height=\"\(c.items.count * row + 8)\" role=\"img\" aria-label=\"items done\">\n"
        for (i, item) in c.items.enumerated() {
            let w = Int(Double(item.done) / Double(top) * Double(width)), y = i * row + 4
            svg += "<text x=\"0\" y=\"\(y + 15)\">\(escape(item.item))</text><rect class=\"bar\" x=\"120\" y=\"\(y)\" width=\"\(max(w, 1))\" height=\"\(row - 6)\" fill=\"#34a853\"/>"
            svg += "<text x=\"\(126 + w)\" y=\"\(y + 15)\">\(item.done) done (\(ReportText.percent(item.doneRate))), \(item.launched) launched</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// Each arm's difference from the control, a dot on its 95 % interval, around a line at zero.
    static func lifts(_ e: ExperimentReport) -> String {
        let reach = max(0.01, e.lifts.map { max(abs($0.low), abs($0.high)) }.max() ?? 0.01)
        let row = 28, width = 400, zero = 120 + width / 2
        func x(_ v: Double) -> Int { zero + Int(v / reach * Double(width / 2)) }
        var svg = "<svg class=\"lift\" width=\"\(width + 320)\" height=\"\(e.lifts.count * row + 10)\" role=\"img\" aria-label=\"difference from the control\">\n"
        svg += "<line x1=\"\(zero)\" x2=\"\(zero)\" y1=\"0\" y2=\"\(e.lifts.count * row + 10)\" stroke=\"#999\"/>\n"
        for (i, l) in e.lifts.enumerated() {
            let y = i * row + 16
            svg += "<text x=\"0\" y=\"\(y + 4)\">\(escape(l.arm))</text>"
            svg += "<line class=\"interval\" x1=\"\(x(l.low))\" x2=\"\(x(l.high))\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"#0a5fd8\" stroke-width=\"3\"/>"
            svg += "<circle class=\"difference\" cx=\"\(x(l.difference))\" cy=\"\(y)\" r=\"5\" fill=\"#0a5fd8\"/>"
            svg += "<text x=\"\(120 + width + 10)\" y=\"\(y + 4)\">\(ReportText.points(l.difference)) [\(ReportText.points(l.low)), \(ReportText.points(l.high))]</text>\n"
        }
        return svg + "</svg>\n"
    }
}
