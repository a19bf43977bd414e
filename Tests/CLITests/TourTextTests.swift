import Foundation
import Schema
import Testing

/// Tour text in any script, through `check` and `check --lint`: accepted as it is, and quoted
/// safely in messages (bidi controls and line breaks escaped, emoji sequences never cut).
@Suite struct TourTextTests {
    /// Titles and texts in many scripts, with emoji, ZWJ sequences, flags and combining marks.
    static let texts: [String: String] = [
        "en": "Tap ➕ to add a card 📱. 👨‍👩‍👧‍👦 🇯🇵 👍🏽 café",
        "ar": "مرحبا بك في التطبيق لا 2026",
        "he": "שָׁלוֹם, עוֹלָם 1,234.56 ₪",
        "hi": "हिन्दी में स्वागत है",
        "th": "ภาษาไทยไม่มีการเว้นวรรค",
        "zh-Hans": "点按这个按钮，即可添加卡片。",
        "ja": "「こんにちは」と言った。",
        "ko": "한국어도 됩니다",
    ]

    @Test func checkAcceptsTextInEveryScriptAndMix() throws {
        let text = try String(data: JSONSerialization.data(withJSONObject: Self.texts, options: [.sortedKeys]), encoding: .utf8)!
        let json = #"{"id": "scripts", "steps": [{"target": "fab", "title": \#(text), "text": \#(text)}, {"target": "nav.title", "text": "Mixed: Tap ➕ مرحبا 한국어 שלום 📱"}]}"#
        let path = try CLI.temporaryFolder() + "/scripts.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("scripts.json: ok (2 steps)"))
    }

    @Test func aMessageQuotingRightToLeftTextEscapesItsBidiControls() throws {
        // An unknown target whose name holds Arabic, an override that would flip the terminal line,
        // an isolate and a line break: the Arabic stays, every control is spelled out.
        let id = "زر\u{202E}evil\u{2066}x\u{2069}\nline"
        let escaped = "زر\\u{202e}evil\\u{2066}x\\u{2069}\\nline"
        let json = "{\"id\": \"t\", \"steps\": [{\"target\": \"\(id.replacingOccurrences(of: "\n", with: "\\n"))\", \"text\": \"hi\"}]}"
        let path = try CLI.temporaryFolder() + "/t.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", path])
        #expect(r.status == 1)
        let line = try #require(r.errorLines.first { $0.contains("steps[0].target") }, "\(r.stderr)")
        #expect(line.contains(escaped), "\(line)")
        #expect(!line.unicodeScalars.contains { [0x202E, 0x2066, 0x2069, 0x0A].contains($0.value) })
    }

    @Test func aLongNameIsCutBetweenGraphemeClusters() throws {
        let family = "👨‍👩‍👧‍👦"
        let id = String(repeating: family, count: 100)
        let json = "{\"id\": \"t\", \"steps\": [{\"target\": \"\(id)\", \"text\": \"hi\"}]}"
        let path = try CLI.temporaryFolder() + "/t.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", path])
        #expect(r.status == 1)
        let line = try #require(r.errorLines.first { $0.contains("steps[0].target") }, "\(r.stderr)")
        let start = try #require(line.firstRange(of: family))
        let quoted = line[start.lowerBound...].prefix { $0 != "\"" }
        #expect(quoted.hasSuffix("…"))
        #expect(quoted.dropLast().allSatisfy { String($0) == family }, "only whole families: \(quoted)")
    }
}
