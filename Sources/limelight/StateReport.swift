import Demo
import Foundation

/// The app's state as `limelight replay` prints it: one JSON object.
struct StateReport: Encodable {
    struct TourState: Encodable {
        var id: String
        var step: Int
        var of: Int
    }
    /// The sample app's tab and card count; null for a tour over a screenshot.
    var tab: String?
    var cards: Int?
    var overlay: String?
    var tour: TourState?

    enum CodingKeys: String, CodingKey { case tab, cards, overlay, tour }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tab, forKey: .tab)
        try c.encode(cards, forKey: .cards)
        // null, not a missing key, when there is none.
        try c.encode(overlay, forKey: .overlay)
        try c.encode(tour, forKey: .tour)
    }

    /// One line of JSON with sorted keys.
    var json: String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: e.encode(self), as: UTF8.self)) ?? "{}"
    }
}
