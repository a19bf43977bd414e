import Schema
import Tours

/// The test kit's reader of a tour's test scripts (`test.scripts`): each script's commands in the
/// replay format and its `expect`, checked when a tour is loaded with it (`TourLoader.load(…,
/// scripts: TestScripts())`) and read again when its case runs.
public struct TestScripts: TestScriptReading {
    /// A reader.
    public init() {}

    /// The commands of `script`, from `file`: an error names the line in the tour file.
    public static func commands(of script: TourTest.Script, file: String) throws(ReplayScriptError) -> ReplayScript {
        try ReplayScript(lines: script.lines, file: file, lineNumbers: script.lineNumbers)
    }

    /// What the state must be at the end of `script`, if it says.
    public static func expectation(of script: TourTest.Script) throws(StateExpectation.ParseError) -> StateExpectation? {
        try script.expect.map { text throws(StateExpectation.ParseError) in try StateExpectation(text: text) }
    }

    /// Commands that do not read (the first of a script), a `shot` (a case's frame is taken at its
    /// end), an `expect` that does not read; against `catalog`, views that no screen has at launch
    /// (a warning: the app may make them as it runs) and expectations of states, tabs and overlay
    /// kinds it does not have.
    public func problems(in tour: Tour, against catalog: TargetCatalog?, file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ line: Int, _ path: String, _ message: String, _ severity: Diagnostic.Severity = .error) {
            out.append(Diagnostic(file: file, line: line, path: path, message: message, severity: severity))
        }
        let overScreenshot = tour.background != nil && catalog?.isCapture != true
        var names = catalog.map { ExpectationNames(CatalogSuggestions($0)) }
        for (i, script) in tour.test.scripts.enumerated() {
            let path = "test.scripts[\(i)]"
            var commands: ReplayScript?
            do throws(ReplayScriptError) {
                let read = try Self.commands(of: script, file: file)
                if read.commands.contains(where: { if case .shot = $0.command { return true } else { return false } }) {
                    report(script.linesLine, path + ".lines", "a test script takes no `shot` (its case's frame is taken at its end)")
                } else {
                    commands = read
                }
            } catch {
                let index = script.lineNumbers.firstIndex(of: error.line) ?? 0
                report(error.line, path + ".lines[\(index)]", error.message)
            }
            var expectation: StateExpectation?
            do throws(StateExpectation.ParseError) { expectation = try Self.expectation(of: script) } catch {
                report(script.expectLine, path + ".expect", error.message)
            }
            guard let catalog, var known = names else { continue }
            defer { names = known }
            // What test scripts expect of the app's state: names and kinds it declares. A view a
            // script acts on that no screen has at launch is a warning: the app may still make it as
            // it runs (an alert's button, a screen's back button), which only the run can tell.
            for line in commands?.commands ?? [] {
                if let id = line.command.viewID, !overScreenshot, !catalog.isEmpty, !id.hasPrefix("overlay."),
                   !catalog.tabs.contains(where: { catalog.canExist(id, onTab: $0) }) {
                    report(line.line, path + ".lines",
                           "no screen has a view with id \(quoted(id)) at launch (known: \(known.catalog.knownIDs(onTab: nil, near: id))); the script fails there unless the app makes it as it runs",
                           .warning)
                }
                guard case .expect(let e) = line.command, let problem = e.problem(against: &known) else { continue }
                report(line.line, path + ".lines", "expect: " + problem)
            }
            if let expectation, let problem = expectation.problem(against: &known) {
                report(script.expectLine, path + ".expect", problem)
            }
        }
        return out
    }
}

/// The names an expectation's messages offer: the catalog's, and the keys `expect` checks
/// (`StateExpectation`'s own, then the app's states), each list measured once per unknown word.
package struct ExpectationNames {
    /// The catalog's names.
    package var catalog: CatalogSuggestions
    /// What `expect` checks.
    package var keys: NameSuggestions

    /// The names of `catalog`'s suggestions.
    package init(_ catalog: CatalogSuggestions) {
        self.catalog = catalog
        keys = NameSuggestions(StateExpectation.keys.map(\.name) + catalog.catalog.states.map(\.name))
    }
}
