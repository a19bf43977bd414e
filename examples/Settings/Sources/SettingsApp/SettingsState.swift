/// Everything the settings app shows, in one place; the screens are drawn from it.
public struct SettingsState: Hashable, Sendable {
    /// Whether Wi-Fi is on.
    public var wifi = true
    /// Whether Bluetooth is on.
    public var bluetooth = false
    /// The screen's brightness, 0 to 1.
    public var brightness = 0.6
    /// Whether a sign-in is remembered (the Account tab).
    public var remembersSignIn = false
    /// How many times the settings were saved.
    public var saves = 0
    /// How much of the storage is used, 0 to 1.
    public var storageUsed = 0.35
    /// The language tag the app speaks ("en" or "de").
    public var language = "en"

    /// The defaults: Wi-Fi on, Bluetooth off, brightness at 60%, never saved.
    public init() {}
}
