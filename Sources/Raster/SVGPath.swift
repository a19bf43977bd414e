/// Malformed SVG path data: where parsing stopped and what the grammar wanted there.
public struct SVGPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The UTF-8 byte offset into the path data where the problem starts.
    public let offset: Int
    /// What the grammar allows at `offset`, such as "a number".
    public let expected: String
    /// What was there instead, or nil at the end of the data.
    public let found: String?

    /// An error at UTF-8 byte `offset`.
    public init(offset: Int, expected: String, found: String?) {
        self.offset = offset; self.expected = expected; self.found = found
    }

    /// One line, such as `offset 7: expected a number, found "x"`. Control characters and line
    /// separators (U+0085, U+2028, U+2029) in `found` are escaped.
    public var description: String {
        guard let found else { return "offset \(offset): expected \(expected), found end of data" }
        let shown = found.unicodeScalars.map { scalar in
            let escaped = scalar.escaped(asASCII: false)
            guard escaped == String(scalar) else { return escaped } // \n, \t, \u{01}, …
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: return escaped
            }
        }.joined()
        return "offset \(offset): expected \(expected), found \"\(shown)\""
    }
}

extension Path {
    /// Parses SVG path data (the `d` attribute) with every command of the SVG path grammar.
    ///
    /// Empty or all-whitespace data gives an empty path, as SVG allows. Anything else must start with a
    /// moveto. Arcs become cubics (see `arc(to:radiusX:radiusY:rotation:largeArc:sweep:)`). Numbers that are
    /// not finite, or relative coordinates that add up to something that is not, are refused, not clamped.
    public init(svgPathData data: String) throws(SVGPathError) {
        func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Path, SVGPathError> {
            var parser = SVGPathParser(bytes: bytes)
            return Result { () throws(SVGPathError) in try parser.parse() }
        }
        let result = data.utf8.withContiguousStorageIfAvailable(run)
            ?? Array(data.utf8).withUnsafeBufferPointer(run)
        self = try result.get()
    }
}

