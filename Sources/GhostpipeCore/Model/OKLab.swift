#if canImport(Glibc)
import Glibc
#endif

/// A colour in OKLab (Björn Ottosson, 2020): a perceptual space where equal distances look like equal
/// differences and a straight line between two colours looks like an even blend. Fades interpolate
/// here, not in raw sRGB (which darkens and muddies the middle of a fade), and the palette search
/// measures distances here.
public struct OKLab: Equatable, Sendable {
    /// Lightness, 0 (black) to 1 (white).
    public var l: Double
    /// Green (negative) to red (positive).
    public var a: Double
    /// Blue (negative) to yellow (positive).
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// From an 8-bit sRGB colour.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.init(linear: (SRGB.linear(r), SRGB.linear(g), SRGB.linear(b)))
    }

    /// From linear-light RGB (each 0...1).
    public init(linear rgb: (Double, Double, Double)) {
        let (r, g, b) = rgb
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// Linear-light RGB; may fall outside 0...1 for colours outside the sRGB gamut.
    public var linear: (Double, Double, Double) {
        let l1 = l + 0.3963377774 * a + 0.2158037573 * b
        let m1 = l - 0.1055613458 * a - 0.0638541728 * b
        let s1 = l - 0.0894841775 * a - 1.2914855480 * b
        let l3 = l1 * l1 * l1, m3 = m1 * m1 * m1, s3 = s1 * s1 * s1
        return (4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
                -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
                -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)
    }

    /// The nearest 8-bit sRGB colour (channels clipped to the gamut).
    public var rgb: (UInt8, UInt8, UInt8) {
        let (r, g, b) = linear
        return (SRGB.encoded(r), SRGB.encoded(g), SRGB.encoded(b))
    }

    /// The colour `t` of the way from `from` to `to` (t = 0 is `from`, 1 is `to`).
    public static func mix(_ from: OKLab, _ to: OKLab, _ t: Double) -> OKLab {
        OKLab(l: from.l + (to.l - from.l) * t, a: from.a + (to.a - from.a) * t, b: from.b + (to.b - from.b) * t)
    }
}

/// The sRGB transfer function (IEC 61966-2-1): 8-bit encoded values to linear light and back.
public enum SRGB {
    /// Encoded 0...255 to linear 0...1.
    public static func linear(_ c: UInt8) -> Double {
        let x = Double(c) / 255
        return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }

    /// Linear light to encoded 0...255, clipped and rounded.
    public static func encoded(_ x: Double) -> UInt8 {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 255 }
        let e = x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
        return UInt8((e * 255).rounded())
    }
}
