import Foundation
import Seeded

/// How many inputs each fuzz test feeds its parser, and from which seed.
///
/// `LIMELIGHT_FUZZ_ITERATIONS` overrides the count (the normal suite keeps it small, so the
/// suite stays fast); `LIMELIGHT_FUZZ_SEED` replays a run that found a problem.
public enum FuzzSettings {
    /// The number of inputs: `LIMELIGHT_FUZZ_ITERATIONS`, else `standard`.
    public static func iterations(standard: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment["LIMELIGHT_FUZZ_ITERATIONS"],
              let n = Int(text), n > 0 else { return standard }
        return n
    }

    /// The seed: `LIMELIGHT_FUZZ_SEED` (decimal or 0x hex), else `standard`.
    public static func seed(standard: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["LIMELIGHT_FUZZ_SEED"] else { return standard }
        if text.hasPrefix("0x"), let v = UInt64(text.dropFirst(2), radix: 16) { return v }
        return UInt64(text) ?? standard
    }
}

/// Byte-level mutations of well-formed inputs: cuts, duplicated runs, flipped bits, inserted
/// tokens (huge numbers, NaN, deep nesting, long strings, invalid UTF-8) and splices of two inputs.
public struct Mutator {
    /// Tokens worth inserting for this format (numbers, keywords, punctuation).
    public var dictionary: [[UInt8]]

    /// Tokens every format gets: extreme numbers, non-numbers, broken and unusual UTF-8.
    public static let commonTokens: [[UInt8]] = [
        "0", "-0", "1e308", "1e309", "-1e400", "1e-400", "4.9e-324", "1.7976931348623157e308",
        "99999999999999999999999999999", "0.000000000000000000000000001", "NaN", "nan", "Infinity", "-inf",
        "+", "-", ".", "e", "E", "e-", "1e", ".e1", "--1", "1..2", "0x1F", "18446744073709551616",
        "9223372036854775807", "-9223372036854775808", "\u{FEFF}", "\u{2028}", "\u{85}", "é", "😀", "\u{0}",
        "\t", "\r\n", "\n", " ",
    ].map { Array($0.utf8) } + [
        [0xC3], [0xFF], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xE2, 0x82],
        [0xEF, 0xBB, 0xBF],
    ]

    public init(dictionary: [[UInt8]]) { self.dictionary = dictionary + Mutator.commonTokens }

    /// `input` changed by one to four mutations; `others` are the inputs a splice may draw from.
    public func mutate(_ input: [UInt8], others: [[UInt8]], rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0...rng.below(4) { mutateOnce(&bytes, others: others, rng: &rng) }
        return bytes
    }

    private func mutateOnce(_ bytes: inout [UInt8], others: [[UInt8]], rng: inout SeededGenerator) {
        let n = bytes.count
        switch rng.below(11) {
        case 0 where n > 0: // flip a bit
            bytes[rng.below(n)] ^= UInt8(1) << UInt8(rng.below(8))
        case 1 where n > 0: // an arbitrary byte
            bytes[rng.below(n)] = UInt8(truncatingIfNeeded: rng.next())
        case 2 where n > 0: // cut a run
            let start = rng.below(n), length = 1 + rng.below(min(n - start, 64))
            bytes.removeSubrange(start..<start + length)
        case 3 where n > 0: // truncate
            bytes.removeSubrange(rng.below(n)...)
        case 4 where n > 0: // duplicate a run, possibly many times
            let start = rng.below(n), length = 1 + rng.below(min(n - start, 64))
            let run = Array(bytes[start..<start + length])
            let copies = rng.chance(0.2) ? 1 + rng.below(200) : 1
            bytes.insert(contentsOf: Array(repeating: run, count: copies).joined(), at: rng.below(n + 1))
        case 5, 6: // a dictionary token
            bytes.insert(contentsOf: rng.pick(dictionary), at: rng.below(n + 1))
        case 7 where n > 0: // a token in place of a run
            let start = rng.below(n), length = 1 + rng.below(min(n - start, 8))
            bytes.replaceSubrange(start..<start + length, with: rng.pick(dictionary))
        case 8: // deep nesting or a long run of one byte
            let b: UInt8 = rng.pick([UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "9"), UInt8(ascii: "a"),
                                      UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\\"), UInt8(ascii: ","), 0xE9])
            bytes.insert(contentsOf: [UInt8](repeating: b, count: 1 + rng.below(rng.chance(0.1) ? 20_000 : 300)),
                         at: rng.below(n + 1))
        case 9 where !others.isEmpty: // splice with another input
            let other = rng.pick(others)
            let cut = rng.below(n + 1), from = rng.below(other.count + 1)
            bytes = Array(bytes[..<cut]) + Array(other[from...])
        default: // swap two bytes, or insert one
            if n > 1 { bytes.swapAt(rng.below(n), rng.below(n)) } else { bytes.append(UInt8(truncatingIfNeeded: rng.next())) }
        }
    }
}

