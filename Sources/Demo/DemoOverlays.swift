import Overlays
import Raster
import Views

/// The overlays the sample app shows: the FAB tip and what the Menu entries open.
@MainActor
enum DemoOverlays {
    static let fabTip = Localized(en: "Tap this button to add an item to the list.",
                                  ja: "このボタンをタップすると、リストに項目が追加されます。",
                                  ar: "اضغط على هذا الزر لإضافة عنصر إلى القائمة.",
                                  he: "הקישו על הכפתור הזה כדי להוסיף פריט לרשימה.")

    /// The spotlight tip on the floating action button.
    static func fabSpotlight(_ language: Language) -> SpotlightOverlay {
        SpotlightOverlay(holes: [Hole(target: .view("fab"))], coachMark: CoachMark(text: fabTip(language)))
    }

    /// An alert over a spotlight on the row that opened it.
    static func alert(_ language: Language) -> AlertOverlay {
        AlertOverlay(title: Localized(en: "Heads up", ja: "お知らせ", ar: "تنبيه", he: "לתשומת לבכם")(language),
                     message: Localized(en: "Alerts sit above every screen, bars included, and take all the input until OK.",
                                        ja: "アラートはバーも含めてすべての画面の上に表示され、OK を押すまで操作を受け付けません。",
                                        ar: "تظهر التنبيهات فوق كل شاشة، والأشرطة معها، وتستقبل كل الإدخال حتى تضغط «حسنًا».",
                                        he: "התראות מופיעות מעל כל מסך, כולל הסרגלים, ומקבלות את כל הקלט עד שלוחצים על אישור.")(language),
                     buttonTitle: Localized(en: "OK", ja: "OK", ar: "حسنًا", he: "אישור")(language),
                     holes: [Hole(target: .view(MenuAction.alert.viewID), shape: .roundedRect(cornerRadius: 10), padding: 4)])
    }

    /// A pop-up dialog; `modal` ones ignore taps on the backdrop.
    static func popup(_ language: Language, modal: Bool) -> PopupOverlay {
        let title = modal ? Localized(en: "Modal pop-up", ja: "モーダルポップアップ", ar: "نافذة منبثقة إلزامية", he: "חלון קופץ חוסם")
                          : Localized(en: "Pop-up", ja: "ポップアップ", ar: "نافذة منبثقة", he: "חלון קופץ")
        let body = modal
            ? Localized(en: "Tapping the background does nothing here: close me with ×.",
                        ja: "背景をタップしても閉じません。× で閉じてください。",
                        ar: "الضغط على الخلفية لا يغلقني هنا: أغلقني بزر ×.",
                        he: "הקשה על הרקע לא עושה כאן דבר: סגרו אותי עם ×.")
            : Localized(en: "Tap the background or × to close me.", ja: "背景か × をタップすると閉じます。",
                        ar: "اضغط على الخلفية أو على × لإغلاقي.", he: "הקישו על הרקע או על × כדי לסגור אותי.")
        let content = VStack(alignment: .leading, spacing: 8, children: [
            Text(title(language), font: .headline).id("popup.title"),
            Text(body(language), font: .body, color: Color(white: 0.3)).id("popup.body"),
        ])
        return PopupOverlay(content: content, closesOnBackgroundTap: !modal, closeLabel: Strings.close(language))
    }

    static let loadingMessage = Localized(en: "Loading…", ja: "読み込み中…", ar: "جارٍ التحميل…", he: "טוען…")
}
