import Schema
import Testing
@testable import Tours

/// The line-keeping JSON parser: values, lines, and errors that never trap.
@Suite struct JSONParserTests {
    func parseError(_ text: String) -> JSONSyntaxError? {
        do { _ = try JSONParser.parse(text); return nil } catch { return error }
    }

    func parseError(bytes: [UInt8]) -> JSONSyntaxError? {
        do { _ = try JSONParser.parse(bytes); return nil } catch { return error }
    }

    @Test func valuesKeepTheirLinesAndKeyOrder() throws {
        let root = try JSONParser.parse("{\n  \"b\": 1,\n  \"a\": [true, null,\n    \"x\\u00e9\\ud83d\\ude00\"],\n  \"b\": -2.5e1\n}")
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(root.line == 1)
        #expect(members.map(\.key) == ["b", "a", "b"], "order and duplicates are kept")
        #expect(members.map(\.keyLine) == [2, 3, 5])
        guard case .array(let items) = members[1].value.value else { Issue.record("not a list"); return }
        #expect(items.map(\.line) == [3, 3, 4])
        if case .string(let s) = items[2].value { #expect(s == "xé😀") } else { Issue.record("not a string") }
        if case .number(let v) = members[2].value.value { #expect(v == -25) } else { Issue.record("not a number") }
    }

    @Test func aByteOrderMarkIsAllowed() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        if case .array(let a) = root.value { #expect(a.count == 1) } else { Issue.record("not a list") }
    }

    @Test func syntaxErrorsNameLineAndPath() {
        let e = parseError("{\n  \"steps\": [\n    {\"title\": \"a\" \"text\": 1}\n  ]\n}")
        #expect(e?.line == 3)
        #expect(e?.path == "steps[0]", "the object being read")
        #expect(e?.message == #"expected "," or "}" after the value of "title", found "\"""#)
    }

    @Test func commonMistakesGetMessagesThatSayWhatWasExpected() {
        #expect(parseError("")?.message == "expected a value, found the end of the file")
        #expect(parseError("{\"a\": 1,}")?.message == "expected a key in double quotes, found \"}\"")
        #expect(parseError("[1, 2,]")?.message.hasPrefix("expected a value") == true)
        #expect(parseError("{'a': 1}")?.message == "expected a key in double quotes or \"}\", found \"'\"")
        #expect(parseError("[01]")?.message.hasPrefix("numbers may not start with 0") == true)
        #expect(parseError("[1.]")?.message == "expected a digit after the decimal point, found \"]\"")
        #expect(parseError("{\"a\": tru}")?.message.contains("found \"tru\"") == true)
        #expect(parseError("{\"a\": 1} x")?.message == "expected the end of the file after the top-level value, found \"x\"")
        #expect(parseError("\"a\nb\"")?.message.hasPrefix("unterminated string") == true)
        #expect(parseError("\"a\tb\"")?.message.hasPrefix("control character") == true)
        #expect(parseError("\"\\x\"")?.message.hasPrefix("unknown escape \\x") == true)
        #expect(parseError("\"abc")?.message == "unterminated string (expected a closing \")")
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let e = parseError(deep)
        #expect(e?.message == "objects and lists nest deeper than 64 levels")
        #expect(e?.line == 1)
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(parseError(ok) == nil)
    }

    @Test func hugeNumbersAreOutOfRange() {
        #expect(parseError("[1e999]")?.message == "the number 1e999 is out of range")
        #expect(parseError("[-1e400]")?.message == "the number -1e400 is out of range")
        let long = "[" + String(repeating: "9", count: 5000) + "]"
        #expect(parseError(long)?.message.hasSuffix("is out of range") == true)
        #expect(parseError("[1e-400]") == nil, "underflow to zero is a number")
    }

    @Test func invalidUTF8IsAnErrorWithItsLine() {
        var bytes = Array("{\n\"a\":\n\"ok".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}".utf8)
        let e = parseError(bytes: bytes)
        #expect(e?.line == 3)
        #expect(e?.path == "a")
        #expect(e?.message == "invalid UTF-8 in a string (the file must be UTF-8 text)")
        let outside = parseError(bytes: [0x5B, 0xFF, 0x5D])
        #expect(outside?.message.contains("the byte 0xFF, which is not UTF-8 text") == true)
    }

    @Test func loneSurrogatesAreRefused() {
        #expect(parseError("\"\\ud800\"")?.message.hasPrefix("lone surrogate \\uD800") == true)
        #expect(parseError("\"\\udc00\"")?.message.hasPrefix("lone surrogate \\uDC00") == true)
        #expect(parseError("\"\\ud800\\u0041\"")?.message.contains("low surrogate") == true)
        #expect(parseError("\"\\u12G4\"")?.message.hasPrefix("expected four hex digits") == true)
    }

    @Test func neverTrapsOnMangledInput() {
        // Every prefix of a real tour, and deterministic pseudo-random byte soup.
        let tour = Array("""
        {"id": "t", "dim": {"color": "#000000", "opacity": 0.5}, "steps": [{"target": "fab", "shape": {"svgPath": "M0 0 L1 1 Z"}, "text": "héllo \\u00e9 \\ud83d\\ude00", "rect": [1, 2.5e2, -3, 4]}]}
        """.utf8)
        for n in 0...tour.count { _ = try? JSONParser.parse(Array(tour.prefix(n))) }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(seed % 64) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let pick = Int(seed >> 33) % (tour.count + 40)
                bytes.append(pick < tour.count ? tour[pick] : UInt8(truncatingIfNeeded: seed >> 24))
            }
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            _ = try? JSONParser.parse(bytes)
        }
    }

    @Test func valuesPastTheLimitAreRefusedWhereTheyPassIt() throws {
        let text = "{\"a\": [1,\n2,\n3,\n4]}"
        #expect(try JSONParser.parse(Array(text.utf8), maxValues: 6).line == 1, "the object, the list and four numbers")
        do {
            _ = try JSONParser.parse(Array(text.utf8), maxValues: 5)
            Issue.record("six values within five")
        } catch {
            #expect(error.line == 4 && error.path == "a[3]" && error.message == "the file holds more than 5 values (objects, lists, strings and numbers), the most it may hold")
        }
    }

    @Test func topLevelKeysAreReadAndNothingBelowIsKept() throws {
        #expect(try JSONParser.topLevelKeys(Array(#"{"screens": {"a": [1, 2, {"b": null}]}, "id": "t"}"#.utf8)) == ["screens", "id"])
        #expect(try JSONParser.topLevelKeys(Array("[1, 2]".utf8)) == nil)
        // The whole file is still checked: a mistake deep inside is the error it is.
        #expect(throws: JSONSyntaxError.self) { try JSONParser.topLevelKeys(Array(#"{"screens": {"a": [1, 2,]}}"#.utf8)) }
    }

    @Test func pathsQuoteKeysThatAreNotPlainNames() {
        let p = JSONPath.root.appending("steps").appending(2).appending("a b").appending("svgPath")
        #expect(p.description == "steps[2][\"a b\"].svgPath")
    }
}
