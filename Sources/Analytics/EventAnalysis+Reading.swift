/// Why an events log could not be analyzed: one line, `FILE:LINE: what`.
public struct AnalysisFailure: Error, CustomStringConvertible, Sendable {
    /// The line.
    public var description: String
}

extension EventAnalysis {
    /// Reads the events log at `path` (JSON lines) into the analysis. A bad line is an error, or,
    /// `lenient`, counted, skipped and given to `skippedLine` as `FILE:LINE: what`.
    public func read(_ path: String, skippedLine: (String) -> Void = { _ in }) throws(AnalysisFailure) {
        do {
            try LogReader.lines(of: path) { line, number, isLast in
                let problem: LineProblem
                if let line {
                    // A blank line (a log ending in two newlines) is no event.
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
                    do throws(LineProblem) {
                        let event = try EventLine.parse(line)
                        try add(event)
                        return
                    } catch {
                        problem = isLast && error.description.contains("cut off") ? LineProblem("the last line is cut off (\(error.description))") : error
                    }
                } else {
                    problem = LineProblem("a line over \(LogReader.maxLine >> 20) MiB (expected one event a line)")
                }
                let message = "\(path):\(number): \(problem.description)"
                guard options.lenient else { throw AnalysisFailure(description: message) }
                skipLine()
                skippedLine(message)
            }
        } catch let failure as AnalysisFailure {
            throw failure
        } catch let failure as LogReader.Failure {
            throw AnalysisFailure(description: "\(path): \(failure.reason)")
        } catch {
            throw AnalysisFailure(description: "\(path): \(error)")
        }
    }
}
