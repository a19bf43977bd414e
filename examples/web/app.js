// The words of every screen, in English and Japanese: the page speaks the browser's language.
const words = {
  en: { inbox: "Inbox", compose: "Compose", search: "Search mail", settings: "Settings", archive: "Archive",
        notifications: "Notifications", dark: "Dark theme", save: "Save", back: "Back", home: "Home",
        mails: ["Lunch on Friday?", "Your order has shipped", "Minutes of the weekly meeting", "Photos from the trip"],
        hint: "Writes a new message" },
  ja: { inbox: "受信トレイ", compose: "作成", search: "メールを検索", settings: "設定", archive: "アーカイブ",
        notifications: "通知", dark: "ダークテーマ", save: "保存", back: "戻る", home: "ホーム",
        mails: ["金曜日にランチ?", "ご注文の品を発送しました", "週次会議の議事録", "旅行の写真"],
        hint: "新しいメッセージを書きます" },
};
const lang = (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
document.documentElement.lang = lang;
const w = words[lang];
for (const el of document.querySelectorAll("[data-word]")) el.textContent = w[el.dataset.word];
for (const el of document.querySelectorAll("[data-label]")) el.setAttribute("aria-label", w[el.dataset.label]);
for (const el of document.querySelectorAll("[data-hint]")) el.setAttribute("aria-description", w[el.dataset.hint]);
const list = document.getElementById("mails");
if (list) w.mails.forEach((subject, i) => {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = "#"; a.textContent = subject; a.dataset.testid = "mail." + i;
  li.appendChild(a); list.appendChild(li);
});
