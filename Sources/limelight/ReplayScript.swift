import Foundation
import Raster
import Views

/// One command of a replay script.
enum ReplayCommand: Equatable {
    case tap(Point), down(Point), move(Point), up(Point)
    case scroll(dy: Double, at: Point?)
    case key(Key)
    case wait(milliseconds: Double)
    case shot(String)
}

/// A replay script: one command a line (`\n` or `\r\n` line ends), `#` comments and blank lines
/// ignored. Parsing checks the whole file before anything runs; an error names the file and line and
/// what was expected.
struct ReplayScript {
    var commands: [(line: Int, command: ReplayCommand)] = []

    static let keyNames: [String: Key] = [
        "escape": .escape, "esc": .escape, "enter": .enter, "return": .enter, "tab": .tab, "space": .space,
        "backspace": .backspace, "left": .left, "right": .right, "up": .up, "down": .down,
    ]

    init(text: String, file: String) throws(CLIError) {
        // "\r\n" is one Character in Swift, so Windows line ends need naming as separators too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let line = index + 1
            var content = Substring(raw)
            if let hash = content.firstIndex(of: "#") { content = content[..<hash] }
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let name = words.first else { continue }
            func fail(_ expected: String) -> CLIError {
                .usage("\(file):\(line): expected \(expected) (got \"\(Arguments.printable(content.trimmingCharacters(in: .whitespaces)))\")")
            }
            func number(_ s: String) -> Double? { Double(s).flatMap { $0.isFinite ? $0 : nil } }
            func point(_ at: Int, _ usage: String) throws(CLIError) -> Point {
                guard words.count == at + 2, let x = number(words[at]), let y = number(words[at + 1]) else { throw fail(usage) }
                return Point(x, y)
            }
            let command: ReplayCommand
            switch name.lowercased() {
            case "tap": command = .tap(try point(1, "`tap X Y` with two numbers in points"))
            case "down": command = .down(try point(1, "`down X Y` with two numbers in points"))
            case "move": command = .move(try point(1, "`move X Y` with two numbers in points"))
            case "up": command = .up(try point(1, "`up X Y` with two numbers in points"))
            case "scroll":
                let usage = "`scroll DY` or `scroll DY at X Y` with numbers in points"
                guard words.count >= 2, let dy = number(words[1]) else { throw fail(usage) }
                if words.count == 2 { command = .scroll(dy: dy, at: nil) }
                else {
                    guard words.count == 5, words[2] == "at" else { throw fail(usage) }
                    command = .scroll(dy: dy, at: try point(3, usage))
                }
            case "key":
                guard words.count == 2, let key = ReplayScript.keyNames[words[1].lowercased()] else {
                    throw fail("`key NAME` with NAME one of \(ReplayScript.keyNames.keys.sorted().joined(separator: ", "))")
                }
                command = .key(key)
            case "wait":
                guard words.count == 2, let ms = number(words[1]), ms >= 0, ms <= 3_600_000 else {
                    throw fail("`wait MS` with milliseconds from 0 to 3600000")
                }
                command = .wait(milliseconds: ms)
            case "shot":
                guard words.count == 2, words[1].hasSuffix(".png"), words[1].count > 4,
                      !words[1].contains("/"), !words[1].hasPrefix(".") else {
                    throw fail("`shot NAME.png` with a file name (no folder) ending in .png")
                }
                command = .shot(words[1])
            default:
                throw fail("a command: tap, down, move, up, scroll, key, wait or shot")
            }
            commands.append((line, command))
        }
    }
}
