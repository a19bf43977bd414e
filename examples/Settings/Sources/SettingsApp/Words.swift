/// The app's own words in the languages it speaks.
enum Words {
    static let table: [String: [String: String]] = [
        "en": ["settings": "Settings", "account": "Account", "wifi": "Wi-Fi", "bluetooth": "Bluetooth", "brightness": "Brightness",
               "storage": "Storage", "save": "Save", "home": "Home", "saved0": "Not saved yet", "saved1": "Saved once", "saved": "Saved %1 times", "remember": "Remember my sign-in",
               "signedIn": "Signed in as Ada"],
        "de": ["settings": "Einstellungen", "account": "Konto", "wifi": "WLAN", "bluetooth": "Bluetooth", "brightness": "Helligkeit",
               "storage": "Speicher", "save": "Sichern", "home": "Zuhause", "saved0": "Noch nicht gesichert", "saved1": "Einmal gesichert", "saved": "%1-mal gesichert", "remember": "Anmeldung merken",
               "signedIn": "Angemeldet als Ada"],
    ]

    /// The word for `key` in `language` (English when it has none).
    static func text(_ key: String, _ language: String) -> String { table[language]?[key] ?? table["en"]![key] ?? key }

    /// How many times the settings were saved, in words: "Not saved yet", "Saved once", "Saved 3 times".
    static func saved(_ count: Int, _ language: String) -> String {
        count <= 1 ? text("saved\(max(count, 0))", language) : text("saved", language).replacing("%1", with: "\(count)")
    }
}
