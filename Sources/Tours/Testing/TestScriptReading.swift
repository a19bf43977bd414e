import Schema

/// What reads the test scripts in a tour's `test` object: the script language is the test kit's
/// (Headless's `TestScripts`), not the tour format's. A host that runs or checks scripts (the
/// command line, the editor, the test kit) hands one to `TourLoader.load`, and a tour whose scripts
/// do not read fails to load as any other problem does; a host that runs no scripts (an app showing
/// its tours) hands none, and the scripts go unread.
public protocol TestScriptReading: Sendable {
    /// The problems with the scripts of `tour` (their commands, their expectations), read from
    /// `file`; with `catalog`, also what they name that the app does not have.
    func problems(in tour: Tour, against catalog: TargetCatalog?, file: String) -> [Diagnostic]
}
