import Editor
import Files
import Foundation
import SDLHost
import Tours
import Views

/// `limelight edit FILE.checklist.json`: the checklist editor in a window.
@MainActor
enum EditChecklist {
    static func run(_ path: String, args: Arguments, app: CLIApp) throws(CLIError) {
        let c = "edit"
        let editor = try make(path: path, settings: try ScreenSettings(args, app: app), app: app, font: args.value("--font"), clock: MonotonicClock(), command: c)
        editor.log = { warn($0) }
        let (host, link) = try EditSetup.openWindow(for: editor.root, title: "\(app.definition.windowTitle) — \((path as NSString).lastPathComponent)",
                                                    scale: editor.root.scale, args: args, command: c)
        let ending = host.run(editor)
        link?.stop()
        host.close()
        if editor.model.isModified { warn("\(c): closed with unsaved changes to \(path)") }
        if case .signal(let number) = ending { SignalEnding.end(by: number) }
    }

    /// The editor of the checklist at `path` (a new one when there is no file) over the app.
    static func make(path: String, settings: ScreenSettings, app: CLIApp, font: String?, clock: any Clock, command c: String) throws(CLIError) -> ChecklistEditorApp {
        var text: String?
        if (try? InputFile.kind(of: path)) != .some(nil) {
            do { text = String(decoding: try TourLoader.read(path), as: UTF8.self) } catch { throw TourSetup.failure(error, command: c) }
        }
        let model: ChecklistEditorModel
        do { model = try ChecklistEditorModel(path: path, text: text, catalog: { app.launchCatalog() }) } catch {
            throw .failure("\(c): \(path):\(error.line): \(error.message) (the editor needs JSON it can read; fix this by hand first)")
        }
        let engine = try AppSetup.textEngine(family: font, app: app, command: c)
        do {
            return try ChecklistEditorApp(model: model, makeStage: { () throws in
                try AppSetup.makeApp(settings, app: app, font: font, clock: clock, command: c, engine: engine)
            }, textEngine: engine, clock: clock, scale: settings.scale)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(c): \(error)")
        }
    }
}
