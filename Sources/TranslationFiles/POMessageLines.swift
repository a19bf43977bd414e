extension POFormat {
    /// The line of each entry's `msgctxt` in a PO file's text, found by its context: libgettextpo
    /// gives references and flags, not where an entry stands. The context is read as gettext's
    /// lexer reads it (whitespace around the keyword, strings continued on the lines after it, and
    /// every escape gettext accepts), so each context found here is the one libgettextpo hands back.
    struct MessageLines {
        private var lines: [String: Int] = [:]
        private var obsoleteLines: [String: Int] = [:]

        init(_ text: String) {
            // Byte by byte: a file of many entries has many lines, and only `msgctxt` ones count.
            let bytes = Array(text.utf8)
            var number = 0, start = 0
            while start < bytes.count {
                number += 1
                let end = Self.lineEnd(bytes, from: start)
                var at = Self.skipBlanks(bytes, from: start, to: end)
                let obsolete = Self.hasPrefix(bytes, at: at, end: end, "#~")
                if obsolete { at = Self.skipBlanks(bytes, from: at + 2, to: end) }
                if Self.hasPrefix(bytes, at: at, end: end, "msgctxt"), at + 7 < end, bytes[at + 7] == Self.quote || Self.isBlank(bytes[at + 7]) {
                    // The strings after the keyword on this line, then on each line that goes on
                    // with one (`"…"`, `#~ "…"` in an obsolete entry).
                    var value: [UInt8] = []
                    var segment = Self.skipBlanks(bytes, from: at + 7, to: end)
                    var segmentEnd = end, next = end + 1
                    while Self.strings(bytes, from: segment, to: segmentEnd, into: &value), next < bytes.count {
                        let after = Self.lineEnd(bytes, from: next)
                        var first = Self.skipBlanks(bytes, from: next, to: after)
                        if obsolete {
                            guard Self.hasPrefix(bytes, at: first, end: after, "#~") else { break }
                            first = Self.skipBlanks(bytes, from: first + 2, to: after)
                        }
                        guard first < after, bytes[first] == Self.quote else { break }
                        segment = first; segmentEnd = after; next = after + 1
                    }
                    // A NUL ends the C string libgettextpo hands back; an invalid sequence is
                    // repaired the way String(cString:) repairs it.
                    let context = String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)
                    if obsolete { obsoleteLines[context] = obsoleteLines[context] ?? number } else { lines[context] = lines[context] ?? number }
                }
                start = end + 1
            }
        }

        func line(of context: String, obsolete: Bool) -> Int { (obsolete ? obsoleteLines : lines)[context] ?? 0 }

        private static let quote = UInt8(ascii: "\"")

        private static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            return end
        }

        /// Space, tab, carriage return, form feed, vertical tab: what gettext's lexer passes over.
        private static func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 || b == 12 || b == 11 }

        private static func skipBlanks(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
            var at = start
            while at < end && isBlank(bytes[at]) { at += 1 }
            return at
        }

        private static func hasPrefix(_ bytes: [UInt8], at start: Int, end: Int, _ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard end - start >= count else { return false }
            return word.withUTF8Buffer { bytes[start..<(start + count)].elementsEqual($0) }
        }

        /// Appends the quoted strings between `start` and `end` (`"a" "b"`) unescaped to `value`;
        /// whether the line held only such strings (so the next line may go on with more).
        private static func strings(_ bytes: [UInt8], from start: Int, to end: Int, into value: inout [UInt8]) -> Bool {
            var at = start
            while at < end {
                guard bytes[at] == quote else { return false }
                at += 1
                while at < end && bytes[at] != quote {
                    if bytes[at] == UInt8(ascii: "\\"), at + 1 < end {
                        at = unescape(bytes, at: at + 1, end: end, into: &value)
                    } else {
                        value.append(bytes[at]); at += 1
                    }
                }
                guard at < end else { return false }
                at = skipBlanks(bytes, from: at + 1, to: end)
            }
            return true
        }

        /// The escape after a backslash at `at`, as gettext's lexer reads it (po-lex.c): `\n \t \b
        /// \r \f \v \a \\ \"`, one to three octal digits, `\x` and any number of hex digits (a byte:
        /// the value's low eight bits, as the lexer stores it in a char). Returns where the text
        /// goes on. An escape gettext refuses never gets here: the file was refused when read.
        private static func unescape(_ bytes: [UInt8], at start: Int, end: Int, into value: inout [UInt8]) -> Int {
            let c = bytes[start]
            switch c {
            case UInt8(ascii: "n"): value.append(10)
            case UInt8(ascii: "t"): value.append(9)
            case UInt8(ascii: "b"): value.append(8)
            case UInt8(ascii: "r"): value.append(13)
            case UInt8(ascii: "f"): value.append(12)
            case UInt8(ascii: "v"): value.append(11)
            case UInt8(ascii: "a"): value.append(7)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var byte: UInt8 = 0, at = start
                while at < end, at - start < 3, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[at]) {
                    byte = byte &* 8 &+ (bytes[at] - UInt8(ascii: "0")); at += 1
                }
                value.append(byte)
                return at
            case UInt8(ascii: "x"):
                var byte: UInt8 = 0, at = start + 1
                while at < end, let digit = hexDigit(bytes[at]) { byte = byte &* 16 &+ digit; at += 1 }
                guard at > start + 1 else { value.append(c); return start + 1 }
                value.append(byte)
                return at
            default: value.append(c)   // `\\`, `\"`
            }
            return start + 1
        }

        private static func hexDigit(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
    }
}
