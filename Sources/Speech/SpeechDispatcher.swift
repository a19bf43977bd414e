import CSpeechd
import Views

/// Announcements spoken through speech-dispatcher (`libspeechd`), the service the Orca screen
/// reader speaks through on Linux. Each one cancels what this app is still saying, then is said in
/// the announcement's language.
@MainActor
public final class SpeechDispatcher: Announcer {
    private let connection: UnsafeMutablePointer<SPDConnection>
    private var language: String?

    /// A connection to the service that answers now (`SPEECHD_ADDRESS`, else the user's socket);
    /// nil when none does. No service is started.
    public init?(client: String = "limelight") {
        guard let c = limelight_spd_connect(client) else { return nil }
        connection = c
    }

    isolated deinit { spd_close(connection) }

    /// Cancels what is being said and says `text` in `language`.
    public func announce(_ text: String, language: String?) {
        spd_cancel(connection)
        if let language, language != self.language {
            // speech-dispatcher takes ISO 639 codes with an optional region ("en", "pt-BR").
            spd_set_language(connection, language)
            self.language = language
        }
        spd_say(connection, SPD_TEXT, text)
    }
}
