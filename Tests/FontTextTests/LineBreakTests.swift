import Testing
import Views
@testable import FontText

/// Line breaking (UAX #14 through ICU, with the language's rules) at fixed widths: every line fits,
/// the lines are the text in order, and each rule holds at every width tried.
@MainActor
@Suite(.serialized)
struct LineBreakTests {
    let engine: SystemTextEngine

    init() throws { engine = try SystemTextEngine() }

    /// The widths tried, in points.
    static let widths = Array(stride(from: 40.0, through: 320.0, by: 9.0))

    func lines(_ text: String, width: Double, language: String?, lineLimit: Int? = nil) -> [TextLine] {
        engine.lines(of: text, font: .body, scale: 1, maxWidth: width, lineLimit: lineLimit, language: language)
    }

    /// Checks what holds at every width for `text`: each line fits (unless it is one cluster), and
    /// the lines, joined, are the text less the spaces it broke at. Returns the lines at each width.
    func checkFilling(_ text: String, language: String?, widths: [Double] = widths) -> [[String]] {
        widths.map { width in
            let result = lines(text, width: width, language: language)
            for line in result where line.text.count > 1 {
                #expect(line.width <= width + 0.001, "\"\(line.text)\" fits \(width) pt")
            }
            #expect(result.map(\.text).joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
            return result.map(\.text)
        }
    }

    // MARK: - Japanese

    static let japanese = "「こんにちは」と彼は言った。今日は、とてもいい天気ですね。「散歩に行こう」"

    @Test func japaneseBreaksBetweenCharactersWithoutSpaces() {
        let all = checkFilling(Self.japanese, language: "ja")
        #expect(all.first!.count > 5, "a narrow bubble breaks Japanese between characters")
    }

    @Test func japaneseNeverStartsALineWithClosingPunctuation() {
        // Kinsoku: 、。」 (and the other closing marks) never begin a line.
        for result in checkFilling(Self.japanese, language: "ja") {
            for line in result.dropFirst() {
                #expect(!"、。」）".contains(line.first!), "\"\(line)\" starts with closing punctuation")
            }
        }
    }

    @Test func japaneseNeverEndsALineWithAnOpeningBracket() {
        for result in checkFilling(Self.japanese, language: "ja") {
            for line in result.dropLast() {
                #expect(line.last != "「", "\"\(line)\" ends with an opening bracket")
            }
        }
    }

    @Test func japaneseOpportunitiesFollowTheRules() {
        let chars = Array("「こんにちは」と言った。")
        let breaks = LineBreaks.opportunities(in: chars, language: "ja").allowed
        #expect(!breaks.contains(1), "none after 「")
        #expect(!breaks.contains(6), "none before 」")
        #expect(!breaks.contains(11), "none before 。")
        #expect(breaks.contains(2) && breaks.contains(8), "between kana")
    }

    // MARK: - Chinese and Korean

    @Test func chineseBreaksBetweenHanButNotBeforeItsPunctuation() {
        let text = "我们今天去公园散步，天气很好。你想一起来吗？我们走吧！"
        for result in checkFilling(text, language: "zh-Hans") {
            for line in result.dropFirst() {
                #expect(!"，。？！".contains(line.first!), "\"\(line)\" starts with closing punctuation")
            }
        }
        #expect(checkFilling(text, language: "zh-Hans").first!.count > 4)
    }

    @Test func koreanBreaksAtSpacesAndBetweenSyllablesButNotInsideOne() {
        // 한 written as three conjoining jamo is one grapheme cluster: never split.
        let text = "한국어 문장은 띄어쓰기로 단어를 나눕니다 \u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"
        for result in checkFilling(text, language: "ko") {
            for line in result {
                #expect(!line.unicodeScalars.first!.properties.isGraphemeExtend)
                #expect(!(0x1160...0x11FF).contains(line.unicodeScalars.first!.value), "\"\(line)\" starts inside a syllable")
            }
        }
        let breaks = LineBreaks.opportunities(in: Array("한국어 문장"), language: "ko").allowed
        #expect(breaks.contains(1) && breaks.contains(4))
    }

    // MARK: - Thai

    @Test func thaiBreaksBetweenWordsFromTheDictionary() {
        // No spaces between words: ICU's dictionary finds them.
        let text = "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ"
        let breaks = LineBreaks.opportunities(in: Array(text), language: "th").allowed
        let words = ["ภาษา", "ไทย", "ไม่มี", "การ", "เว้น", "วรรค", "ระหว่าง", "คำ"]
        var expected = Set<Int>(), at = 0
        for word in words.dropLast() { at += word.count; expected.insert(at) }
        #expect(breaks == expected)
        // At widths where the longest word fits, every line starts at a word.
        let longest = words.map { engine.width(of: $0, font: .body, scale: 1) }.max()!
        for result in checkFilling(text, language: "th", widths: Self.widths.filter { $0 >= longest }) {
            for line in result {
                #expect(words.contains { line.hasPrefix($0) }, "\"\(line)\" starts at a word")
            }
        }
    }

    // MARK: - English

    @Test func englishBreaksAtSpacesAndAfterHyphens() {
        let text = "The quick brown fox jumps over the lazy dog, a well-known pangram (used by typesetters)."
        // At widths where the longest word fits, every line ends at a space or a hyphen.
        let longest = text.split(separator: " ").map { engine.width(of: String($0), font: .body, scale: 1) }.max()!
        for result in checkFilling(text, language: "en", widths: Self.widths.filter { $0 >= longest }) {
            var rest = Substring(text)
            for line in result {
                #expect(rest.hasPrefix(line), "lines keep the text's order")
                rest = rest.dropFirst(line.count)
                let next = rest.first
                #expect(next == nil || next == " " || line.last == "-", "\"\(line)\" ends at a space or a hyphen")
                rest = rest.drop { $0 == " " }
            }
        }
    }

    @Test func aLineFeedAlwaysBreaks() {
        let result = lines("One\nTwo three", width: 300, language: "en")
        #expect(result.map(\.text) == ["One", "Two three"])
    }

    // MARK: - Grapheme clusters

    /// A family (ZWJ sequence), a thumb with a skin tone, a flag, e with a combining acute, a Thai
    /// consonant with a tone mark, a Devanagari conjunct syllable.
    static let clusters = "👨‍👩‍👧‍👦👍🏽🇯🇵e\u{301}ก้क्षि"

    @Test func aWordTooLongForTheLineBreaksBetweenClustersNeverInsideOne() {
        let result = lines(Self.clusters, width: 1, language: nil)
        #expect(result.map(\.text) == Self.clusters.map { String($0) }, "one cluster per line")
        let wider = lines(String(repeating: Self.clusters, count: 3), width: 60, language: nil)
        #expect(wider.count > 1)
        #expect(wider.map(\.text).joined() == String(repeating: Self.clusters, count: 3))
        for line in wider { #expect(line.text.unicodeScalars.first.map { !$0.properties.isGraphemeExtend && $0.value != 0x200D } ?? true) }
    }

    @Test func theEllipsisComesAtAClusterBoundary() throws {
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: family, count: 12)
        for width in stride(from: 30.0, through: 150.0, by: 11.0) {
            let line = try #require(lines(text, width: width, language: nil, lineLimit: 1).first)
            #expect(line.text.hasSuffix("\u{2026}"))
            let kept = line.text.dropLast()
            #expect(kept.allSatisfy { String($0) == family }, "only whole families before the ellipsis at \(width) pt")
            #expect(line.width <= width + 0.001)
        }
    }
}
