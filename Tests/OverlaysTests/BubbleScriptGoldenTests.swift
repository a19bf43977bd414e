import Testing
import TestSupport
import Raster
import Views
@testable import Overlays

/// A tip's bubble in each script, and in a mix of scripts with emoji, with the system's fonts:
/// shaped (Arabic joining, Devanagari conjuncts, Thai marks), in bidirectional order, broken by the
/// language's rules, Han in the language's forms, emoji in colour; Arabic and Hebrew bubbles in a
/// right-to-left layout (text and buttons from the right, "2 / 4" in its order). Exact comparison.
@MainActor
@Suite(.serialized)
struct BubbleScriptGoldenTests {
    /// One bubble: the app's language, the golden's name, and what the bubble says.
    struct Sample: Sendable, CustomTestStringConvertible {
        var language: String, name: String, title: String, text: String, next: String, skip: String
        var testDescription: String { name }
    }

    nonisolated static let samples: [Sample] = [
        Sample(language: "en", name: "latin", title: "Welcome aboard",
               text: "Tap the office button to add a card. AVATAR, “quotes” and fine ligatures.", next: "Next", skip: "Skip"),
        Sample(language: "ar", name: "arabic", title: "مرحبًا بك",
               text: "اضغط على الزر لإضافة بطاقة جديدة إلى القائمة، ثم اسحبها لأعلى.", next: "التالي", skip: "تخطٍّ"),
        Sample(language: "he", name: "hebrew", title: "ברוכים הבאים",
               text: "הקישו על הכפתור כדי להוסיף כרטיס חדש לסוף הרשימה.", next: "הבא", skip: "דלג"),
        Sample(language: "hi", name: "devanagari", title: "स्वागत है",
               text: "सूची के अंत में नया कार्ड जोड़ने के लिए यह बटन दबाएँ।", next: "आगे", skip: "छोड़ें"),
        Sample(language: "th", name: "thai", title: "ยินดีต้อนรับ",
               text: "แตะปุ่มนี้เพื่อเพิ่มการ์ดใหม่ที่ท้ายรายการของคุณได้ทันที", next: "ถัดไป", skip: "ข้าม"),
        Sample(language: "zh-Hans", name: "chinese", title: "欢迎使用",
               text: "点按这个按钮，即可在列表末尾添加一张新卡片。", next: "下一步", skip: "跳过"),
        Sample(language: "ja", name: "japanese", title: "ようこそ",
               text: "このボタンをタップすると、リストの最後に新しいカードが追加されます。", next: "次へ", skip: "スキップ"),
        Sample(language: "ko", name: "korean", title: "환영합니다",
               text: "이 버튼을 누르면 목록 끝에 새 카드가 추가됩니다.", next: "다음", skip: "건너뛰기"),
        Sample(language: "en", name: "mixed-and-emoji", title: "Mixed 📱🎉",
               text: "Tap ➕ to add a card 📱. مرحبا بك في التطبيق. 한국어도 됩니다. שלום 2024 👍🏽 👨‍👩‍👧‍👦 🇯🇵",
               next: "Next", skip: "Skip"),
    ]

    @Test(arguments: samples)
    func bubble(_ sample: Sample) throws {
        let fixture = try OverlayFixture(size: Size(390, 400), realText: true, boxes: 2)
        fixture.root.language = sample.language
        let mark = CoachMark(title: sample.title, text: sample.text, placement: .below, showsNextButton: true, showsSkipButton: true,
                             progress: StepProgress(current: 2, total: 4), nextTitle: sample.next, skipTitle: sample.skip)
        fixture.stack.present(SpotlightOverlay(holes: [Hole(target: .view("title"), shape: .roundedRect(cornerRadius: 8), padding: 4)],
                                               coachMark: mark), animated: false)
        let frame = try fixture.root.makePixmap()
        fixture.root.frame(into: frame, repaintingEverything: true)
        let result = Golden.compare(frame, named: "bubble-\(sample.name)")
        #expect(result.matches, "\(result.message)")
    }
}
