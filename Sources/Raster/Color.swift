/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red channel, 0...255 (straight, not premultiplied).
    public var red: UInt8
    /// The green channel, 0...255.
    public var green: UInt8
    /// The blue channel, 0...255.
    public var blue: UInt8
    /// The opacity, 0 (transparent) ... 255 (opaque).
    public var alpha: UInt8

    /// A colour from its channels, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A colour from components in 0...1 (values outside are clamped, NaN reads as 0).
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.init(red: Color.unit(r), green: Color.unit(g), blue: Color.unit(b), alpha: Color.unit(a))
    }
    /// A gray level `white` in 0...1.
    public init(white: Double, alpha: Double = 1) { self.init(r: white, g: white, b: white, a: alpha) }

    /// Parses "#RRGGBB" or "#RRGGBBAA" (the "#" is optional; hex digits in either case).
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6 || s.count == 8, s.allSatisfy(\.isHexDigit), let v = UInt32(s, radix: 16) else { return nil }
        if s.count == 6 {
            self.init(red: UInt8(v >> 16 & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v & 0xFF))
        } else {
            self.init(red: UInt8(v >> 24), green: UInt8(v >> 16 & 0xFF), blue: UInt8(v >> 8 & 0xFF), alpha: UInt8(v & 0xFF))
        }
    }

    /// The same colour with its alpha multiplied by `opacity` (0...1).
    public func withOpacity(_ opacity: Double) -> Color {
        var c = self
        c.alpha = Color.unit(Double(alpha) / 255 * opacity)
        return c
    }

    /// The colour as a premultiplied ARGB8888 pixel (the Pixmap format).
    public var premultiplied: UInt32 {
        let a = UInt32(alpha)
        func mul(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return a << 24 | mul(red) << 16 | mul(green) << 8 | mul(blue)
    }

    /// The straight-alpha colour of a premultiplied pixel.
    public init(premultiplied p: UInt32) {
        let a = p >> 24
        func un(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        self.init(red: un(p >> 16 & 0xFF), green: un(p >> 8 & 0xFF), blue: un(p & 0xFF), alpha: UInt8(a))
    }

    /// "#RRGGBB" when opaque, else "#RRGGBBAA".
    public var hexString: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
    }
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String { hexString }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// The system red (#FF3B30).
    public static let red = Color(red: 255, green: 59, blue: 48)

    @usableFromInline static func unit(_ v: Double) -> UInt8 {
        guard v > 0 else { return 0 }
        guard v < 1 else { return 255 }
        return UInt8(v * 255 + 0.5)
    }
}
