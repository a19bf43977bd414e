import Testing
import Raster
import TestSupport
import Seeded

private func parse(_ d: String) throws -> [PathElement] { try Path(svgPathData: d).elements }

private func errorText(_ d: String) -> String? {
    do { _ = try Path(svgPathData: d); return nil } catch { return error.description }
}

private func P(_ x: Double, _ y: Double) -> Point { Point(x, y) }

@Suite struct SVGPathCommandTests {
    @Test func absoluteCommandsGoToTheirPoints() throws {
        let d = "M 10 20 L 30 40 H 50 V 60 C 1 2 3 4 5 6 S 20 30 40 50 Q 11 12 13 14 T 30 30 Z"
        #expect(try parse(d) == [
            .move(P(10, 20)), .line(P(30, 40)), .line(P(50, 40)), .line(P(50, 60)),
            .cubic(P(1, 2), P(3, 4), P(5, 6)),
            .cubic(P(7, 8), P(20, 30), P(40, 50)),        // first control: (3,4) mirrored through (5,6)
            .quad(P(11, 12), P(13, 14)),
            .quad(P(15, 16), P(30, 30)),                  // control: (11,12) mirrored through (13,14)
            .close,
        ])
    }

    @Test func relativeCommandsMoveFromTheCurrentPoint() throws {
        let d = "m 10 20 l 20 20 h 20 v 20 c 1 2 3 4 5 6 s 10 10 20 20 q 5 0 10 10 t 10 0 z"
        #expect(try parse(d) == [
            .move(P(10, 20)), .line(P(30, 40)), .line(P(50, 40)), .line(P(50, 60)),
            .cubic(P(51, 62), P(53, 64), P(55, 66)),
            .cubic(P(57, 68), P(65, 76), P(75, 86)),
            .quad(P(80, 86), P(85, 96)),
            .quad(P(90, 106), P(95, 96)),
            .close,
        ])
        #expect(try Path(svgPathData: d).currentPoint == P(10, 20))
    }

    @Test func arcsAbsoluteAndRelativeMakeTheSameCurves() throws {
        var expected = Path()
        expected.move(to: .zero)
        expected.arc(to: P(20, 0), radiusX: 10, radiusY: 10, rotation: 0, largeArc: false, sweep: true)
        let arc = try Path(svgPathData: "M 0 0 A 10 10 0 0 1 20 0")
        #expect(arc == expected)
        #expect(arc.elements.count == 3) // a half circle is two quarter-circle cubics
        guard case .cubic(_, _, let top) = arc.elements[1] else { Issue.record("expected a cubic"); return }
        #expect(abs(top.x - 10) < 1e-9 && abs(top.y + 10) < 1e-9) // sweep 1 on a y-down screen bulges upwards

        var relative = Path()
        relative.move(to: P(5, 5))
        relative.arc(to: P(25, 5), radiusX: 10, radiusY: 5, rotation: 30, largeArc: true, sweep: false)
        #expect(try Path(svgPathData: "M 5 5 a 10 5 30 1 0 20 0") == relative)
    }

    @Test func arcWithZeroRadiusIsALineAndToItselfIsNothing() throws {
        #expect(try parse("M 1 1 A 0 5 0 0 1 9 9") == [.move(P(1, 1)), .line(P(9, 9))])
        #expect(try parse("M 1 1 a 5 5 0 0 1 0 0") == [.move(P(1, 1))])
    }
}

@Suite struct SVGPathNumberTests {
    @Test func compactNumberFormsParseAsSVGReadsThem() throws {
        #expect(try parse("M.5.5L-5-5l1e2 1E-2L+3-.5e+1") == [
            .move(P(0.5, 0.5)), .line(P(-5, -5)), .line(P(-5 + 100, -5 + 0.01)), .line(P(3, -5)),
        ])
        #expect(try parse("M1.5.5") == [.move(P(1.5, 0.5))])
        #expect(try parse("M1.e2 00.5") == [.move(P(100, 0.5))])
        #expect(try parse("M1e2.5") == [.move(P(100, 0.5))])
        #expect(try parse("M-0-0") == [.move(P(-0.0, -0.0))])
    }

    @Test func commasAndEveryKindOfWhiteSpaceSeparate() throws {
        let expected: [PathElement] = [.move(P(1, 2)), .line(P(3, 4))]
        for d in ["M1,2L3,4", "M 1 , 2 L 3 ,4", "\n\tM1\r\n2\u{0C}L3\t4  ", "M1 2,3 4", "M1,2 3,4"] {
            #expect(try parse(d) == expected, "\(d.debugDescription)")
        }
    }

    @Test func longNumbersKeepEveryDigitADoubleHolds() throws {
        #expect(try parse("M 0.1 0.30000000000000004") == [.move(P(0.1, 0.30000000000000004))])
        #expect(try parse("M 123456789012345678901234567890 1e-300") == [.move(P(1.2345678901234568e29, 1e-300))])
        #expect(try parse("M 0.000000000000000000000000000001 1e22") == [.move(P(1e-30, 1e22))])
    }

    /// Every number must read exactly as `Double(String)` reads it, on the fast path and off it.
    @Test func numbersMatchTheStandardLibrary() throws {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let text = rng.decimalText()
            let elements = try parse("M\(text) 0")
            #expect(elements == [.move(P(Double(text)!, 0))], "\(text)")
        }
    }

    @Test func arcFlagsParseWithoutSeparators() throws {
        var expected = Path()
        expected.move(to: .zero)
        expected.arc(to: P(1, 1), radiusX: 1, radiusY: 1, rotation: 0, largeArc: false, sweep: false)
        #expect(try Path(svgPathData: "M0 0a1 1 0 00 1 1") == expected)
        #expect(try Path(svgPathData: "M0,0A1,1,0,0,0,1,1") == expected)

        var both = Path()
        both.move(to: .zero)
        both.arc(to: P(10, 10), radiusX: 8, radiusY: 8, rotation: 0, largeArc: true, sweep: true)
        #expect(try Path(svgPathData: "M0 0a8 8 0 1110 10") == both)
    }
}

