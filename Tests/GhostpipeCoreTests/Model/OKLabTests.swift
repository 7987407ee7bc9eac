import Testing
@testable import GhostpipeCore

@Suite struct OKLabColours {
    func close(_ x: OKLab, _ l: Double, _ a: Double, _ b: Double, within e: Double = 5e-4) -> Bool {
        abs(x.l - l) < e && abs(x.a - a) < e && abs(x.b - b) < e
    }

    /// Reference values from Björn Ottosson's post and CSS Color 4 (sRGB primaries in OKLab).
    @Test func knownColoursHaveTheirReferenceCoordinates() {
        #expect(close(OKLab(255, 255, 255), 1.0, 0, 0))
        #expect(close(OKLab(0, 0, 0), 0, 0, 0))
        #expect(close(OKLab(255, 0, 0), 0.62796, 0.22486, 0.12585))
        #expect(close(OKLab(0, 255, 0), 0.86644, -0.23389, 0.17950))
        #expect(close(OKLab(0, 0, 255), 0.45201, -0.03246, -0.31153))
        #expect(close(OKLab(255, 255, 0), 0.96798, -0.07137, 0.19857))
        // Mid grey (sRGB 50 %): L ≈ 0.5999.
        #expect(close(OKLab(128, 128, 128), 0.59987, 0, 0))
    }

    @Test func theSRGBTransferFunctionMatchesTheStandard() {
        #expect(SRGB.linear(0) == 0 && SRGB.linear(255) == 1)
        #expect(abs(SRGB.linear(128) - 0.21586) < 1e-5)
        #expect(abs(SRGB.linear(10) - 10.0 / 255 / 12.92) < 1e-12)  // the linear toe
        for v in 0...255 { #expect(SRGB.encoded(SRGB.linear(UInt8(v))) == UInt8(v)) }
        #expect(SRGB.encoded(-0.5) == 0 && SRGB.encoded(7) == 255 && SRGB.encoded(.nan) == 0)
    }

    @Test func everySRGBColourSurvivesTheRoundTrip() {
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) {
                    let back = OKLab(UInt8(r), UInt8(g), UInt8(b)).rgb
                    #expect(back == (UInt8(r), UInt8(g), UInt8(b)))
                }
            }
        }
    }

    @Test func mixingGoesInAStraightLineAndHitsBothEnds() {
        let black = OKLab(0, 0, 0), red = OKLab(255, 0, 0)
        #expect(OKLab.mix(black, red, 0) == black)
        #expect(OKLab.mix(black, red, 1).rgb == (255, 0, 0))
        let half = OKLab.mix(black, red, 0.5)
        #expect(abs(half.l - red.l / 2) < 1e-12 && abs(half.a - red.a / 2) < 1e-12)
        // Perceptual: the middle of black → white is sRGB ~99, lighter than raw RGB's linear-light
        // middle would suggest and darker than the sRGB midpoint (128).
        let grey = OKLab.mix(black, OKLab(255, 255, 255), 0.5).rgb
        #expect(grey.0 == grey.1 && grey.1 == grey.2 && grey.0 > 90 && grey.0 < 110)
    }

    @Test func thePaletteSearchKeepsAGreyFadeGreyAndInOrder() {
        var last = -1.0
        for v in stride(from: 0, through: 229, by: 4) {
            let index = Palette.nearest(UInt8(v), UInt8(v), UInt8(v), in: 16..<256)
            let (r, g, b) = Palette.rgb(index)
            #expect(r == g && g == b, "grey \(v) → \(index)")
            let l = OKLab(r, g, b).l
            #expect(l >= last)
            last = l
            let ansi = Palette.nearest(UInt8(v), UInt8(v), UInt8(v), in: 0..<16)
            #expect([0, 7, 8, 15].contains(ansi), "grey \(v) → ANSI \(ansi)")
        }
        // Exact palette colours are found exactly.
        for i in 16..<256 {
            let (r, g, b) = Palette.rgb(UInt8(i))
            #expect(Palette.rgb(Palette.nearest(r, g, b, in: 16..<256)) == (r, g, b))
        }
        #expect(Palette.nearest(205, 0, 0, in: 0..<16) == 1)
    }

    @Test func quantizingFollowsTheDepth() {
        #expect(ColorDepth.truecolor.quantize((1, 2, 3)) == .rgb(1, 2, 3))
        #expect(ColorDepth.palette256.quantize((255, 0, 0)) == .palette(196))
        #expect(ColorDepth.ansi16.quantize((250, 250, 250)) == .palette(15))
        #expect(ColorDepth.none.quantize((250, 250, 250)) == nil)
        #expect(Color.palette(196).rgb == (255, 0, 0))
    }
}
