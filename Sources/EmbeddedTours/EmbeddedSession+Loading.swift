import Files
import Schema
import Tours
import Views

/// Why an embedded session could not do what was asked: one line, naming the file, the line and the
/// key for a tour with errors.
public struct EmbeddedFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong and what was expected.
    public var message: String
    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

extension EmbeddedSession {
    /// Loads the tour at `path` to run over an app that publishes its targets as it runs: every
    /// check of `limelight check` but those against the app's targets, states and events, which
    /// are not known yet (`limelight check --catalog` checks them against what the app published).
    /// A tour over a screenshot is refused: the app draws the frames here.
    static func loadTour(path: String) throws(EmbeddedFailure) -> Tour {
        let bytes: [UInt8]
        do { bytes = try TourLoader.read(path) } catch { throw EmbeddedFailure(error.summary) }
        // The tour as decoded, for the names it uses; its syntax and schema problems are the loader's to report.
        var used = TargetCatalog(tabs: [], ids: [:])
        if let root = try? JSONParser.parse(bytes), let tour = TourDecoder.decode(root, file: path).tour {
            if tour.background != nil {
                throw EmbeddedFailure("\(path):\(tour.backgroundLine): background: a tour over an app's own frames runs over no screenshot (remove \"background\")")
            }
            used = catalog(acceptingNamesIn: tour)
        }
        let folder = AtomicFile.split(path).folder
        do {
            return try TourLoader.load(bytes: bytes, file: path, folder: folder.isEmpty ? "." : folder, appCatalog: { used }).tour
        } catch {
            throw EmbeddedFailure(error.summary)
        }
    }

    /// A catalog that has every view id `tour` names (on one screen without tabs), each state its
    /// conditions compare (a flag when compared with true or false, a number when every value it is
    /// compared with is one, else a word) and the event its show rule counts.
    static func catalog(acceptingNamesIn tour: Tour) -> TargetCatalog {
        var ids = Set<String>()
        var values: [String: [TourCondition]] = [:]
        var order: [String] = []
        for step in tour.steps {
            for target in step.targets { if let id = target.viewID { ids.insert(id) } }
            for condition in step.showWhen + step.advanceConditions {
                switch condition.key {
                case "view": ids.insert(condition.value)
                case "tab", "overlay": break
                case let key where AppDefinition.reservedStateNames.contains(key): break
                default:
                    if values[condition.key] == nil { order.append(condition.key) }
                    values[condition.key, default: []].append(condition)
                }
            }
        }
        let states = order.map { name -> StateDeclaration in
            let compared = values[name] ?? []
            if compared.contains(where: { $0.value == "true" || $0.value == "false" }) { return StateDeclaration(name, .flag) }
            if compared.allSatisfy({ Double($0.value)?.isFinite == true }) { return StateDeclaration(name, .number) }
            let ordered: Set<TourCondition.Comparison> = [.atLeast, .atMost, .more, .less]
            return StateDeclaration(name, compared.contains { ordered.contains($0.comparison) } ? .number : .text)
        }
        let events = tour.show.afterEvent.map { [$0.name] } ?? []
        return TargetCatalog(tabs: [], ids: ids.isEmpty ? [:] : ["": ids], states: states, events: events)
    }
}