@Suite struct SVGPathStructureTests {
    @Test func smoothCurvesReflectOnlyAfterTheirOwnKind() throws {
        // S after a line, and T after a line: the control point is the current point.
        #expect(try parse("M 0 0 L 10 0 S 20 10 30 0") == [.move(.zero), .line(P(10, 0)), .cubic(P(10, 0), P(20, 10), P(30, 0))])
        #expect(try parse("M 0 0 L 10 0 T 20 0") == [.move(.zero), .line(P(10, 0)), .quad(P(10, 0), P(20, 0))])
        // S after Q and T after C do not reflect either.
        #expect(try parse("M 0 0 Q 5 10 10 0 S 20 10 30 0")[2] == .cubic(P(10, 0), P(20, 10), P(30, 0)))
        #expect(try parse("M 0 0 C 0 5 5 10 10 0 T 20 0")[2] == .quad(P(10, 0), P(20, 0)))
        // S after an arc (stored as cubics) does not reflect the arc's control points.
        #expect(try parse("M 0 0 A 5 5 0 0 1 10 0 S 20 10 30 0").last == .cubic(P(10, 0), P(20, 10), P(30, 0)))
        // Chains reflect the previous smooth segment.
        #expect(try parse("M 0 0 Q 5 10 10 0 T 20 0 T 30 0") == [
            .move(.zero), .quad(P(5, 10), P(10, 0)), .quad(P(15, -10), P(20, 0)), .quad(P(25, 10), P(30, 0)),
        ])
        #expect(try parse("M 0 0 C 0 5 5 10 10 0 s 5 -10 10 0 s 5 -10 10 0") == [
            .move(.zero), .cubic(P(0, 5), P(5, 10), P(10, 0)),
            .cubic(P(15, -10), P(15, -10), P(20, 0)), .cubic(P(25, 10), P(25, -10), P(30, 0)),
        ])
        // Z in between breaks the chain.
        #expect(try parse("M 0 0 Q 5 10 10 0 Z T 20 0").last == .quad(.zero, P(20, 0)))
    }

    @Test func numbersAfterACommandRepeatIt() throws {
        #expect(try parse("M 0 0 10 0 10 10") == [.move(.zero), .line(P(10, 0)), .line(P(10, 10))])
        #expect(try parse("m 1 1 2 2 3 3") == [.move(P(1, 1)), .line(P(3, 3)), .line(P(6, 6))])
        #expect(try parse("M 0 0 h 1 2 3 v 1, 2") == [
            .move(.zero), .line(P(1, 0)), .line(P(3, 0)), .line(P(6, 0)), .line(P(6, 1)), .line(P(6, 3)),
        ])
        #expect(try parse("M0 0c1 1 2 2 3 3 1 1 2 2 3 3") == [
            .move(.zero), .cubic(P(1, 1), P(2, 2), P(3, 3)), .cubic(P(4, 4), P(5, 5), P(6, 6)),
        ])
        #expect(try parse("M0 0q1 1 2 2 1 1 2 2t 2 2 2 2").count == 5)
        var arcs = Path()
        arcs.move(to: .zero)
        arcs.arc(to: P(2, 0), radiusX: 1, radiusY: 1, rotation: 0, largeArc: false, sweep: true)
        arcs.arc(to: P(4, 0), radiusX: 1, radiusY: 1, rotation: 0, largeArc: false, sweep: true)
        #expect(try Path(svgPathData: "M0 0a1 1 0 0 1 2 0 1 1 0 0 1 2 0") == arcs)
    }

    @Test func closeThenRelativeCommandsStartFromTheSubpathStart() throws {
        #expect(try parse("M 10 10 l 5 0 l 0 5 z m 1 1 l 2 0") == [
            .move(P(10, 10)), .line(P(15, 10)), .line(P(15, 15)), .close, .move(P(11, 11)), .line(P(13, 11)),
        ])
        #expect(try parse("M 10 10 h 5 z l 1 1") == [
            .move(P(10, 10)), .line(P(15, 10)), .close, .move(P(10, 10)), .line(P(11, 11)),
        ])
        #expect(try parse("M 10 10 h 5 zm 1 1 h 1 Z z") == [
            .move(P(10, 10)), .line(P(15, 10)), .close, .move(P(11, 11)), .line(P(12, 11)), .close,
        ])
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try Path(svgPathData: "").isEmpty)
        #expect(try Path(svgPathData: " \n\t\r\u{0C}").isEmpty)
    }

    @Test func longDataParses() throws {
        let d = "M0 0" + String(repeating: " l1 1", count: 50_000)
        let path = try Path(svgPathData: d)
        #expect(path.elements.count == 50_001)
        #expect(path.currentPoint == P(50_000, 50_000))
    }
}

