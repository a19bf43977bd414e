import Demo
import Foundation
import Headless
import Testing
import Tours
import Views

/// The test kit says Limelight's words as the command line does: an app in a language Limelight
/// ships (German) hears and shows its words with no variable set, and an app's own word stays its own.
@Suite @MainActor struct SessionWordsTests {
    static let tour = #"{"id": "words", "allowSkip": true, "showProgress": true, "steps": [{"target": "nav.title", "text": "Your cards."}, {"target": "fab", "text": "Add one."}]}"#

    func tourFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString).json").path
        try Self.tour.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aSessionInGermanSaysLimelightsGermanWords() throws {
        let session = try AppSession(DemoApp.definition(imagesFolder: nil, toursFolder: nil), language: "de")
        try session.start(tourFile: try tourFile())
        #expect(session.semantics.node(withID: "overlay.bubble.skip")?.label == "Überspringen")
        #expect(session.semantics.node(withID: "overlay.bubble.next")?.label == "Weiter")
        let dialog = try #require(session.semantics.children.first { $0.role == .dialog })
        #expect(dialog.label.hasPrefix("Schritt 1 von 2"), "\(dialog.label)")
    }

    @Test func anAppsOwnWordIsSaidOverLimelights() throws {
        var definition = DemoApp.definition(imagesFolder: nil, toursFolder: nil)
        definition.strings = InterfaceStrings(["de": [.skip: "Später"]])
        let session = try AppSession(definition, language: "de")
        try session.start(tourFile: try tourFile())
        #expect(session.semantics.node(withID: "overlay.bubble.skip")?.label == "Später")
        #expect(session.semantics.node(withID: "overlay.bubble.next")?.label == "Weiter", "the rest are Limelight's")
    }
}
