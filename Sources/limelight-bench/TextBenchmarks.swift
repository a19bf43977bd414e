import Demo
import Overlays
import Raster
import Views

/// `text.paragraph.*`: a bubble with a fresh paragraph of about 200 characters appearing over Home,
/// the whole frame: the text broken into lines, shaped, ordered, drawn, and the overlay composited.
/// Every frame's text differs (a counter leads it), so no cached line or image is reused.
@MainActor
enum TextBenchmarks {
    /// The paragraphs, by language.
    static let paragraphs: [(language: String, text: String)] = [
        ("en", "Each card shows a picture, a title and a short summary of the article. Tap a card to open it, keep your finger on it to see what else you can do, or swipe the grid to see more of them."),
        ("ja", "それぞれのカードには、記事の写真とタイトル、短い要約が表示されます。カードをタップすると記事が開き、長押しするとほかにできることが表示されます。グリッドをスワイプすると、さらに多くのカードを見ることができます。気になる記事はお気に入りに追加して、あとでゆっくり読むこともできます。右下のボタンで新しいカードを追加しましょう。"),
        ("ar", "تعرض كل بطاقة صورة وعنوانا وملخصا قصيرا للمقال. انقر على البطاقة لفتحها، أو اضغط عليها مطولا لترى ما يمكنك فعله أيضا، أو اسحب الشبكة لترى المزيد من البطاقات. يمكنك إضافة بطاقة جديدة من الزر في الأسفل."),
    ]

    static func bubbles(_ h: Harness, app: AppBenchmarks) throws {
        for (language, text) in paragraphs {
            let a = try app.app(390, 844)
            let frame = try a.root.makePixmap()
            a.root.frame(into: frame)
            var counter = 0
            h.record("text.paragraph.\(language)", size: "390x844", setup: {
                a.overlays.dismissAll(animated: false)
                a.root.frame(into: frame)
            }) {
                counter += 1
                let spot = SpotlightOverlay(holes: [Hole(target: .view("card.0"), shape: .roundedRect(cornerRadius: 12))],
                                            coachMark: CoachMark(title: "\(counter)", text: "\(counter) \(text)"))
                a.overlays.present(spot, animated: false)
                a.root.frame(into: frame)
            }
        }
    }
}
