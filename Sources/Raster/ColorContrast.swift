import Foundation

extension Color {
    /// The relative luminance of the colour (its alpha ignored), 0 for black to 1 for white, as WCAG 2
    /// defines it from sRGB.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The colour drawn over `background` (opaque), as the eye sees it.
    public func composited(over background: Color) -> Color {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded()) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    /// The WCAG 2 contrast ratio of this colour drawn over `background`, 1...21.
    public func contrastRatio(over background: Color) -> Double {
        let a = composited(over: background).relativeLuminance, b = background.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
