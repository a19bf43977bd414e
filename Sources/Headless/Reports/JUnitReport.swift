import Tours

/// The JUnit XML CI systems read: one `testsuite` a tour file, one `testcase` a case (`classname` the
/// tour, `name` the case without it), `failure` with the message and the image paths, `error` for a
/// case that could not run (its tour file has errors, a result could not be written), `skipped`
/// for cases left out. Every path is relative to the JUnit file's folder, so the file and the
/// results uploaded beside it resolve inside one artifact. Everything from a tour is escaped. No
/// times are written, so a run gives the same file whatever the machine's speed, the number of
/// jobs or shards.
package enum JUnitReport {
    /// The XML for `tours` and the results of their cases, with paths relative to `folder` (the
    /// JUnit file's own folder).
    package static func xml(tours: [TestRun.TourEntry], results: [CaseResult], relativeTo folder: String = ".") -> String {
        let byTour = Dictionary(grouping: results, by: \.testCase.tour)
        let tally = TestTally(results)
        func path(_ p: String) -> String { RelativePath.from(folder, to: p) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"limelight test\" tests=\"\(tally.total)\" failures=\"\(tally.failed)\" errors=\"\(tally.errors)\" skipped=\"\(tally.skipped)\">\n"
        for planned in tours {
            let cases = byTour[planned.name] ?? []
            let t = TestTally(cases)
            out += "  <testsuite name=\"\(escape(planned.name))\" file=\"\(escape(path(planned.file)))\" tests=\"\(t.total)\" failures=\"\(t.failed)\" errors=\"\(t.errors)\" skipped=\"\(t.skipped)\">\n"
            for r in cases {
                out += "    <testcase classname=\"\(escape(planned.name))\" name=\"\(escape(r.testCase.shortName))\""
                let warnings = r.lint.filter { $0.severity == .warning }
                if r.outcome == .passed && warnings.isEmpty { out += "/>\n"; continue }
                out += ">\n"
                var body = r.problems
                body.append("golden: \(path(r.golden))")
                for (label, file) in [("expected", r.expected), ("actual", r.actual), ("diff", r.diff)] {
                    if let file { body.append("\(label): \(path(file))") }
                }
                for text in r.texts { body.append("actual: \(path(text.actual)) (golden \(path(text.golden)))") }
                let message = escape(r.problems.joined(separator: "; "))
                switch r.outcome {
                case .skipped: out += "      <skipped message=\"left out by --only\"/>\n"
                case .failed: out += "      <failure message=\"\(message)\">\(escape(body.joined(separator: "\n")))</failure>\n"
                case .error:
                    let type = r.cause == .runner ? "runner" : "bad input"
                    out += "      <error type=\"\(type)\" message=\"\(message)\">\(escape(body.joined(separator: "\n")))</error>\n"
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
    package static func escape(_ s: String) -> String {
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
