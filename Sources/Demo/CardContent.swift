/// What one card shows: an illustration, a title and a short description.
public struct CardContent: Hashable, Sendable {
    /// The bold line under the image.
    public var title: Localized
    /// The two-line description.
    public var body: Localized
    /// The name of the card's image (a PNG in assets/images without the extension); nil = none.
    public var imageName: String?
    /// What the image shows, for people who cannot see it.
    public var imageDescription: Localized?

    /// A card.
    public init(title: Localized, body: Localized, imageName: String?, imageDescription: Localized? = nil) {
        self.title = title; self.body = body; self.imageName = imageName; self.imageDescription = imageDescription
    }

    /// The card the floating action button adds: placeholder text over the fourth sample card's
    /// picture, as the sample's own added content does.
    public static let new = CardContent(title: Strings.newCardTitle, body: Strings.newCardBody,
                                        imageName: samples[3].imageName, imageDescription: samples[3].imageDescription)

    /// The four cards the home screen starts with (the last one is long enough to show the ellipsis).
    public static let samples: [CardContent] = [
        CardContent(
            title: Localized(en: "Mountain Lake", ja: "山の湖", ar: "بحيرة الجبل", he: "אגם ההרים"),
            body: Localized(en: "Still water at dawn mirrors the peaks.",
                            ja: "夜明けの湖面に、山々が静かに映ります。",
                            ar: "ماء ساكن عند الفجر تنعكس فيه القمم.",
                            he: "מים שקטים עם שחר משקפים את הפסגות."),
            imageName: "mountains",
            imageDescription: Localized(en: "A lake below snowy mountains", ja: "雪山のふもとの湖", ar: "بحيرة أسفل جبال مكسوة بالثلج", he: "אגם למרגלות הרים מושלגים")),
        CardContent(
            title: Localized(en: "City Lights", ja: "街の灯り", ar: "أضواء المدينة", he: "אורות העיר"),
            body: Localized(en: "Streets glow at night after the rain.",
                            ja: "雨上がりの夜、通りの灯りがきらめきます。",
                            ar: "تتلألأ الشوارع ليلًا بعد المطر.",
                            he: "הרחובות זוהרים בלילה אחרי הגשם."),
            imageName: "city",
            imageDescription: Localized(en: "City buildings lit at night", ja: "夜に明かりがともる街のビル", ar: "مبانٍ مضاءة في المدينة ليلًا", he: "בנייני עיר מוארים בלילה")),
        CardContent(
            title: Localized(en: "Forest Walk", ja: "森の散歩道", ar: "نزهة في الغابة", he: "טיול ביער"),
            body: Localized(en: "A quiet trail under tall, old trees.",
                            ja: "高い木々の下、鳥の声が響く静かな小道。",
                            ar: "درب هادئ تحت أشجار عالية وعتيقة.",
                            he: "שביל שקט מתחת לעצים גבוהים ועתיקים."),
            imageName: "forest",
            imageDescription: Localized(en: "A path between tall trees", ja: "高い木々のあいだの小道", ar: "ممر بين أشجار عالية", he: "שביל בין עצים גבוהים")),
        CardContent(
            title: Localized(en: "Ocean Breeze", ja: "海風", ar: "نسيم البحر", he: "בריזה מהים"),
            body: Localized(en: "Waves roll in slowly while the afternoon sun warms the sand.",
                            ja: "午後の日差しが砂浜を温め、波がゆっくりと寄せては返します。",
                            ar: "تتهادى الأمواج ببطء بينما تدفئ شمس العصر الرمال.",
                            he: "הגלים מתגלגלים לאט בזמן ששמש אחר הצהריים מחממת את החול."),
            imageName: "ocean",
            imageDescription: Localized(en: "Waves on a sandy beach", ja: "砂浜に寄せる波", ar: "أمواج على شاطئ رملي", he: "גלים בחוף חולי")),
    ]

    /// The image names the sample cards use.
    public static var sampleImageNames: [String] { samples.compactMap(\.imageName) }
}
