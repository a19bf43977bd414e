import Tours

/// The JUnit XML CI systems read: one `testsuite` a tour file, one `testcase` a case (`classname` the
/// tour, `name` the case without it), `failure` with the message and the image paths, `skipped` for
/// cases left out. Everything from a tour is escaped. No times are written, so a run gives the same
/// file whatever the machine's speed or the number of jobs.
public enum JUnitReport {
    /// The XML for `tours` and the results of their cases.
    public static func xml(tours: [PlannedTour], results: [CaseResult]) -> String {
        let byTour = Dictionary(grouping: results, by: \.testCase.tour)
        let tally = TestTally(results, brokenTours: tours.filter { $0.tour == nil }.count)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"limelight test\" tests=\"\(tally.passed + tally.failed + tally.skipped)\" failures=\"\(tally.failed)\" errors=\"0\" skipped=\"\(tally.skipped)\">\n"
        for planned in tours {
            let cases = byTour[planned.name] ?? []
            let t = TestTally(cases, brokenTours: planned.tour == nil ? 1 : 0)
            out += "  <testsuite name=\"\(escape(planned.name))\" file=\"\(escape(planned.file))\" tests=\"\(t.passed + t.failed + t.skipped)\" failures=\"\(t.failed)\" errors=\"0\" skipped=\"\(t.skipped)\">\n"
            if planned.tour == nil {
                let message = "the tour file has \(planned.problems.count) problem\(planned.problems.count == 1 ? "" : "s")"
                out += "    <testcase classname=\"\(escape(planned.name))\" name=\"load\">\n"
                out += "      <failure message=\"\(escape(message))\">\(escape(planned.problems.map(\.description).joined(separator: "\n")))</failure>\n"
                out += "    </testcase>\n"
            }
            for r in cases {
                out += "    <testcase classname=\"\(escape(planned.name))\" name=\"\(escape(r.testCase.shortName))\""
                let warnings = r.lint.filter { $0.severity == .warning }
                if r.outcome == .passed && warnings.isEmpty { out += "/>\n"; continue }
                out += ">\n"
                switch r.outcome {
                case .skipped: out += "      <skipped message=\"left out by --only\"/>\n"
                case .failed:
                    var body = r.problems
                    body.append("golden: \(r.golden)")
                    if let actual = r.actual { body.append("actual: \(actual)") }
                    if let diff = r.diff { body.append("diff: \(diff)") }
                    out += "      <failure message=\"\(escape(r.problems.joined(separator: "; ")))\">\(escape(body.joined(separator: "\n")))</failure>\n"
                case .passed: break
                }
                if !warnings.isEmpty {
                    out += "      <system-out>\(escape(warnings.map(\.description).joined(separator: "\n")))</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// `s` safe in XML text and attributes: markup characters as entities (line ends too, which an
    /// attribute would otherwise fold into spaces), and characters XML 1.0 cannot hold (most
    /// controls, U+FFFE, U+FFFF) as `\u{…}` text.
    public static func escape(_ s: String) -> String {
        escapingScalars(in: s) { scalar in
            if let entity = markupEntity(for: scalar) { return entity }
            switch scalar.value {
            case 0x0A, 0x09, 0x0D: return "&#\(scalar.value);"
            case 0..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: return "\\u{\(String(scalar.value, radix: 16))}"
            default: return nil
            }
        }
    }
}
