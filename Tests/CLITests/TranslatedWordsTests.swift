import Demo
import Foundation
import Headless
import ImageFiles
import Raster
import Testing
import TestSupport
import Views

/// Limelight's own words in the languages it ships reach every host alike: a tour in German reads
/// "Überspringen" through the test kit (`AppSession`, in this process) exactly as through
/// `limelight test`, and neither needs `LIMELIGHT_STRINGS`: the shipped files are found from where
/// the binary and the package are.
@Suite(.serialized) @MainActor struct TranslatedWordsTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/images").path

    /// A tour in German with both of Limelight's buttons and its progress on every step.
    static let tour = """
    {
      "id": "words",
      "allowSkip": true,
      "showProgress": true,
      "test": { "sizes": ["390x844"], "languages": ["de"] },
      "steps": [
        { "target": "nav.title", "text": { "en": "Your cards.", "de": "Deine Karten." } },
        { "target": "fab", "shape": "circle", "text": { "en": "Add one.", "de": "Füge eine hinzu." } }
      ]
    }

    """

    @Test func aGermanTourReadsTheSameThroughTheTestKitAsThroughLimelightTest() throws {
        let dir = try CLI.temporaryFolder()
        try Self.tour.write(toFile: dir + "/words.json", atomically: true, encoding: .utf8)
        let recorded = try CLI.run(["test", dir + "/words.json", "--update", "--results", dir + "/results"],
                                   environment: ["LIMELIGHT_STRINGS": "", "LIMELIGHT_ASSETS": ""])
        #expect(recorded.status == 0, "\(recorded.stdout) \(recorded.stderr)")
        let golden = try Pixmap(contentsOfFile: dir + "/words.goldens/390x844@1x-de-step01.png")

        let session = try AppSession(DemoApp.definition(imagesFolder: Self.images, toursFolder: nil), language: "de")
        try session.start(tourFile: dir + "/words.json")
        let skip = try #require(session.semantics.node(withID: "overlay.bubble.skip"))
        #expect(skip.label == "Überspringen")
        let frame = try session.render()
        let differing = PixmapDifference(between: frame, and: golden).differingPixels
        #expect(differing == 0, "\(differing) pixels differ from limelight test's frame")
    }

    @Test func theShippedWordsNeedNoVariable() throws {
        let dir = try CLI.temporaryFolder()
        try Self.tour.write(toFile: dir + "/words.json", atomically: true, encoding: .utf8)
        let heard = try CLI.run(["inspect", "--semantics", "--tour", dir + "/words.json", "--lang", "de"],
                                environment: ["LIMELIGHT_STRINGS": "", "LIMELIGHT_ASSETS": dir])
        #expect(heard.status == 0, "\(heard.stderr)")
        #expect(heard.stdout.contains("\"label\": \"Überspringen\""), "a folder of assets without strings keeps Limelight's own: \(heard.stdout)")
    }
}
