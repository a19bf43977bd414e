import Files
import Foundation
import ImageFiles
import Raster
import Schema
import Tours
import Views

/// Reads and checks screens files, reporting every problem at once with its file, line and path:
/// JSON syntax (the first error), the schema (unknown keys and widgets with the nearest known
/// one, wrong types, values out of range), then what the parts say of each other (screens, states
/// and events named but not declared, an id used twice, a state bound to a control of another
/// kind, `{name}` in a text that names no state), then the images (each file's header checked
/// before it is decoded).
public enum ScreensLoader {
    /// The largest screens file read, in bytes.
    public static let maxFileSize = 16 * 1024 * 1024
    /// The most JSON values a screens file may hold (its parse stops past them).
    public static var maxValues: Int { ScreensSchema.maxValues }

    /// Whether the file at `path` is a screens file rather than a tour: a JSON object with a
    /// `"screens"` key and no `"steps"` (false when it cannot be read or parsed). Only the top
    /// level's keys are kept while the file is read.
    public static func isScreensFile(path: String) -> Bool {
        guard let bytes = try? InputFile.read(path, limit: maxFileSize, kind: "a screens file, JSON"),
              let keys = try? JSONParser.topLevelKeys(bytes) else { return false }
        return keys.contains("screens") && !keys.contains("steps")
    }