@Suite struct SVGPathErrorTests {
    @Test func everyErrorReadsAsOneLineWithItsOffset() {
        let cases: [(String, String)] = [
            ("L 1 1", #"offset 0: expected a moveto command (M or m), found "L""#),
            ("  x", #"offset 2: expected a moveto command (M or m), found "x""#),
            ("M 0 0 X 1", #"offset 6: expected a command letter, found "X""#),
            ("M 0 0 z 1 2", #"offset 8: expected a command letter, found "1""#),
            ("M 0 0 é", #"offset 6: expected a command letter, found "é""#),
            ("M 0 0\u{0B}", #"offset 5: expected a command letter, found "\u{0B}""#),
            ("M 0 0 L 1 x", #"offset 10: expected a number, found "x""#),
            ("M 0 0 L 1", "offset 9: expected a number, found end of data"),
            ("M 0,0 L 1,,2", #"offset 10: expected a number, found ",""#),
            ("M,1 2", #"offset 1: expected a number, found ",""#),
            ("M 1 2, L 3 4", #"offset 7: expected a number, found "L""#),
            ("M 1 2 L 3 4,", "offset 12: expected a number, found end of data"),
            ("M 1 2 -", "offset 7: expected a digit, found end of data"),
            ("M 1 2 L .x", #"offset 9: expected a digit, found "x""#),
            ("M 1e 2", #"offset 4: expected a digit in the exponent, found " ""#),
            ("M 1e+", "offset 5: expected a digit in the exponent, found end of data"),
            ("M 0 0 A 1 1 0 2 1 5 5", #"offset 14: expected an arc flag (0 or 1), found "2""#),
            ("M 0 0 A 1 1 0 0 .5 5 5", #"offset 16: expected an arc flag (0 or 1), found ".""#),
            ("M 1e999 0", #"offset 2: expected a finite number, found "1e999""#),
            ("M 0 -1.5e999", #"offset 4: expected a finite number, found "-1.5e999""#),
            ("M 1e308 0 l 1e308 0", #"offset 12: expected coordinates that stay finite, found "1e308 0""#),
        ]
        for (d, message) in cases {
            #expect(errorText(d) == message, "\(d.debugDescription)")
        }
    }

    @Test func anErrorSaysItsOffsetWhatWasExpectedAndWhatWasFound() {
        #expect(throws: SVGPathError(offset: 6, expected: "a command letter", found: "X")) {
            try Path(svgPathData: "M 0 0 X")
        }
        #expect(throws: SVGPathError(offset: 9, expected: "a number", found: nil)) {
            try Path(svgPathData: "M 0 0 L 1")
        }
    }

    /// Random data never traps, and every error points inside the data.
    @Test func randomDataNeverTraps() {
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZzXe0123456789..--+,,  \n\u{0C}é1e9")
        var rng = SeededGenerator(seed: 1)
        for _ in 0..<20_000 {
            let length = Int(rng.next() % 40)
            let d = String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            do {
                _ = try Path(svgPathData: d)
            } catch {
                #expect(error.offset >= 0 && error.offset <= d.utf8.count, "\(d.debugDescription)")
            }
        }
    }
}

/// SVG number text from the shared seeded generator (TestSupport), so failures reproduce.
extension SeededGenerator {
    /// A decimal number in SVG syntax: optional sign, digits with an optional point, optional exponent.
    mutating func decimalText() -> String {
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(next() % 10)) }) }
        var s = ["", "-", "+"][Int(next() % 3)]
        let whole = Int(next() % 20), fraction = Int(next() % 20)
        s += digits(whole)
        if fraction > 0 || whole == 0 { s += "." + digits(max(fraction, whole == 0 ? 1 : 0)) }
        if next() % 2 == 0 { s += ["e", "E"][Int(next() % 2)] + ["", "-", "+"][Int(next() % 3)] + String(next() % 40) }
        return s
    }
}
