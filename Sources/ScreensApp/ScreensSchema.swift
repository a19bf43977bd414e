import Foundation
import Raster
import Schema
import Tours
import Views

/// Every key a screens file may have, declared once (`KeyRow` rows of the Schema module): the app's, a
/// state's, a tab's, a screen's, a view's (with the widgets it applies to) and an action's.
/// `ScreensLoader` reads files with these tables, and the README's tables and the JSON Schema
/// (`ScreensFormat`) are made from them.
enum ScreensSchema {
    /// The most views a screens file may declare, all screens together: far beyond a real app's
    /// screens, and few enough that a launch stays quick.
    static let maxViews = 20_000
    /// The most JSON values (objects, lists, strings, numbers) a screens file may hold, counted as
    /// it is parsed: 25 for each view it may declare, so a file of a million tiny values is
    /// refused before its tree is built.
    static let maxValues = 25 * maxViews
    /// The most screens, states, events, tabs or languages a file may declare (each list checked
    /// with sets, so reading one takes time in proportion to it).
    static let maxNames = 1_000
    /// The largest size, spacing or padding a file may give, in points.
    static let maxLength = 100_000.0

    /// A `"#RRGGBB"` value (`SchemaReader.color`) as a colour, else nil with the problem reported.
    static func color(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader) -> Color? {
        r.color(member.value, at: path).map { Color(red: $0.red, green: $0.green, blue: $0.blue) }
    }

    // MARK: - The app