    /// Whether the parsed JSON `root` is a screens file rather than a tour (see `isScreensFile(path:)`).
    public static func isScreensFile(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "screens" } && !members.contains { $0.key == "steps" }
    }

    /// The screens file parsed as `root`, its keys and what its parts say of each other checked,
    /// its images not read (what its texts need: `l10n` reads and writes them); its problems are
    /// the error, in line order.
    public static func decode(_ root: JSONNode, file: String) throws(LoadError) -> ScreensFile {
        let (app, problems, _) = read(root, file: file)
        let ordered = inLineOrder(problems)
        guard !ordered.contains(where: { $0.severity == .error }) else { throw LoadError(diagnostics: ordered) }
        return app
    }

    /// The file decoded with the schema and, when it has the right shape (`shaped`), checked; its problems.
    static func read(_ root: JSONNode, file: String) -> (app: ScreensFile, problems: [Diagnostic], shaped: Bool) {
        var reader = SchemaReader(file: file)
        var app = ScreensFile(file: file)
        reader.decode(root, at: .root, keys: ScreensSchema.app, what: "a screens file: an object such as {\"id\": \"player\", \"screens\": {…}}", into: &app)
        var problems = reader.diagnostics
        let shaped = !problems.contains(where: { $0.severity == .error })
        if shaped {
            var check = Checks(app: app, file: file)
            check.run()
            problems += check.problems
            app = check.app
        }
        return (app, problems, shaped)
    }

    /// `problems` by line, those of one line in the order found.
    static func inLineOrder(_ problems: [Diagnostic]) -> [Diagnostic] {
        problems.enumerated().sorted { a, b in
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// Loads the screens file at `path`, its images decoded through `images` (the process's cache,
    /// whose budget they count against; without one, a cache of their own).
    @MainActor
    public static func load(path: String, images: DecodedImageCache = DecodedImageCache()) throws(LoadError) -> ScreensFile {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: maxFileSize, kind: "a screens file, JSON") } catch {
            throw LoadError(diagnostics: [Diagnostic(file: path, line: nil, path: "", message: error.reason)])
        }
        let folder = AtomicFile.split(path).folder
        return try load(bytes: bytes, file: path, folder: folder.isEmpty ? "." : folder, images: images)
    }

    /// Loads a screens file from `bytes`, naming `file` in diagnostics and finding images in
    /// `folder`, decoded through `images`.
    @MainActor
    public static func load(bytes: [UInt8], file: String, folder: String,
                            images: DecodedImageCache = DecodedImageCache()) throws(LoadError) -> ScreensFile {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes, maxValues: ScreensSchema.maxValues) } catch {
            throw LoadError(diagnostics: [Diagnostic(file: file, line: error.line, path: error.path, message: error.message)])
        }
        // What the file says is checked, and its images read, once it says it in the right shape:
        // the checks' problems and the images' come in one round.
        var (app, problems, shaped) = read(root, file: file)
        if shaped { problems += loadImages(into: &app, folder: folder, cache: images) }
        let ordered = inLineOrder(problems)
        guard !ordered.contains(where: { $0.severity == .error }) else { throw LoadError(diagnostics: ordered) }
        return app
    }

    /// Decodes every image the views name through `cache` (each file once, however its path is
    /// written), checking its header first. Once an image passes the cache's budget, the ones
    /// after it are not decoded: that one line says why the file cannot load.
    @MainActor
    static func loadImages(into app: inout ScreensFile, folder: String, cache: DecodedImageCache) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var failed = Set<String>()
        var overBudget = false
        let images = DecodedImages()
        func visit(_ node: inout ScreenNode, _ path: String) {
            if let name = node.image {
                let resolved = TourLoader.resolve(name, folder: folder)
                node.image = resolved
                if images.images[resolved] == nil && !failed.contains(resolved) && !overBudget {
                    // Missing is told apart from what cannot be looked at (a loop of symbolic links).
                    var kind: FileKind?
                    var unreadable: InputFile.Failure?
                    do { kind = try InputFile.kind(of: resolved) } catch { unreadable = error }
                    if let unreadable {
                        problems.append(Diagnostic(file: app.file, line: node.keyLines["file"] ?? node.line, path: path + ".file",
                                                       message: "\(quoted(name)): \(unreadable.reason)"))
                        failed.insert(resolved)
                    } else if kind == nil {
                        problems.append(Diagnostic(file: app.file, line: node.keyLines["file"] ?? node.line, path: path + ".file",
                                                       message: "no such file \(quoted(name)) (looked for \(escapedForOneLine(resolved)))"))
                        failed.insert(resolved)
                    } else if kind?.isFolder == true {
                        problems.append(Diagnostic(file: app.file, line: node.keyLines["file"] ?? node.line, path: path + ".file", message: "\(quoted(name)) is a folder, not an image"))
                        failed.insert(resolved)
                    } else {
                        // The header is read and measured before anything is decoded (ImageFiles).
                        do { images.images[resolved] = try cache.image(atPath: resolved) } catch {
                            problems.append(Diagnostic(file: app.file, line: node.keyLines["file"] ?? node.line, path: path + ".file",
                                                           message: "\(quoted(name)): \(escapedForOneLine(error.reason))"))
                            failed.insert(resolved)
                            overBudget = error.isOverBudget
                        }
                    }
                }
            }
            for i in node.children.indices { visit(&node.children[i], path + ".children[\(i)]") }
        }
        for i in app.screens.indices { visit(&app.screens[i].content, "screens.\(app.screens[i].name).content") }
        app.decoded = images
        return problems
    }
}

/// What the parts of a decoded screens file say of each other. Names are looked up in sets and
/// tables made once, and the nearest names for a message are measured once per unknown word, so
/// the checks take time in proportion to the file.
private struct Checks {
    var app: ScreensFile
    let file: String
    var problems: [Diagnostic] = []
    /// Each id taken so far: its line (0: Limelight's back button) and what took it.
    private var seenIDs: [String: (line: Int, owner: String)] = [:]
    private let screenNames: Set<String>
    private let statesByName: [String: DeclaredState]
    private let eventNames: Set<String>
    private var tabScreens = Set<String>()
    private var nearScreens: NameSuggestions
    private var nearStates: NameSuggestions
    private var nearEvents: NameSuggestions
    private var nearTabs = NameSuggestions([])