/// A single-pass parser over the UTF-8 bytes of SVG path data.
///
/// It only ever steps over ASCII bytes, so every offset it reports starts a Unicode scalar.
struct SVGPathParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var path = Path()
    /// Which kind of curve the previous segment was, for the reflected control point of S and T.
    private var previous = Previous.other

    private enum Previous { case other, cubic(control2: Point), quad(control: Point) }

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parse() throws(SVGPathError) -> Path {
        skipWhitespace()
        guard let first = peek() else { return path }
        guard first == UInt8(ascii: "M") || first == UInt8(ascii: "m") else {
            throw error("a moveto command (M or m)")
        }
        while let letter = peek() {
            guard Self.commandLetters.contains(letter) else { throw error("a command letter") }
            index += 1
            skipWhitespace()
            if letter | 0x20 == UInt8(ascii: "z") {
                path.close(); previous = .other
                continue
            }
            var command = letter
            while true {
                try segment(command)
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
                // Another argument set of the same command may follow; a comma promises one.
                if skipCommaWhitespace() { continue }
                guard let next = peek(), Self.isNumberStart(next) else { break }
            }
        }
        return path
    }

    // MARK: Segments

    private mutating func segment(_ command: UInt8) throws(SVGPathError) {
        let start = index
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? path.currentPoint : .zero
        func point(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }

        switch command | 0x20 {
        case UInt8(ascii: "m"):
            let p = point(try number(), try nextNumber())
            try checkFinite(p.isFinite, from: start)
            path.move(to: p); previous = .other
        case UInt8(ascii: "l"):
            let p = point(try number(), try nextNumber())
            try checkFinite(p.isFinite, from: start)
            path.line(to: p); previous = .other
        case UInt8(ascii: "h"):
            let x = try number()
            let p = Point(x: origin.x + x, y: path.currentPoint.y)
            try checkFinite(p.isFinite, from: start)
            path.line(to: p); previous = .other
        case UInt8(ascii: "v"):
            let y = try number()
            let p = Point(x: path.currentPoint.x, y: origin.y + y)
            try checkFinite(p.isFinite, from: start)
            path.line(to: p); previous = .other
        case UInt8(ascii: "c"):
            let c1 = point(try number(), try nextNumber())
            let c2 = point(try nextNumber(), try nextNumber())
            let p = point(try nextNumber(), try nextNumber())
            try checkFinite(c1.isFinite && c2.isFinite && p.isFinite, from: start)
            path.cubic(to: p, control1: c1, control2: c2); previous = .cubic(control2: c2)
        case UInt8(ascii: "s"):
            let c1 = reflectedCubicControl()
            let c2 = point(try number(), try nextNumber())
            let p = point(try nextNumber(), try nextNumber())
            try checkFinite(c1.isFinite && c2.isFinite && p.isFinite, from: start)
            path.cubic(to: p, control1: c1, control2: c2); previous = .cubic(control2: c2)
        case UInt8(ascii: "q"):
            let c = point(try number(), try nextNumber())
            let p = point(try nextNumber(), try nextNumber())
            try checkFinite(c.isFinite && p.isFinite, from: start)
            path.quad(to: p, control: c); previous = .quad(control: c)
        case UInt8(ascii: "t"):
            let c = reflectedQuadControl()
            let p = point(try number(), try nextNumber())
            try checkFinite(c.isFinite && p.isFinite, from: start)
            path.quad(to: p, control: c); previous = .quad(control: c)
        default: // "a"
            let rx = try number(), ry = try nextNumber(), rotation = try nextNumber()
            skipCommaWhitespace()
            let largeArc = try flag()
            skipCommaWhitespace()
            let sweep = try flag()
            skipCommaWhitespace()
            let p = point(try number(), try nextNumber())
            try checkFinite(p.isFinite, from: start)
            let count = path.elements.count
            path.arc(to: p, radiusX: rx, radiusY: ry, rotation: rotation, largeArc: largeArc, sweep: sweep)
            if !path.elements[count...].allSatisfy(Self.isFinite) {
                throw SVGPathError(offset: start, expected: "an arc with finite control points", found: text(from: start))
            }
            previous = .other
        }
    }

    /// The current point mirrored through the previous cubic's second control point, or the current point.
    private func reflectedCubicControl() -> Point {
        let p = path.currentPoint
        guard case .cubic(let c) = previous else { return p }
        return Point(x: 2 * p.x - c.x, y: 2 * p.y - c.y)
    }

    /// The current point mirrored through the previous quadratic's control point, or the current point.
    private func reflectedQuadControl() -> Point {
        let p = path.currentPoint
        guard case .quad(let c) = previous else { return p }
        return Point(x: 2 * p.x - c.x, y: 2 * p.y - c.y)
    }

    /// Refuses a segment whose relative coordinates overflowed once added to the current point.
    private func checkFinite(_ finite: Bool, from start: Int) throws(SVGPathError) {
        guard finite else {
            throw SVGPathError(offset: start, expected: "coordinates that stay finite", found: text(from: start))
        }
    }

    private static func isFinite(_ element: PathElement) -> Bool {
        switch element {
        case .move(let p), .line(let p): return p.isFinite
        case .quad(let c, let p): return c.isFinite && p.isFinite
        case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
        case .close: return true
        }
    }

    // MARK: Tokens

    private static let commandLetters: Set<UInt8> = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }
    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }
    private static func isNumberStart(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Skips `wsp* ,? wsp*`; true when there was a comma (so a number must follow).
    @discardableResult
    private mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: ",") else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    /// A number after an optional comma-and-whitespace separator.
    private mutating func nextNumber() throws(SVGPathError) -> Double {
        skipCommaWhitespace()
        return try number()
    }

    private mutating func flag() throws(SVGPathError) -> Bool {
        switch peek() {
        case UInt8(ascii: "0"): index += 1; return false
        case UInt8(ascii: "1"): index += 1; return true
        default: throw error("an arc flag (0 or 1)")
        }
    }

    /// Reads `sign? (digits ("." digits?)? | "." digits) (("e" | "E") sign? digits)?` at the current byte.
    private mutating func number() throws(SVGPathError) -> Double {
        let start = index
        guard let first = peek(), Self.isNumberStart(first) else { throw error("a number") }
        var negative = false
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { negative = first == UInt8(ascii: "-"); index += 1 }
        // Decimal digits accumulate into `mantissa` while it stays exact; `scale` is the power of ten.
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        var sawDigit = false
        while let b = peek(), Self.isDigit(b) {
            accumulate(b, into: &mantissa, digits: &digits, scale: &scale, fraction: false)
            sawDigit = true; index += 1
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            while let b = peek(), Self.isDigit(b) {
                accumulate(b, into: &mantissa, digits: &digits, scale: &scale, fraction: true)
                sawDigit = true; index += 1
            }
        }
        guard sawDigit else { throw error("a digit") }
        if let e = peek(), e | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if let s = peek(), s == UInt8(ascii: "-") || s == UInt8(ascii: "+") {
                exponentNegative = s == UInt8(ascii: "-"); index += 1
            }
            guard let d = peek(), Self.isDigit(d) else { throw error("a digit in the exponent") }
            var exponent = 0
            while let b = peek(), Self.isDigit(b) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(b - UInt8(ascii: "0")) }
                index += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        // Exact fast path: a mantissa below 2^53 times an exact power of ten rounds once (Clinger).
        var value: Double
        if digits <= 15 && scale >= -22 && scale <= 22 {
            value = Double(mantissa)
            if scale < 0 { value /= Self.powersOfTen[-scale] } else { value *= Self.powersOfTen[scale] }
            if negative { value = -value }
        } else {
            value = Double(text(from: start, to: index)) ?? .nan
        }
        guard value.isFinite else {
            throw SVGPathError(offset: start, expected: "a finite number", found: text(from: start, to: index))
        }
        return value
    }

    /// Adds one digit to the running mantissa; leading zeros are not significant.
    private func accumulate(_ b: UInt8, into mantissa: inout UInt64, digits: inout Int, scale: inout Int,
                            fraction: Bool) {
        let d = UInt64(b - UInt8(ascii: "0"))
        if digits == 0 && d == 0 {
            if fraction { scale -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + d
            if fraction { scale -= 1 }
        } else if !fraction {
            scale += 1
        }
        digits += 1
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    // MARK: Errors

    private func text(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The source of the segment that began at `start`, up to the current byte, without trailing separators.
    private func text(from start: Int) -> String {
        var end = index
        while end > start, Self.isWhitespace(bytes[end - 1]) || bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
        return text(from: start, to: end)
    }

    /// An error at the current byte, quoting the character there.
    private func error(_ expected: String) -> SVGPathError {
        guard let lead = peek() else { return SVGPathError(offset: index, expected: expected, found: nil) }
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return SVGPathError(offset: index, expected: expected, found: text(from: index, to: min(index + length, bytes.count)))
    }
}

private extension Point {
    var isFinite: Bool { x.isFinite && y.isFinite }
}
