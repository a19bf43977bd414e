import Foundation
import Testing

/// `check --catalog FILE`: tours checked against an app that draws its own frames, as it described
/// itself from C (`limelight_session_write_catalog`): its targets, states and events, at its screen.
@Suite struct CheckCatalogTests {
    /// The paint example's tour (examples/c-sdl).
    static let tour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/c-sdl/tour.json").path

    /// The catalog the paint example writes.
    static let catalog = """
    {
      "catalog": 1,
      "screen": {"size": [640, 480], "scale": 1},
      "language": "en",
      "targets": [
        {"id": "toolbar.new", "rect": [16, 16, 96, 40], "role": "button", "name": "New"},
        {"id": "toolbar.save", "rect": [128, 16, 96, 40], "role": "button", "name": "Save"},
        {"id": "canvas", "rect": [16, 72, 608, 240], "role": "image", "name": "Canvas"}
      ],
      "states": {"strokes": "number"},
      "events": ["saved"]
    }
    """

    func write(_ text: String, _ name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aTourChecksAgainstWhatTheAppPublished() throws {
        let folder = try CLI.temporaryFolder()
        let catalog = try write(Self.catalog, "catalog.json", in: folder)
        let ok = try CLI.run(["check", "--catalog", catalog, Self.tour])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("\(Self.tour): ok (3 steps)"))
        // A target the app never published, and a state it never set, are each one line.
        let text = try String(contentsOfFile: Self.tour, encoding: .utf8)
            .replacingOccurrences(of: "\"toolbar.save\"", with: "\"toolbar.sav\"")
            .replacingOccurrences(of: "strokes >= 1", with: "brushes >= 1")
        let broken = try write(text, "broken.json", in: folder)
        let r = try CLI.run(["check", "--catalog", catalog, broken])
        #expect(r.status == 1)
        #expect(r.errorLines.contains { $0.hasPrefix("\(broken):8: steps[0].target: no view with id \"toolbar.sav\" can exist (known: canvas, toolbar.new, toolbar.save)") }, "\(r.stderr)")
        #expect(r.errorLines.contains { $0.hasPrefix("\(broken):19: steps[1].advanceOn.event: expected a condition on") && $0.contains("strokes") }, "\(r.stderr)")
        // Linted at the app's own screen.
        let lint = try CLI.run(["check", "--catalog", catalog, "--lint", Self.tour])
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(!lint.stderr.contains("390x844"), "\(lint.stderr)")
    }

    @Test func aCatalogWithProblemsIsRefusedNamingEach() throws {
        let folder = try CLI.temporaryFolder()
        let catalog = try write("""
        {
          "catalog": 1,
          "screen": {"size": [0, 480]},
          "targets": [{"id": "", "rect": [0, 0, 1]}, {"id": "a", "rect": [0, 0, 1, 1], "role": "wizard"}],
          "states": {"tab": "number", "x": "colour"}
        }
        """, "catalog.json", in: folder)
        let r = try CLI.run(["check", "--catalog", catalog, Self.tour])
        #expect(r.status == 2)
        #expect(r.errorLines.contains { $0.hasPrefix("\(catalog):3: screen: ") }, "\(r.stderr)")
        #expect(r.errorLines.contains { $0.hasPrefix("\(catalog):4: targets[0].rect: expected [x, y, width, height]") }, "\(r.stderr)")
        #expect(r.errorLines.contains { $0.hasPrefix("\(catalog):4: targets[1].role: no role \"wizard\"") }, "\(r.stderr)")
        #expect(r.errorLines.contains { $0.hasPrefix("\(catalog):5: states: \"tab\" is a name Limelight keeps for itself") }, "\(r.stderr)")
        #expect(r.errorLines.contains { $0.hasPrefix("\(catalog):5: states.x: expected \"number\", \"flag\" or \"text\"") }, "\(r.stderr)")
        #expect(r.errorLines.last == "limelight: check: --catalog \(catalog): not a catalog Limelight can read")
        let missing = try CLI.run(["check", "--catalog", folder + "/none.json", Self.tour])
        #expect(missing.status == 2 && missing.errorLines.first?.hasPrefix("\(folder)/none.json: ") == true, "\(missing.stderr)")
        let empty = try CLI.run(["check", "--catalog", "", Self.tour])
        #expect(empty.status == 2, "\(empty.stderr)")
    }
}
