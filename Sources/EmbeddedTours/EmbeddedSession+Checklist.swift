import Files
import Foundation
import Schema
import Tours

extension EmbeddedSession {
    /// Shows the checklist file at `path` over the app from now on: its launcher in its corner,
    /// items done as the app's states and events say (and as `checkItem` restores), and choosing an
    /// item plays its tour (`ID.json` beside the checklist) in place of the session's. The events log
    /// gets `checklistShown`, `itemLaunched` and `itemDone` lines; the host saves the items done
    /// and gives them back next time with `checkItem`.
    public func showChecklist(path: String) throws(EmbeddedFailure) {
        let list: Checklist
        do { list = try ChecklistLoader.load(path: path) } catch { throw EmbeddedFailure(error.summary) }
        checklist?.dismiss(animated: false)
        let runner = ChecklistRunner(checklist: list, host: screen, progress: TourProgress())
        checklist = runner
        checklistPath = path
        let ms = { [weak self] in ((self?.clock.now ?? 0) * 1000).rounded() }
        runner.onItemDone = { [weak self] item in self?.writer.checklist(.itemDone, checklist: list.id, item: item.id, ms: ms()) }
        runner.onLaunch = { [weak self] item in
            guard let self, let id = item.tour, !self.engine.isRunning else { return }
            let folder = AtomicFile.split(path).folder
            let file = (folder.isEmpty ? "." : folder) + "/" + id + ".json"
            let tour: Tour
            do { tour = try Self.loadTour(path: file) } catch {
                self.checklistProblem = "the item \(quoted(item.id)) plays the tour \(quoted(id)): \(error)"
                return
            }
            guard tour.id == id else {
                self.checklistProblem = "the item \(quoted(item.id)) plays the tour \(quoted(id)): \(file) is the tour \(quoted(tour.id))"
                return
            }
            self.checklistProblem = nil
            self.writer.checklist(.itemLaunched, checklist: list.id, item: item.id, tour: id, ms: ms())
            self.engine.replace(with: tour, animated: false)
            self.engine.start(at: 0, animated: true)
        }
        writer.checklist(.checklistShown, checklist: list.id, ms: ms())
        runner.present()
    }

    /// Ticks item `id` of the checklist shown, as saved from an earlier run (no `itemDone` line).
    public func checkItem(_ id: String) throws(EmbeddedFailure) {
        guard let checklist else { throw EmbeddedFailure("no checklist is shown (limelight_session_show_checklist first)") }
        guard checklist.checklist.items.contains(where: { $0.id == id }) else {
            throw EmbeddedFailure("the checklist \(quoted(checklist.checklist.id)) has no item \(quoted(id)) (items: \(checklist.checklist.items.map(\.id).joined(separator: ", ")))")
        }
        checklist.restoreChecked(id)
    }
}

/// A checklist as the session's state JSON says it: its id, whether its panel is open, and each
/// item's state.
struct ChecklistReport: Encodable {
    /// One item: its id and its state.
    struct Item: Encodable {
        var id: String
        var state: String
    }
    var id: String
    var open: Bool
    var items: [Item]
    var problem: String?

    /// The report of `runner`'s checklist now, with the last choice's `problem`.
    @MainActor init(_ runner: ChecklistRunner, problem: String?) {
        id = runner.checklist.id
        self.open = runner.overlay.isOpen
        self.problem = problem
        items = zip(runner.checklist.items, runner.states).map { Item(id: $0.id, state: $1.rawValue) }
    }
}
