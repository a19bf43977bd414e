import Foundation
import Overlays
import Raster
import Schema
import Tours
import Views

/// A replay script: one command a line (`\n` or `\r\n` line ends), `#` comments and blank lines
/// ignored. Parsing checks the whole text before anything runs; an error names the file and line and
/// what was expected. Pointer commands take `X Y` in points or a view id (`tap overlay.bubble.next`).
public struct ReplayScript: Hashable, Sendable {
    /// The commands with their lines.
    public var commands: [Line]
    /// The file the script was read from (a tour's, for a script inside a tour).
    public var file: String

    /// A command and the line it was on.
    public struct Line: Hashable, Sendable {
        /// The 1-based line.
        public var line: Int
        /// The command.
        public var command: ReplayCommand
    }

    /// The key names `key` accepts (besides single characters such as `s`, `z` or `?`).
    public static let keyNames: [String: Key] = [
        "escape": .escape, "esc": .escape, "enter": .enter, "return": .enter, "tab": .tab, "space": .space,
        "backspace": .backspace, "delete": .delete, "left": .left, "right": .right, "up": .up, "down": .down,
        "home": .home, "end": .end,
    ]

    /// The modifier names, joined with `+` before a key (`ctrl+shift+z`) or as the first word of a
    /// pointer command (`tap shift row.1`).
    public static let modifierNames: [String: Modifiers] = [
        "shift": .shift, "ctrl": .control, "control": .control, "alt": .alt, "option": .alt, "cmd": .command, "super": .command,
    ]

    /// The command words, for messages.
    static let commandNames = "tap, down, move, up, drag, touch, scroll, key, text, compose, commit, wait, shot, drop or expect"

    /// Parses `text`, naming `file` in errors.
    public init(text: String, file: String) throws(ReplayScriptError) {
        // "\r\n" is one Character in Swift, so Windows line ends need naming as separators too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        try self.init(lines: lines, file: file, lineNumbers: Array(1...max(1, lines.count)))
    }

    /// Parses `lines`, the `i`-th of which is line `lineNumbers[i]` of `file` (a script inside a tour).
    public init(lines: [String], file: String, lineNumbers: [Int]) throws(ReplayScriptError) {
        commands = []
        self.file = file
        var waited = 0.0
        for (index, raw) in lines.enumerated() {
            let line = index < lineNumbers.count ? lineNumbers[index] : (lineNumbers.last ?? 0) + index
            guard let command = try ReplayScript.parse(raw, file: file, line: line) else { continue }
            if case .wait(let ms) = command {
                waited += ms
                guard waited <= ReplayScript.maxVirtualMilliseconds else {
                    throw ReplayScriptError(file: file, line: line, message: "the script's waits add up to more than \(ReplayScript.maxVirtualMilliseconds.compact) ms (an hour of virtual time, the most a script may last)")
                }
            }
            commands.append(Line(line: line, command: command))
        }
    }

    /// The most virtual time a script's `wait` lines may add up to: an hour, in milliseconds.
    public static let maxVirtualMilliseconds = 3_600_000.0
    /// The largest coordinate or offset a pointer command may give, either sign (the limit tours
    /// set on rectangles, in points).
    public static let maxCoordinate = TourSchema.maxCoordinate

    /// The virtual time the script's `wait` lines let pass, in milliseconds.
    public var virtualMilliseconds: Double {
        commands.reduce(0) { sum, line in
            if case .wait(let ms) = line.command { return sum + ms }
            return sum
        }
    }

