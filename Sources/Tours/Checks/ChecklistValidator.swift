import Schema

/// A checklist's names checked against the app it runs on (`TargetCatalog`): each item's `done`
/// condition as a step's `showWhen` is checked, the events it and `show.afterEvent` wait for among
/// the app's, with the nearest known names on a miss.
public enum ChecklistValidator {
    /// The problems of `list` on the app of `catalog`; `file` names the file in diagnostics.
    public static func validate(_ list: Checklist, against catalog: TargetCatalog, file: String) -> [Diagnostic] {
        var names = CatalogSuggestions(catalog)
        var out: [Diagnostic] = []
        if let event = list.show.afterEvent, !catalog.countableEvents.contains(event.name) {
            out.append(Diagnostic(file: file, line: nil, path: "show.afterEvent",
                                  message: "expected one of the app's events (\(names.events.list(near: event.name))), found \(quoted(event.name))"))
        }
        for (i, item) in list.items.enumerated() {
            let path = "items[\(i)].done"
            switch item.done {
            case .condition(let c)?:
                if let problem = TourFlowValidator.check(c, names: &names) {
                    out.append(Diagnostic(file: file, line: item.line, path: path, message: problem))
                }
            case .event(let name)?:
                if !catalog.countableEvents.contains(name) {
                    out.append(Diagnostic(file: file, line: item.line, path: path + ".event",
                                          message: "expected one of the app's events (\(names.events.list(near: name))), found \(quoted(name))"))
                }
            case .tourFinished, nil:
                break
            }
        }
        return out
    }
}