    init(app: ScreensFile, file: String) {
        self.app = app
        self.file = file
        screenNames = Set(app.screens.map(\.name))
        statesByName = Dictionary(app.states.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        eventNames = Set(app.events)
        nearScreens = NameSuggestions(app.screens.map(\.name))
        nearStates = NameSuggestions(app.states.map(\.name))
        nearEvents = NameSuggestions(app.events)
    }

    mutating func report(_ line: Int, _ path: String, _ message: String) {
        problems.append(Diagnostic(file: file, line: line, path: path, message: message))
    }

    mutating func run() {
        // Tabs: each a screen, each once.
        var tabs: [String] = []
        for (i, tab) in app.tabs.enumerated() {
            if !screenNames.contains(tab.screen) {
                report(tab.line, "tabs[\(i)].screen", "no screen named \(quoted(tab.screen))" + nearScreens.suggestion(for: tab.screen))
            } else if !tabScreens.insert(tab.screen).inserted {
                report(tab.line, "tabs[\(i)].screen", "the screen \(quoted(tab.screen)) already has a tab")
            } else {
                tabs.append(tab.screen)
            }
        }
        nearTabs = NameSuggestions(tabs.sorted())
        if app.start.isEmpty {
            app.start = app.tabs.first?.screen ?? app.screens.first?.name ?? ""
        } else if !screenNames.contains(app.start) {
            report(app.startLine, "start", "no screen named \(quoted(app.start))" + nearScreens.suggestion(for: app.start))
        }
        // Ids Limelight gives: each screen's, its title's, the tab buttons and the back button.
        for screen in app.screens {
            claim(screen.name, line: screen.line, path: "screens.\(screen.name)", what: "the screen \(quoted(screen.name)), whose name is its id")
            if screen.title != nil { claim(screen.name + ".title", line: screen.line, path: "screens.\(screen.name).title", what: "the title of the screen \(quoted(screen.name))") }
        }
        for (i, tab) in app.tabs.enumerated() { claim("tab." + tab.screen, line: tab.line, path: "tabs[\(i)]", what: "the tab button of \(quoted(tab.screen))") }
        seenIDs[ScreensHost.backID] = (0, "the back button")
        // The views were counted as they were read (at most `ScreensSchema.maxViews`).
        var count = 0
        for i in app.screens.indices {
            var screen = app.screens[i]
            count += screen.content.viewCount
            check(&screen.content, path: "screens.\(screen.name).content", parent: nil)
            app.screens[i] = screen
        }
        app.viewCount = count
        app.idLines = seenIDs.filter { $0.value.line > 0 }.mapValues(\.line)
        if app.name == nil { app.name = LocalText(app.id) }
    }

    /// Takes `id` for one view; a second use is reported.
    private mutating func claim(_ id: String, line: Int, path: String, what: String) {
        if let (first, owner) = seenIDs[id] {
            let earlier = first == 0 ? "Limelight gives it to \(owner)"
                : owner == "this view" ? "first on line \(first)" : "\(owner), on line \(first)"
            report(line, path, "the id \(quoted(id)) is used twice (\(earlier); \(what) has it here)")
            return
        }
        if id.hasPrefix("overlay.") || id.hasPrefix("tour.") {
            report(line, path, "the id \(quoted(id)) starts with \"overlay.\" or \"tour.\": such ids are Limelight's own (its overlays' views)")
            return
        }
        seenIDs[id] = (line, what)
    }

    private mutating func check(_ node: inout ScreenNode, path: String, parent: ScreenNode.Kind?) {
        if let id = node.id { claim(id, line: node.keyLines["id"] ?? node.line, path: path + ".id", what: "this view") }
        if node.kind == .row && parent != .list { report(node.line, path, "a row belongs in a list ({\"type\": \"list\", \"children\": [rows]})") }
        if node.kind == .list {
            for (i, child) in node.children.enumerated() where child.kind != .row {
                report(child.line, path + ".children[\(i)]", "a list holds rows ({\"type\": \"row\", \"title\": …}), not a \(child.kind.rawValue)")
            }
        }
        if let state = node.state { bind(state, of: node, path: path) }
        for (text, key) in [(node.text, "text"), (node.detail, "detail")] {
            guard let text else { continue }
            for name in Interpolation.names(in: text) where statesByName[name] == nil {
                report(node.keyLines[key] ?? node.line, path + "." + (node.kind == .text ? key : key == "text" ? "title" : key),
                       "{\(name)} names no state" + nearStates.suggestion(for: name))
            }
        }
        if let action = node.action { check(action, path: path + ".action") }
        for i in node.children.indices {
            let childPath = node.kind == .row ? path + ".control" : node.kind == .button ? path + ".content" : path + ".children[\(i)]"
            check(&node.children[i], path: childPath, parent: node.kind)
        }
    }

    /// A control's state: declared, and of the kind the control keeps.
    private mutating func bind(_ name: String, of node: ScreenNode, path: String) {
        let line = node.keyLines["state"] ?? node.line
        guard let state = statesByName[name] else {
            report(line, path + ".state", "no state named \(quoted(name)) (declare it in \"states\")" + nearStates.suggestion(for: name))
            return
        }
        let wanted: StateDeclaration.Kind
        switch node.kind {
        case .toggle, .checkbox: wanted = .flag
        case .slider, .progress: wanted = .number
        default: wanted = .text
        }
        if state.kind != wanted {
            report(line, path + ".state", "a \(node.kind.rawValue) keeps a \(wanted.rawValue), and \(quoted(name)) is a \(state.kind.rawValue) (line \(state.line))")
        }
    }

    private mutating func check(_ action: ScreenAction, path: String) {
        func line(_ key: String) -> Int { action.keyLines[key] ?? action.line }
        if let go = action.go, !screenNames.contains(go) { report(line("go"), path + ".go", "no screen named \(quoted(go))" + nearScreens.suggestion(for: go)) }
        if let tab = action.tab {
            if !tabScreens.contains(tab) {
                report(line("tab"), path + ".tab", tabScreens.isEmpty ? "the app has no tabs (declare them in \"tabs\", or use \"go\")"
                       : "no tab shows a screen named \(quoted(tab))" + nearTabs.suggestion(for: tab))
            }
        }
        if action.go != nil && (action.back || action.tab != nil) || action.back && action.tab != nil {
            report(action.line, path, "give one of \"go\", \"back\" and \"tab\": an action goes to one place")
        }
        for (key, wanted) in [("toggle", StateDeclaration.Kind.flag), ("increment", .number), ("set", nil)] {
            let name: String? = key == "toggle" ? action.toggle : key == "increment" ? action.increment : action.setName
            guard let name else { continue }
            guard let state = statesByName[name] else {
                report(line(key), path + "." + key, "no state named \(quoted(name)) (declare it in \"states\")" + nearStates.suggestion(for: name))
                continue
            }
            if let wanted, state.kind != wanted {
                report(line(key), path + "." + key, "\(key) needs a \(wanted.rawValue) state, and \(quoted(name)) is a \(state.kind.rawValue) (line \(state.line))")
            }
            if key == "set" {
                guard let value = action.setValue else { report(action.line, path, "\"set\" needs \"to\" (the value it gives)"); continue }
                let kind: StateDeclaration.Kind
                switch value { case .number: kind = .number; case .flag: kind = .flag; case .text: kind = .text }
                if kind != state.kind { report(line("to"), path + ".to", "\(quoted(name)) is a \(state.kind.rawValue) (line \(state.line)), and this gives a \(kind.rawValue)") }
            }
        }
        if action.setValue != nil && action.setName == nil { report(line("to"), path + ".to", "\"to\" needs \"set\" (the state it gives the value)") }
        if action.increment == nil && (action.keyLines["by"] != nil || action.bounds != nil) {
            report(action.line, path, "\"by\", \"min\" and \"max\" need \"increment\" (the number they move)")
        }
        if let event = action.event, !eventNames.contains(event) {
            report(line("event"), path + ".event", "no event named \(quoted(event)) (declare it in \"events\")" + nearEvents.suggestion(for: event))
        }
        if action.isEmpty { report(action.line, path, "the action does nothing (give \"go\", \"back\", \"tab\", \"set\", \"toggle\", \"increment\" or \"event\")") }
    }
}