    /// One line's command, nil for a blank or comment line.
    static func parse(_ raw: String, file: String, line: Int) throws(ReplayScriptError) -> ReplayCommand? {
        var content = Substring(raw)
        if let hash = commentStart(in: content) { content = content[..<hash] }
        var words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let name = words.first else { return nil }
        func fail(_ expected: String) -> ReplayScriptError {
            ReplayScriptError(file: file, line: line,
                              message: "expected \(expected) (got \"\(printableForOneLine(content.trimmingCharacters(in: .whitespaces)))\")")
        }
        /// A coordinate or offset: nil when `s` is no number, refused when it is one too large.
        func number(_ s: String) throws(ReplayScriptError) -> Double? {
            guard let v = Double(s), v.isFinite else { return nil }
            guard abs(v) <= maxCoordinate else {
                throw ReplayScriptError(file: file, line: line, message: "expected points from -\(maxCoordinate.compact) to \(maxCoordinate.compact), found \(printableForOneLine(s))")
            }
            return v
        }
        /// A place at `words[at...]`: two numbers or one view id, ending the line.
        func place(_ at: Int, _ usage: String) throws(ReplayScriptError) -> ScriptPlace {
            if words.count == at + 2, let x = try number(words[at]), let y = try number(words[at + 1]) { return .point(Point(x, y)) }
            if words.count == at + 1, isViewID(words[at]) { return .view(words[at]) }
            throw fail(usage)
        }
        // Modifiers held for a pointer command: `tap shift row.1`, `drag alt 10 10 50 40`.
        var held: Modifiers = []
        while ["tap", "down", "drag", "scroll"].contains(name.lowercased()), words.count > 2, let m = modifiers(words[1]) {
            held.formUnion(m)
            words.remove(at: 1)
        }
        switch name.lowercased() {
        case "tap": return .tap(try place(1, "`tap [MODIFIERS] X Y` with two numbers in points, or `tap [MODIFIERS] ID` with a view id"), modifiers: held)
        case "down": return .down(try place(1, "`down [MODIFIERS] X Y` with two numbers in points, or `down [MODIFIERS] ID`"), modifiers: held)
        case "move": return .move(try place(1, "`move X Y` with two numbers in points, or `move ID`"))
        case "up": return .up(try place(1, "`up X Y` with two numbers in points, or `up ID`"))
        case "drag":
            let usage = "`drag [MODIFIERS] ID DX DY` or `drag [MODIFIERS] X Y DX DY` with numbers in points"
            guard words.count >= 4, let dx = try number(words[words.count - 2]), let dy = try number(words[words.count - 1]) else { throw fail(usage) }
            let start = Array(words[1..<(words.count - 2)])
            if start.count == 2, let x = try number(start[0]), let y = try number(start[1]) { return .drag(.point(Point(x, y)), by: Point(dx, dy), modifiers: held) }
            if start.count == 1, isViewID(start[0]) { return .drag(.view(start[0]), by: Point(dx, dy), modifiers: held) }
            throw fail(usage)
        case "touch":
            let usage = "`touch tap X Y|ID`, `touch drag X Y|ID DX DY`, or `touch down|move|up FINGER X Y|ID` with FINGER from 1 to 10"
            guard words.count >= 3 else { throw fail(usage) }
            let verb = words[1].lowercased()
            words.removeFirst()
            switch verb {
            case "tap": return .touch(.tap(try place(1, usage)))
            case "drag":
                guard words.count >= 4, let dx = try number(words[words.count - 2]), let dy = try number(words[words.count - 1]) else { throw fail(usage) }
                words.removeLast(2)
                return .touch(.drag(try place(1, usage), by: Point(dx, dy)))
            case "down", "move", "up":
                guard let finger = Int(words[1]), (1...10).contains(finger) else { throw fail(usage) }
                words.removeFirst()
                let at = try place(1, usage)
                return .touch(verb == "down" ? .down(finger: finger, at) : verb == "move" ? .move(finger: finger, at) : .up(finger: finger, at))
            default:
                throw fail(usage)
            }
        case "scroll":
            let usage = "`scroll [MODIFIERS] DY`, `scroll [MODIFIERS] DY at X Y` or `scroll [MODIFIERS] DY at ID` with numbers in points"
            guard words.count >= 2, let dy = try number(words[1]) else { throw fail(usage) }
            if words.count == 2 { return .scroll(dy: dy, at: nil, modifiers: held) }
            guard words.count >= 4, words[2] == "at" else { throw fail(usage) }
            return .scroll(dy: dy, at: try place(3, usage), modifiers: held)
        case "key":
            let usage = "`key [MODIFIERS+]NAME` with NAME one of \(keyNames.keys.sorted().joined(separator: ", ")) or one character, and MODIFIERS shift, ctrl, alt, cmd joined with + (`key ctrl+shift+z`)"
            guard words.count == 2 else { throw fail(usage) }
            // `key +` and `key ctrl++` name the plus key itself.
            let word = words[1]
            var parts: [String]
            if word == "+" { parts = ["+"] } else if word.hasSuffix("++") {
                parts = word.dropLast(2).split(separator: "+", omittingEmptySubsequences: false).map(String.init) + ["+"]
            } else {
                parts = word.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            }
            guard let last = parts.last, !last.isEmpty else { throw fail(usage) }
            var mods: Modifiers = []
            for part in parts.dropLast() {
                guard let m = modifierNames[part.lowercased()] else { throw fail(usage) }
                mods.insert(m)
            }
            if let key = keyNames[last.lowercased()] { return .key(key, modifiers: mods) }
            guard last.count == 1 else { throw fail(usage) }
            return .key(.character(last.lowercased()), modifiers: mods)
        case "text", "compose":
            let usage = "`\(name.lowercased()) \"…\"` with the text in double quotes (\\\" and \\\\ inside)"
            guard let text = quoted(content.drop { $0 == " " || $0 == "\t" }.dropFirst(name.count)) else { throw fail(usage) }
            return name.lowercased() == "text" ? .text(text) : .compose(text)
        case "commit":
            guard words.count == 1 else { throw fail("`commit` alone") }
            return .commit
        case "wait":
            guard words.count == 2, let ms = Double(words[1]), ms.isFinite, ms >= 0, ms <= 3_600_000 else {
                throw fail("`wait MS` with milliseconds from 0 to 3600000")
            }
            return .wait(milliseconds: ms)
        case "drop":
            let usage = "`drop \"PATH\"` with the file's path in double quotes (relative: from the script's folder)"
            guard let path = quoted(content.drop { $0 == " " || $0 == "\t" }.dropFirst(name.count)), !path.isEmpty else { throw fail(usage) }
            return .drop(path)
        case "shot":
            guard words.count == 2, words[1].hasSuffix(".png"), words[1].count > 4,
                  !words[1].contains("/"), !words[1].hasPrefix("."),
                  !words[1].unicodeScalars.contains(where: isEscapedInMessages) else {
                throw fail("`shot NAME.png` with a file name (no folder, no control characters) ending in .png")
            }
            return .shot(words[1])
        case "expect":
            do { return .expect(try StateExpectation(words: Array(words.dropFirst()))) } catch {
                throw ReplayScriptError(file: file, line: line, message: error.message)
            }
        default:
            throw fail("a command: \(commandNames)")
        }
    }

