/// The app's own words in the languages it speaks.
enum Words {
    static let table: [String: [String: String]] = [
        "en": ["settings": "Settings", "account": "Account", "wifi": "Wi-Fi", "bluetooth": "Bluetooth", "brightness": "Brightness",
               "storage": "Storage", "save": "Save", "home": "Home", "saved": "Saved %1 times", "remember": "Remember my sign-in",
               "signedIn": "Signed in as Ada"],
        "de": ["settings": "Einstellungen", "account": "Konto", "wifi": "WLAN", "bluetooth": "Bluetooth", "brightness": "Helligkeit",
               "storage": "Speicher", "save": "Sichern", "home": "Zuhause", "saved": "%1-mal gesichert", "remember": "Anmeldung merken",
               "signedIn": "Angemeldet als Ada"],
    ]

    /// The word for `key` in `language` (English when it has none).
    static func text(_ key: String, _ language: String) -> String { table[language]?[key] ?? table["en"]![key] ?? key }
}
