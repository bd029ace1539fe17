import Testing
import VitrineBench
import VitrineCore
import VitrineGraphics

@Suite("Backdrop blur")
struct BackdropBlurTests {
    /// Small enough for the Double reference, large enough for σ = 20 to have an interior.
    /// Each test makes its own (PixelBuffer is a mutable class).
    let frame = PhotoLikeFrame.make(size: PixelSize(width: 320, height: 200))

    @Test(
        "the blur stays within the error budget of a true Gaussian (mean ≤ 2, max ≤ 12 levels)",
        arguments: [3.0, 5.0, 8.0, 12.0, 20.0])
    func matchesGaussian(sigma: Double) {
        // The blur itself, without the small-radius cross-fade (tested on its own).
        let blur = BackdropBlur(source: self.frame, sigma: sigma)
        blur.crossFade = 1
        let ours = PixelBuffer(size: self.frame.size)
        blur.draw(into: ours, rect: self.frame.bounds)
        let reference = ReferenceGaussian.blur(self.frame, sigma: sigma)
        let difference = ImageDifference(ours, reference)
        #expect(difference.meanAbsolute <= 2.0, "σ \(sigma): mean \(difference.meanAbsolute)")
        #expect(difference.maximumAbsolute <= 12, "σ \(sigma): max \(difference.maximumAbsolute)")
    }

    /// Integer box widths step the variance in jumps; 5 % is the worst case over these σ (12).
    @Test("the pipeline's σ is within 5 % of the σ asked for", arguments: [3.0, 5.0, 8.0, 12.0, 20.0, 40.0, 60.0])
    func effectiveSigma(sigma: Double) {
        let plan = BoxBlurPlan(sigma: sigma)
        #expect(abs(plan.effectiveSigma - sigma) / sigma < 0.05, "\(plan)")
    }

    @Test("σ = 20 takes 4× reduction and Kovesi's boxes 9, 9, 11 (Kutskir's formula)")
    func planForTwenty() {
        let plan = BoxBlurPlan(sigma: 20)
        #expect(plan.downsampleFactor == 4)
        #expect(plan.boxWidths == [9, 9, 11])
        #expect(BoxBlurPlan(sigma: 8).downsampleFactor == 2)
        #expect(BoxBlurPlan(sigma: 40).downsampleFactor == 4)
    }

    @Test("a flat image stays exactly flat, to the edges")
    func flatStaysFlat() {
        let flat = PixelBuffer(size: PixelSize(width: 97, height: 61), format: .argb8888Premultiplied)
        flat.fill(flat.bounds, with: 0xC0_60_30_90)
        for sigma in [2.0, 8.0, 20.0] {
            let blurred = BackdropBlur.blurred(flat, sigma: sigma)
            #expect(blurred.hasSamePixels(as: flat), "σ \(sigma)")
        }
    }

    @Test("σ = 0 returns the source unchanged")
    func zeroSigmaIsIdentity() {
        #expect(BackdropBlur.blurred(self.frame, sigma: 0).hasSamePixels(as: self.frame))
    }

    @Test(
        "invalidating a changed area then drawing gives the same pixels as blurring everything again",
        arguments: [(8.0, BlurStyle.none), (20.0, .dark), (13.0, .extraLight), (3.0, .light)])
    func invalidateEqualsFullRecompute(sigma: Double, style: BlurStyle) {
        let source = self.frame.copy()
        let cached = BackdropBlur(source: source, sigma: sigma, style: style)
        // Change two separate areas, one touching the right edge, and tell the cache.
        let changes = [PixelRect(x: 40, y: 30, width: 25, height: 17), PixelRect(x: 290, y: 150, width: 30, height: 50)]
        for rect in changes { source.fill(rect, with: 0xFF20_E040) }
        cached.invalidate(Region(rects: changes))
        let partial = PixelBuffer(size: source.size)
        cached.draw(into: partial, rect: source.bounds)
        let fresh = PixelBuffer(size: source.size)
        BackdropBlur(source: source, sigma: sigma, style: style).draw(into: fresh, rect: source.bounds)
        #expect(partial.hasSamePixels(as: fresh))
        // And the change did show up (the cache did not just keep the old picture).
        let stale = PixelBuffer(size: source.size)
        BackdropBlur(source: self.frame, sigma: sigma, style: style).draw(into: stale, rect: source.bounds)
        #expect(!partial.hasSamePixels(as: stale))
    }

    @Test("drawing a rectangle writes exactly the pixels a full draw writes there, and nothing else")
    func drawRectMatchesFullDraw() {
        let blur = BackdropBlur(source: self.frame, sigma: 20, style: .light)
        let full = PixelBuffer(size: self.frame.size)
        blur.draw(into: full, rect: self.frame.bounds)
        let part = PixelBuffer(size: self.frame.size)
        let rect = PixelRect(x: 37, y: 11, width: 101, height: 63)
        blur.draw(into: part, rect: rect)
        let expected = PixelBuffer(size: self.frame.size)
        expected.copy(rect, from: full)
        #expect(part.hasSamePixels(as: expected))
    }

    @Test("a backdrop covering part of the source blurs only that part, mirrored at its own edges")
    func sourceRect() {
        let area = PixelRect(x: 50, y: 40, width: 200, height: 120)
        let blur = BackdropBlur(source: self.frame, sourceRect: area, sigma: 8)
        let output = PixelBuffer(size: self.frame.size)
        blur.draw(into: output, rect: self.frame.bounds)
        #expect(output[49, 100] == 0 && output[50, 100] != 0)
        // The same as blurring a cropped copy.
        let crop = PixelBuffer(size: area.size, format: self.frame.format)
        for y in 0..<area.height { (crop.row(y)).update(from: self.frame.row(area.minY + y) + area.minX, count: area.width) }
        let croppedBlur = BackdropBlur.blurred(crop, sigma: 8)
        for y in 0..<area.height {
            for x in 0..<area.width where output[area.minX + x, area.minY + y] != croppedBlur[x, y] {
                Issue.record("pixel \(x),\(y) differs")
                return
            }
        }
    }
}