    /// The modifiers `word` names (`shift`, `ctrl+alt`), or nil when it is not made of modifier names.
    static func modifiers(_ word: String) -> Modifiers? {
        var held: Modifiers = []
        for part in word.split(separator: "+", omittingEmptySubsequences: false) {
            guard let m = modifierNames[part.lowercased()] else { return nil }
            held.insert(m)
        }
        return held
    }

    /// Where a `#` comment starts, outside double quotes.
    static func commentStart(in line: Substring) -> Substring.Index? {
        var inQuotes = false, escaped = false
        for i in line.indices {
            let c = line[i]
            if escaped { escaped = false; continue }
            if inQuotes && c == "\\" { escaped = true; continue }
            if c == "\"" { inQuotes.toggle() } else if c == "#" && !inQuotes { return i }
        }
        return nil
    }

    /// The text of `rest` when it is one double-quoted string and nothing else (`\"`, `\\`, `\n`
    /// and `\t` inside), else nil.
    static func quoted(_ rest: Substring) -> String? {
        let trimmed = rest.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else { return nil }
        var out = ""
        var escaped = false
        for c in trimmed.dropFirst().dropLast() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"", "\\": out.append(c)
                default: return nil
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                return nil
            } else {
                out.append(c)
            }
        }
        return escaped ? nil : out
    }

    /// Whether `word` can be a view id: letters, digits, `.`, `_`, `-`, not starting with a digit or sign.
    static func isViewID(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        return word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) }
    }
}