    /// The keys of the file's top-level object.
    static let app: [KeyRow<ScreensFile>] = [
        .schemaReference("screens.schema.json"),
        KeyRow("id", .name, value: "a name of letters, digits, `-` and `_` (at most 100)", default: "required",
                doc: "the app's name: its saved tour progress lives in a folder of this name",
                missing: "missing key \"id\" (a name for the app, such as \"player\")") { member, path, _, r, file in
            guard let id = r.string(member.value, at: path, nonEmpty: true) else { return }
            guard id.count <= 100, id.unicodeScalars.allSatisfy({ $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "-_".unicodeScalars.contains($0)) }) else {
                r.report(member.value.line, path, "expected a name of letters, digits, \"-\" and \"_\" (at most 100), found \(quoted(id))")
                return
            }
            file.id = id
        },
        KeyRow("name", .localizedText, value: "a string, or strings by language tag", default: "the id",
                doc: "what the window's title and messages call the app") { member, path, _, r, file in
            file.name = localized(member.value, at: path, &r)
        },
        KeyRow("languages", .list, value: "a list of language tags (`\"en\"`, `\"pt-BR\"`)", default: "`[\"en\"]`",
                doc: "the languages the app speaks, its default first; texts fall back to it") { member, path, _, r, file in
            if let tags = tagList(member.value, at: path, &r, nonEmpty: true) { file.languages = tags }
        },
        KeyRow("screen", .object, value: "an object: `size`, `scale`", default: "390x844 points at scale 1",
                doc: "the screen the app is made for when a command gives no `--size` or `--scale`") { member, path, _, r, file in
            r.decode(member.value, at: path, keys: screen, what: "an object such as {\"size\": [390, 844], \"scale\": 2}", into: &file)
        },
        KeyRow("font", .name, value: "a font family fontconfig knows", default: "`\"DejaVu Sans\"`",
                doc: "the family the app's text is set in (other scripts fall back by language)") { member, path, _, r, file in
            if let s = r.string(member.value, at: path, nonEmpty: true) { file.font = s }
        },
        KeyRow("fallbackLanguages", .list, value: "a list of language tags", default: "none",
                doc: "languages whose fonts are tried first for characters the family lacks (an English app that shows Japanese names: `[\"ja\"]`)") { member, path, _, r, file in
            if let tags = tagList(member.value, at: path, &r, nonEmpty: false) { file.fallbackLanguages = tags }
        },
        KeyRow("strings", .object, value: "an object of language tags, each an object of Limelight's words (`next`, `skip`, `done`, …)",
                default: "Limelight's own", doc: "Limelight's words (a tour's buttons, what screen readers hear) in a language it does not ship, or changed") { member, path, _, r, file in
            file.strings = strings(member.value, at: path, &r)
        },
        KeyRow("theme", .object, value: "an object: `tint`, `background`", default: "Limelight's blue on light grey",
                doc: "the app's colours (`\"#RRGGBB\"`)") { member, path, _, r, file in
            r.decode(member.value, at: path, keys: theme, what: "an object such as {\"tint\": \"#B3261E\"}", into: &file)
        },
        KeyRow("states", .object, value: "an object of names, each `{\"number\": 0}`, `{\"flag\": false}` or `{\"text\": \"\"}` with an optional `meaning`",
                default: "none", doc: "the values the app keeps: controls show and set them, texts show them (`{name}`), tours check them (`expect`, `showWhen`)") { member, path, _, r, file in
            guard let members = r.object(member.value, at: path, known: nil, what: "an object of states such as {\"liked\": {\"flag\": false}}") else { return }
            guard members.count <= maxNames else { r.report(member.value.line, path, "expected at most \(maxNames) states, found \(members.count)"); return }
            for m in members.ordered {
                let p = path.appending(m.key)
                guard validName(m.key) else { r.report(m.keyLine, p, "expected a state name of letters, digits, \"_\" and \".\", found \(quoted(m.key))"); continue }
                guard !AppDefinition.reservedStateNames.contains(m.key) else {
                    r.report(m.keyLine, p, "\(quoted(m.key)) is a name Limelight keeps for itself (\(AppDefinition.reservedStateNames.sorted().joined(separator: ", ")))"); continue
                }
                var state = DeclaredState(name: m.key, initial: .number(0), meaning: "", line: m.keyLine)
                let before = r.diagnostics.count
                r.decode(m.value, at: p, keys: stateKeys, what: "an object such as {\"number\": 0} or {\"flag\": false, \"meaning\": \"the song is liked\"}", into: &state)
                guard r.diagnostics.count == before else { continue }
                if case .object(let given) = m.value.value, given.filter({ ["number", "flag", "text"].contains($0.key) }).count != 1 {
                    r.report(m.value.line, p, "expected one of \"number\", \"flag\" and \"text\" (its value at launch)")
                    continue
                }
                file.states.append(state)
            }
        },
        KeyRow("events", .list, value: "a list of names", default: "none",
                doc: "the events buttons send (`\"action\": {\"event\": NAME}`), which tours' show rules count (`afterEvent`)") { member, path, _, r, file in
            guard case .array(let items) = member.value.value else { r.report(member.value.line, path, "expected a list of event names, found \(member.value.kindDescription)"); return }
            guard items.count <= maxNames else { r.report(member.value.line, path, "expected at most \(maxNames) events, found \(items.count)"); return }
            var seen: Set<String> = [AppDefinition.launchEvent]
            for (i, item) in items.enumerated() {
                guard let name = r.string(item, at: path.appending(i), nonEmpty: true) else { continue }
                guard validName(name) else { r.report(item.line, path.appending(i), "expected an event name of letters, digits, \"_\" and \".\", found \(quoted(name))"); continue }
                guard seen.insert(name).inserted else { r.report(item.line, path.appending(i), "\(quoted(name)) is already an event"); continue }
                file.events.append(name)
            }
        },
        KeyRow("checklists", .list, value: "a list of paths (`NAME.checklist.json`, beside this file or in a folder under it)", default: "none",
                doc: "the app's onboarding checklists: the window shows the first its `show` rule shows, and its items play the tours beside it") { member, path, _, r, file in
            guard case .array(let items) = member.value.value else { r.report(member.value.line, path, "expected a list of checklist files, found \(member.value.kindDescription)"); return }
            guard items.count <= maxNames else { r.report(member.value.line, path, "expected at most \(maxNames) checklists, found \(items.count)"); return }
            let folder = (file.file as NSString).deletingLastPathComponent
            for (i, item) in items.enumerated() {
                guard let name = r.string(item, at: path.appending(i), nonEmpty: true) else { continue }
                // The file's own folder or under it: no absolute path, no way up.
                guard !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), name.hasSuffix(".checklist.json") else {
                    r.report(item.line, path.appending(i), "expected a NAME.checklist.json path inside this file's folder, found \(quoted(name))")
                    continue
                }
                file.checklists.append(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
            }
        },
        KeyRow("tabs", .list, value: "a list of objects: `screen`, `title`, `icon`", default: "none (no tab bar)",
                doc: "the tab bar at the bottom, a tab per screen; a tab's button is `tab.SCREEN`") { member, path, _, r, file in
            guard case .array(let items) = member.value.value else { r.report(member.value.line, path, "expected a list of tabs such as [{\"screen\": \"library\", \"title\": \"Library\"}], found \(member.value.kindDescription)"); return }
            if items.isEmpty { r.report(member.value.line, path, "expected at least one tab (leave \"tabs\" out for no tab bar)") }
            guard items.count <= maxNames else { r.report(member.value.line, path, "expected at most \(maxNames) tabs, found \(items.count)"); return }
            for (i, item) in items.enumerated() {
                var tab = DeclaredTab(screen: "", title: LocalText(""), icon: .menu, line: item.line)
                let before = r.diagnostics.count
                r.decode(item, at: path.appending(i), keys: tabKeys, what: "an object such as {\"screen\": \"library\", \"title\": \"Library\", \"icon\": \"note\"}", into: &tab)
                if r.diagnostics.count == before { file.tabs.append(tab) }
            }
        },
        KeyRow("start", .name, value: "a screen's name", default: "the first tab's screen, else the first screen",
                doc: "the screen the app opens on") { member, path, _, r, file in
            if let s = r.string(member.value, at: path, nonEmpty: true) { file.start = s; file.startLine = member.value.line }
        },
        KeyRow("screens", .object, value: "an object of screen names, each a screen", default: "required",
                doc: "the app's screens, each `{\"title\": …, \"content\": VIEW}`; every screen is a place tours name (`\"tab\": NAME`)",
                missing: "missing key \"screens\" (an object such as {\"home\": {\"content\": {\"type\": \"text\", \"text\": \"Hello\"}}})") { member, path, _, r, file in
            guard let members = r.object(member.value, at: path, known: nil, what: "an object of screens such as {\"home\": {\"content\": …}}") else { return }
            if members.isEmpty { r.report(member.value.line, path, "expected at least one screen") }
            guard members.count <= maxNames else { r.report(member.value.line, path, "expected at most \(maxNames) screens, found \(members.count)"); return }
            for m in members.ordered {
                let p = path.appending(m.key)
                guard validName(m.key) else { r.report(m.keyLine, p, "expected a screen name of letters, digits, \"_\", \".\" and \"-\", found \(quoted(m.key))"); continue }
                var screen = DeclaredScreen(name: m.key, title: nil, background: nil, content: ScreenNode(kind: .spacer, line: m.keyLine), line: m.keyLine)
                let before = r.diagnostics.count
                r.decode(m.value, at: p, keys: screenKeys, what: "an object such as {\"title\": \"Home\", \"content\": {\"type\": \"vstack\", \"children\": […]}}", into: &screen)
                if r.diagnostics.count == before { file.screens.append(screen) }
            }
        },
    ]

    /// The keys of `screen`.
    static let screen: [KeyRow<ScreensFile>] = [
        KeyRow("size", .list, value: "`[width, height]` in points, each 100 to 10000", default: "`[390, 844]`",
                doc: "the screen's size") { member, path, _, r, file in
            guard case .array(let items) = member.value.value, items.count == 2 else {
                r.report(member.value.line, path, "expected [width, height] such as [390, 844]"); return
            }
            guard let w = r.number(items[0], at: path.appending(0), in: 100...10_000, meaning: "a number (width)"),
                  let h = r.number(items[1], at: path.appending(1), in: 100...10_000, meaning: "a number (height)") else { return }
            file.screenSize = Size(w, h)
        },
        .number("scale", in: 1...4, default: 1, doc: "device pixels per point", \.scale),
    ]

    /// The keys of `theme`.
    static let theme: [KeyRow<ScreensFile>] = [
        KeyRow("tint", .color, value: "`\"#RRGGBB\"`", default: "Limelight's blue", doc: "filled buttons, the selected tab, controls that are on") { member, path, _, r, file in
            if let c = ScreensSchema.color(member, path, &r) { file.tint = c }
        },
        KeyRow("background", .color, value: "`\"#RRGGBB\"`", default: "light grey", doc: "behind every screen") { member, path, _, r, file in
            if let c = ScreensSchema.color(member, path, &r) { file.background = c }
        },
    ]

    // MARK: - States, tabs, screens

    /// The keys of a state.
    static let stateKeys: [KeyRow<DeclaredState>] = [
        KeyRow("number", .number(-1e12...1e12), value: "a number", default: "one of `number`, `flag`, `text`",
                doc: "a number state (a count, a level) and its value at launch") { member, path, _, r, state in
            if let v = r.number(member.value, at: path, in: -1e12...1e12) { state.initial = .number(v) }
        },
        KeyRow("flag", .flag, value: "`true` or `false`", default: "one of `number`, `flag`, `text`",
                doc: "an on/off state (a toggle's) and its value at launch") { member, path, _, r, state in
            if let b = r.bool(member.value, at: path) { state.initial = .flag(b) }
        },
        KeyRow("text", .localizedText, value: "a string", default: "one of `number`, `flag`, `text`",
                doc: "a word state (a text field's) and its value at launch") { member, path, _, r, state in
            if let s = r.text(member.value, at: path) { state.initial = .text(s) }
        },
        KeyRow("meaning", .localizedText, value: "a string", default: "none", doc: "what the state is, for messages") { member, path, _, r, state in
            if let s = r.text(member.value, at: path) { state.meaning = s }
        },
    ]

    /// The keys of a tab.
    static let tabKeys: [KeyRow<DeclaredTab>] = [
        KeyRow("screen", .name, value: "a screen's name", default: "required", doc: "the screen the tab shows",
                missing: "missing key \"screen\" (the screen the tab shows)") { member, path, _, r, tab in
            if let s = r.string(member.value, at: path, nonEmpty: true) { tab.screen = s; tab.line = member.value.line }
        },
        KeyRow("title", .localizedText, value: "a string, or strings by language tag", default: "required", doc: "the words under the icon",
                missing: "missing key \"title\" (the words under the tab's icon)") { member, path, _, r, tab in
            if let t = localized(member.value, at: path, &r) { tab.title = t }
        },
        KeyRow("icon", .mixed, value: "an icon's name, or `{\"svg\": DATA}` (SVG path data, not a file name)", default: "`\"menu\"`", doc: "the tab's picture") { member, path, _, r, tab in
            if let icon = icon(member.value, at: path, &r) { tab.icon = icon }
        },
    ]

    /// The keys of a screen.
    static let screenKeys: [KeyRow<DeclaredScreen>] = [
        KeyRow("title", .localizedText, value: "a string, or strings by language tag", default: "none (no navigation bar)",
                doc: "a navigation bar with this large title on top; its title view is `SCREEN.title`, and a screen shown over another gets a back button (`nav.back`)") { member, path, _, r, screen in
            screen.title = localized(member.value, at: path, &r)
        },
        KeyRow("background", .color, value: "`\"#RRGGBB\"`", default: "the app's", doc: "behind this screen") { member, path, _, r, screen in
            screen.background = ScreensSchema.color(member, path, &r)
        },
        KeyRow("content", .object, value: "a view", default: "required", doc: "what the screen shows under its title",
                missing: "missing key \"content\" (the screen's view, such as {\"type\": \"vstack\", \"children\": […]})") { member, path, _, r, screen in
            if let node = ViewNodeSchema.node(member.value, at: path, &r) { screen.content = node }
        },
    ]

    // MARK: - Helpers

    /// Whether `s` is a name screens, states and events may have.
    static func validName(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 100 && s.unicodeScalars.allSatisfy { $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "_.-".unicodeScalars.contains($0)) }
    }

    /// A string or strings by language tag.
    static func localized(_ node: JSONNode, at path: JSONPath, _ r: inout SchemaReader) -> LocalText? {
        let before = r.diagnostics.count
        let (base, table) = r.localizedText(node, at: path)
        guard r.diagnostics.count == before, let base else { return nil }
        // The first language given is the base the others fall back to.
        var first = base
        if case .object(let members) = node.value, let m = members.first, let s = table[m.key] { first = s }
        return LocalText(first, byLanguage: table)
    }

    /// A list of well-formed language tags, each once.
    static func tagList(_ node: JSONNode, at path: JSONPath, _ r: inout SchemaReader, nonEmpty: Bool) -> [String]? {
        guard case .array(let items) = node.value else { r.report(node.line, path, "expected a list of language tags such as [\"en\", \"de\"], found \(node.kindDescription)"); return nil }
        if nonEmpty && items.isEmpty { r.report(node.line, path, "expected at least one language tag"); return nil }
        guard items.count <= maxNames else { r.report(node.line, path, "expected at most \(maxNames) languages, found \(items.count)"); return nil }
        var tags: [String] = []
        var seen = Set<String>()
        for (i, item) in items.enumerated() {
            guard let tag = r.string(item, at: path.appending(i), nonEmpty: true) else { continue }
            guard LanguageTag.isWellFormed(tag) else { r.report(item.line, path.appending(i), "expected a language tag such as en, ja, zh-Hans or pt-BR, found \(quoted(tag))"); continue }
            guard seen.insert(tag).inserted else { r.report(item.line, path.appending(i), "\(quoted(tag)) is already in the list"); continue }
            tags.append(tag)
        }
        return tags
    }

    /// Limelight's words by language tag.
    static func strings(_ node: JSONNode, at path: JSONPath, _ r: inout SchemaReader) -> InterfaceStrings {
        var table: [String: [InterfaceStrings.Key: String]] = [:]
        guard let languages = r.object(node, at: path, known: nil, what: "an object of language tags such as {\"de\": {\"next\": \"Weiter\"}}") else { return InterfaceStrings([:]) }
        let keys = InterfaceStrings.Key.allCases.map(\.rawValue)
        for m in languages.ordered {
            let p = path.appending(m.key)
            guard LanguageTag.isWellFormed(m.key) else { r.report(m.keyLine, p, "expected a language tag such as de or pt-BR"); continue }
            guard let words = r.object(m.value, at: p, known: keys, what: "an object of words such as {\"next\": \"Weiter\", \"skip\": \"Überspringen\"}") else { continue }
            var row: [InterfaceStrings.Key: String] = [:]
            for w in words.ordered {
                guard let key = InterfaceStrings.Key(rawValue: w.key), let s = r.text(w.value, at: p.appending(w.key)) else { continue }
                row[key] = s
            }
            table[m.key] = row
        }
        return InterfaceStrings(table)
    }

    /// The icons a file may name.
    static let icons: [(String, Icon)] = [
        ("checkmark", .checkmark), ("house", .house), ("menu", .menu), ("plus", .plus), ("chevronForward", .chevronForward),
        ("chevronBackward", .chevronBackward), ("close", .close), ("photo", .photo), ("play", .play), ("pause", .pause),
        ("next", .next), ("previous", .previous), ("heart", .heart), ("search", .search), ("person", .person), ("gear", .gear), ("note", .note),
    ]

    /// An icon's name, or `{"svg": DATA}`: SVG path data in a 24-unit square.
    static func icon(_ node: JSONNode, at path: JSONPath, _ r: inout SchemaReader) -> Icon? {
        if case .string(let name) = node.value {
            if let hit = icons.first(where: { $0.0 == name }) { return hit.1 }
            r.report(node.line, path, "unknown icon \(quoted(name))" + SchemaReader.suggestion(for: name, among: icons.map(\.0)))
            return nil
        }
        guard let members = r.object(node, at: path, known: ["svg", "flips"], what: "an icon's name such as \"heart\", or {\"svg\": \"M 4 4 L 20 12 L 4 20 Z\"}") else { return nil }
        guard let svg = members["svg"] else { r.report(node.line, path, "missing key \"svg\" (an SVG path in a 24 by 24 square)"); return nil }
        guard let data = r.string(svg.value, at: path.appending("svg"), nonEmpty: true) else { return nil }
        guard data.utf8.count <= 20_000 else { r.report(svg.value.line, path.appending("svg"), "expected an SVG path of at most 20000 characters"); return nil }
        let shape: Path
        do { shape = try Path(svgPathData: data) } catch {
            // `{"svg": "icons/star.svg"}`: the trap of a key named like a format. Path data has
            // no `/` and no letter after a `.`, so a name with either is a file, never a typo.
            let message = looksLikeFileName(data)
                ? "\(quoted(data)) is a file name, and \"svg\" takes SVG path data, not a file: copy the d=\"…\" of its <path> here (in a 24 by 24 square), such as \"M 4 4 L 20 12 L 4 20 Z\""
                : "not an SVG path: \(error)"
            r.report(svg.value.line, path.appending("svg"), message); return nil
        }
        let flips = members["flips"].flatMap { r.bool($0.value, at: path.appending("flips")) } ?? false
        return Icon(path: shape, flipsForRightToLeft: flips)
    }

    /// Whether `text`, which did not parse as SVG path data, names a file: it has a `/` or `\\`,
    /// or ends in an extension (`.svg`, `.png`), which path data never does (a `.` there starts a number).
    static func looksLikeFileName(_ text: String) -> Bool {
        if text.contains("/") || text.contains("\\") { return true }
        let name = text.reversed().drop { $0 == " " }.reversed()
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return false }
        let ext = name[name.index(after: dot)...]
        return (1...5).contains(ext.count) && ext.allSatisfy { $0.isASCII && $0.isLetter }
    }
}

extension Dictionary where Key == String, Value == JSONMember {
    /// The members in the file's order.
    var ordered: [JSONMember] { values.sorted { $0.span.lowerBound != $1.span.lowerBound ? $0.span.lowerBound < $1.span.lowerBound : $0.keyLine < $1.keyLine } }
}
