import Files
import Foundation
import Raster
import Schema
import Tours
import Views

/// What an app that draws its own frames published, saved as a file so tours can be checked against
/// it without the app (`limelight check --catalog FILE tour.json`): its screen, its language, its
/// targets (id, rectangle, role, name), the states it set (with their kinds) and the events it sent.
///
///     {"catalog": 1, "screen": {"size": [800, 600], "scale": 1}, "language": "en",
///      "targets": [{"id": "save", "rect": [16, 16, 96, 32], "role": "button", "name": "Save"}],
///      "states": {"saves": "number"}, "events": ["saved"]}
public struct PublishedCatalog: Hashable, Sendable {
    /// The screen in points.
    public var size: Size
    /// Device pixels per point.
    public var scale: Double
    /// The app's language.
    public var language: String
    /// Its targets, in the order they were first published.
    public var targets: [PublishedTarget]
    /// Its states and their kinds, in the order they were first set.
    public var states: [StateDeclaration]
    /// Its events, in the order they were first sent.
    public var events: [String]

    /// The version of the format written (`"catalog": 1`).
    public static let version = 1
    /// The largest catalog file read, in bytes.
    public static let maxFileSize = 4 * 1024 * 1024

    /// A catalog from its parts.
    public init(size: Size, scale: Double, language: String, targets: [PublishedTarget], states: [StateDeclaration], events: [String]) {
        self.size = size; self.scale = scale; self.language = language; self.targets = targets; self.states = states; self.events = events
    }

    /// What `screen` has published so far.
    @MainActor
    public init(_ screen: PublishedScreen) {
        self.init(size: screen.root.size, scale: screen.root.scale, language: screen.languageCode, targets: screen.board.targets,
                  states: screen.stateDeclarations, events: screen.eventOrder)
    }

    /// The catalog as a JSON file's bytes (two-space indents, one target a line).
    public var json: Data {
        func number(_ v: Double) -> String { v.compact }
        func string(_ s: String) -> String { JSONTree.string(s).text() }
        var lines = ["{", "  \"catalog\": \(Self.version),",
                     "  \"screen\": {\"size\": [\(number(size.width)), \(number(size.height))], \"scale\": \(number(scale))},",
                     "  \"language\": \(string(language)),"]
        lines.append("  \"targets\": [")
        for (i, t) in targets.enumerated() {
            var fields = ["\"id\": \(string(t.id))",
                          "\"rect\": [\(number(t.rect.x)), \(number(t.rect.y)), \(number(t.rect.width)), \(number(t.rect.height))]"]
            if let role = t.role { fields.append("\"role\": \(string(role.rawValue))") }
            if let name = t.name { fields.append("\"name\": \(string(name))") }
            lines.append("    {" + fields.joined(separator: ", ") + "}" + (i + 1 < targets.count ? "," : ""))
        }
        lines.append("  ],")
        lines.append("  \"states\": {" + states.map { "\(string($0.name)): \(string($0.kind.rawValue))" }.joined(separator: ", ") + "},")
        lines.append("  \"events\": [" + events.map(string).joined(separator: ", ") + "]")
        lines.append("}")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Saves the catalog at `path` in one step (`AtomicFile`).
    public func write(to path: String) throws(AtomicFileFailure) {
        try AtomicFile().write(json, to: path)
    }

    /// The app the catalog describes, through the app seam: its targets on one screen, its states
    /// and events declared, so tours are checked (and linted) against it as against any app.
    public var appDefinition: AppDefinition {
        let targets = self.targets, language = self.language
        return AppDefinition(id: "published", displayName: "the app of the catalog", languages: [language], defaultScreen: size,
                             defaultScale: scale, states: states, events: events.filter { $0 != AppDefinition.launchEvent },
                             make: { launch in
            let screen = try PublishedScreen(size: launch.size, scale: launch.scale, language: launch.language,
                                             textEngine: launch.textEngine, clock: launch.clock)
            for t in targets { screen.board.publish(t) }
            _ = language
            return screen
        })
    }
}