/// Runs a parser over many inputs and collects what went wrong, with enough to reproduce each.
public struct FuzzRun {
    /// The name shown in reports (`svg`, `tour`, …).
    public let name: String
    /// The seed of the generator handed to input makers.
    public let seed: UInt64
    /// How many inputs to try.
    public let iterations: Int
    /// The longest a single input may take before it counts as a hang, in seconds.
    public var timeLimit = 1.0
    /// At most this many problems are kept (the first ones).
    public var maxProblems = 10

    /// Problems found: each names the seed, the input number and the input (escaped, truncated).
    public private(set) var problems: [String] = []
    /// The slowest input's time, in seconds.
    public private(set) var slowest = 0.0

    public init(name: String, seed: UInt64, iterations: Int) {
        self.name = name; self.seed = seed; self.iterations = iterations
    }

    /// Feeds `iterations` inputs from `makeInput` to `check`, which returns a problem or nil.
    /// Each input is timed; one that takes longer than `timeLimit` is a problem too.
    ///
    /// A trap cannot be caught in-process: set `LIMELIGHT_FUZZ_VERBOSE=1` to print each input
    /// before it runs, so the last one printed is the culprit.
    public mutating func run(makeInput: (inout SeededGenerator) -> [UInt8], check: ([UInt8]) -> String?) {
        run(makeInput: makeInput, describe: { FuzzRun.describe($0) }, check: check)
    }

    /// `run(makeInput:check:)` for inputs that are not bytes (command lines), shown with `describe`.
    public mutating func run<Input>(makeInput: (inout SeededGenerator) -> Input, describe: (Input) -> String,
                                    check: (Input) -> String?) {
        var rng = SeededGenerator(seed: seed)
        let verbose = ProcessInfo.processInfo.environment["LIMELIGHT_FUZZ_VERBOSE"] == "1"
        let clock = ContinuousClock()
        for i in 0..<iterations {
            let input = makeInput(&rng)
            if verbose { print("fuzz \(name) #\(i): \(describe(input))") }
            let start = clock.now
            let problem = check(input)
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            slowest = max(slowest, seconds)
            if let problem { record(i, describe(input), problem) }
            if seconds > timeLimit { record(i, describe(input), "took \(String(format: "%.2f", seconds)) s (the limit is \(timeLimit) s)") }
        }
    }

    private mutating func record(_ index: Int, _ input: String, _ problem: String) {
        guard problems.count < maxProblems else { return }
        problems.append("\(name) fuzz, seed \(seed), input #\(index): \(problem); input: \(input)")
    }

    /// `bytes` as one printable line: ASCII kept, everything else escaped, cut to `limit` bytes.
    public static func describe(_ bytes: [UInt8], limit: Int = 300) -> String {
        var out = "\""
        for b in bytes.prefix(limit) {
            switch b {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
            case 0x0A: out += "\\n"
            default: out += "\\x" + (b < 0x10 ? "0" : "") + String(b, radix: 16)
            }
        }
        out += "\""
        if bytes.count > limit { out += "… (\(bytes.count - limit) more bytes)" }
        return out
    }

    /// `text` as one printable line (see `describe(_:limit:)`).
    public static func describe(_ text: String, limit: Int = 300) -> String { describe(Array(text.utf8), limit: limit) }
}

/// Whether `message` is a single line: no character that Unicode counts as a line break.
public func isOneLine(_ message: String) -> Bool { !message.contains { $0.isNewline } }
