import Testing
import VitrineCore
import VitrineGraphics

@Suite("Blur styles and cross-fade")
struct BlurStyleTests {
    /// A flat image blurs to itself, so the output is the style applied to one colour.
    func styled(_ word: UInt32, _ style: BlurStyle, format: PixelFormat = .xrgb8888) -> UInt32 {
        let flat = PixelBuffer(size: PixelSize(width: 40, height: 24), format: format)
        flat.fill(flat.bounds, with: word)
        return BackdropBlur.blurred(flat, sigma: 8, style: style)[20, 12]
    }

    func channels(_ word: UInt32) -> [Int] {
        [Int(word >> 24), Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF)]
    }

    func expectClose(_ word: UInt32, _ expected: [Double], _ comment: Comment) {
        let actual = self.channels(word)
        for (a, e) in zip(actual, expected) {
            #expect(abs(Double(a) - e) <= 1, "\(comment): got \(actual), expected \(expected)")
        }
    }

    @Test("grey stays grey under saturation; the tint is grey OVER it (dark: 0.11 at 0.73, light: 1.0 at 0.3)")
    func greyTint() {
        // out = 255 · level · alpha + v · (1 − alpha)
        self.expectClose(self.styled(0xFF80_8080, .dark), [255, 20.48 + 34.56, 20.48 + 34.56, 20.48 + 34.56], "dark over 128")
        self.expectClose(self.styled(0xFF80_8080, .light), [255, 76.5 + 89.6, 76.5 + 89.6, 76.5 + 89.6], "light over 128")
        let extraLight = 255 * 0.97 * 0.8 + 128 * 0.2
        self.expectClose(self.styled(0xFF80_8080, .extraLight), [255, extraLight, extraLight, extraLight], "extraLight over 128")
        #expect(self.styled(0xFF80_8080, .none) == 0xFF80_8080)
    }

    @Test("colours are saturated 1.8× about their Rec. 709 luma, clamped, before the tint")
    func saturation() {
        // (200, 100, 50): luma 117.65; saturated (265.9 → 255, 85.88, −4.1 → 0); light tint over it.
        self.expectClose(self.styled(0xFFC8_6432, .light), [255, 76.5 + 0.7 * 255, 76.5 + 0.7 * 85.88, 76.5], "light over orange")
    }

    @Test("a translucent backdrop gets the tint OVER it, premultiplied")
    func translucent() {
        // Premultiplied grey 64 at alpha 128, dark: alpha 0.73·255 + 0.27·128, colour 20.48 + 0.27·64.
        let word = self.styled(0x8040_4040, .dark, format: .argb8888Premultiplied)
        self.expectClose(word, [186.15 + 34.56, 20.48 + 17.28, 20.48 + 17.28, 20.48 + 17.28], "dark over translucent")
    }

    @Test("the cross-fade follows Android: blur radius / 10, with Skia's σ = 0.57735 · r + 0.5")
    func crossFadeFraction() {
        #expect(BackdropBlur.crossFadeFraction(forSigma: 0.5) == 0)
        #expect(abs(BackdropBlur.crossFadeFraction(forSigma: 0.57735 * 5 + 0.5) - 0.5) < 1e-9)
        #expect(BackdropBlur.crossFadeFraction(forSigma: 0.57735 * 10 + 0.5) == 1)
        #expect(BackdropBlur.crossFadeFraction(forSigma: 20) == 1)
    }

    @Test("below the cross-fade radius the output mixes the styled sharp image with the blur")
    func crossFadeMixes() {
        let source = PixelBuffer(size: PixelSize(width: 48, height: 32))
        for y in 0..<32 {
            for x in 0..<48 { source[x, y] = (x / 4 + y / 4) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 }
        }
        for style in [BlurStyle.none, .dark] {
            let blur = BackdropBlur(source: source, sigma: 2, style: style)
            let fraction = blur.crossFade
            #expect(fraction > 0.2 && fraction < 0.3)
            let mixed = PixelBuffer(size: source.size)
            blur.draw(into: mixed, rect: source.bounds)
            blur.crossFade = 1
            let blurOnly = PixelBuffer(size: source.size)
            blur.draw(into: blurOnly, rect: source.bounds)
            blur.crossFade = 0
            let sharpOnly = PixelBuffer(size: source.size)
            blur.draw(into: sharpOnly, rect: source.bounds)
            if style == .none { #expect(sharpOnly.hasSamePixels(as: source)) }
            for y in 0..<32 {
                for x in 0..<48 {
                    let expected = zip(self.channels(blurOnly[x, y]), self.channels(sharpOnly[x, y])).map {
                        Double($0) * fraction + Double($1) * (1 - fraction)
                    }
                    self.expectClose(mixed[x, y], expected, "\(style) at \(x),\(y)")
                }
            }
        }
    }
}
