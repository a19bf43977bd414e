import Foundation
import Testing
@testable import Schema

/// A number key says its range, wholeness and default once, in its row: the reader refuses what is
/// outside it with one line naming it, the README's words and the JSON Schema come from it.
@Suite struct KeyRowTests {
    struct Model: Sendable { var count = 0; var radius = 0.0 }

    static let rows: [KeyRow<Model>] = [
        .number("count", in: 1...100, whole: true, default: 1, doc: "how many") { v, m in m.count = Int(v) },
        .number("radius", in: 0...200, unit: "points", default: nil, defaultText: "the step's", doc: "how round") { v, m in m.radius = v },
    ]

    /// Reads `text` as an object of `rows`; the model and the problems, one line each.
    static func read(_ text: String) throws -> (Model, [String]) {
        var reader = SchemaReader(file: "t.json")
        var model = Model()
        reader.decode(try JSONParser.parse(Array(text.utf8)), at: JSONPath(components: []), keys: rows, what: "an object", into: &model)
        return (model, reader.diagnostics.map(\.description))
    }

    @Test func aNumberInRangeIsRead() throws {
        let (model, problems) = try Self.read(#"{"count": 7, "radius": 12.5}"#)
        #expect(problems.isEmpty && model.count == 7 && model.radius == 12.5, "\(problems)")
    }

    @Test func aNumberOutsideItsRowIsOneLineNamingTheRange() throws {
        #expect(try Self.read(#"{"count": 0}"#).1 == ["t.json:1: count: expected a whole number from 1 to 100, found 0"])
        #expect(try Self.read(#"{"count": 2.5}"#).1 == ["t.json:1: count: expected a whole number from 1 to 100, found 2.5"])
        #expect(try Self.read(#"{"radius": 201}"#).1 == ["t.json:1: radius: expected a number from 0 to 200, found 201"])
        #expect(try Self.read(#"{"radius": "8"}"#).1 == ["t.json:1: radius: expected a number, found a string"])
        #expect(try Self.read(#"{"count": 2.5}"#).0.count == 0, "a refused value leaves the model as it was")
    }

    @Test func theREADMEsWordsComeFromTheRow() {
        #expect(Self.rows[0].row.value == "a whole number from 1 to 100")
        #expect(Self.rows[0].row.defaultValue == "`1`")
        #expect(Self.rows[1].row.value == "a number from 0 to 200 (points)")
        #expect(Self.rows[1].row.defaultValue == "the step's")
        #expect(ValueKind.numberText(0...1e12, whole: true) == "a whole number ≥ 0")
        #expect(ValueKind.numberText(-1e12...1e12, whole: false) == "a number")
        #expect(ValueKind.numberText(-1e12...5, whole: false) == "a number ≤ 5")
        #expect(ValueKind.numberText(0.000001...1e12, whole: false) == "a number above 0")
    }

    @Test func theJSONSchemaComesFromTheRow() {
        let whole = JSONSchemaWriter.property(Self.rows[0].kind, doc: "how many", default: Self.rows[0].initialValue)
        #expect(whole["type"] as? String == "integer" && whole["minimum"] as? Double == 1 && whole["maximum"] as? Double == 100)
        #expect(whole["default"] as? Double == 1)
        let radius = JSONSchemaWriter.property(Self.rows[1].kind, doc: "how round", default: Self.rows[1].initialValue)
        #expect(radius["type"] as? String == "number" && radius["default"] == nil)
    }

    @Test func aDefaultIsSpelledAsTheREADMEWritesIt() {
        #expect(DefaultValue.number(8).markdown == "`8`")
        #expect(DefaultValue.number(0.5).markdown == "`0.5`")
        #expect(DefaultValue.flag(true).markdown == "`true`")
        #expect(DefaultValue.name("auto").markdown == "`\"auto\"`")
    }
}
