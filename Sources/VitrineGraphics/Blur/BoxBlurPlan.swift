import VitrineCore

/// How the backdrop blur approximates a Gaussian of standard deviation σ: the downsample factor,
/// the three box widths at the reduced scale, and the σ the whole pipeline really has.
///
/// The pipeline is *f×f area average → three box passes per axis at 1/f scale → bilinear
/// upsample ×f*. Variances of independent stages add, so along one axis, in full-resolution
/// pixels, the impulse response of the pipeline has
///
///     σ_eff² = (f² − 1)/12          the f-pixel area average (position inside a block)
///            + f² · Σ (wᵢ² − 1)/12  three boxes of odd widths wᵢ at 1/f scale
///            + (2f² + 1)/12         the bilinear tent, averaged over the f output phases
///            = f²/4 + f² · σ_box²   (for even f; f = 1 has no resampling term)
///
/// so the box σ at the reduced scale is σ_box² = σ²/f² − 1/4. The widths wᵢ follow Kovesi's
/// "Fast Almost-Gaussian Filtering" as written by Kutskir (blog.ivank.net/fastest-gaussian-blur.html,
/// shared/research/render_perf.md §1): w_ideal = √(12σ_box²/3 + 1), the nearest odd width
/// below it and the next odd one above, mixed so the variance is closest to σ_box². Integer widths
/// cannot hit σ_box exactly; `effectiveSigma` says what the pipeline really does, and
/// `Docs/rendering.md` gives the resulting error budget against OpenCV's Gaussian.
public struct BoxBlurPlan: Sendable, Equatable, CustomStringConvertible {
    /// The σ asked for, in full-resolution pixels.
    public let sigma: Double
    /// 1, 2, 4 or 8: each axis is reduced this many times before the box passes.
    public let downsampleFactor: Int
    /// Odd box widths at the reduced scale, in the order they run (empty when σ is too small for
    /// any box: the resampling alone then does the blurring).
    public let boxWidths: [Int]

    /// The largest downsample factor the 16-bit upsample arithmetic allows (2f ≤ 16).
    public static let maximumDownsampleFactor = 8

    /// The plan for `sigma`, with the downsample factor chosen by `downsampleFactor(forSigma:)`
    /// unless one is given.
    public init(sigma: Double, downsampleFactor: Int? = nil) {
        precondition(sigma >= 0 && sigma.isFinite, "blur sigma must be a finite number ≥ 0, not \(sigma)")
        let factor = downsampleFactor ?? Self.downsampleFactor(forSigma: sigma)
        precondition([1, 2, 4, 8].contains(factor), "downsample factor must be 1, 2, 4 or 8, not \(factor)")
        self.sigma = sigma
        self.downsampleFactor = factor
        let f = Double(factor)
        let resampling = factor == 1 ? 0 : 0.25
        let boxVariance = sigma * sigma / (f * f) - resampling
        self.boxWidths = Self.kovesiBoxWidths(variance: boxVariance, count: 3)
    }

    /// The downsample factor for a σ: 1 below σ 3, 2 below σ 10, 4 below σ 48, else 8.
    ///
    /// The rule keeps σ_box between about 1.5 and 12 reduced pixels: large enough that three
    /// integer boxes approximate a Gaussian well (Kovesi's widths are at least 3), small
    /// enough that the reduced image stays cheap. σ = 8 gets 2×, σ = 20 and 40 get 4×; those
    /// choices were checked against `cv2.GaussianBlur` by `vitrine bench --only blur`
    /// (numbers in Docs/rendering.md).
    public static func downsampleFactor(forSigma sigma: Double) -> Int {
        if sigma < 3 { return 1 }
        if sigma < 10 { return 2 }
        if sigma < 48 { return 4 }
        return 8
    }

    /// Radii (w − 1)/2 of the boxes, in reduced pixels.
    public var boxRadii: [Int] { self.boxWidths.map { ($0 - 1) / 2 } }

    /// How far one output pixel of the three box passes reaches, in reduced pixels.
    public var supportRadius: Int { self.boxRadii.reduce(0, +) }

    /// The σ of the whole pipeline's impulse response, in full-resolution pixels (see the type's
    /// documentation for the formula).
    public var effectiveSigma: Double {
        let f = Double(self.downsampleFactor)
        let resampling = self.downsampleFactor == 1 ? 0 : f * f / 4
        var boxes = 0.0
        for width in self.boxWidths { boxes += Double(width * width - 1) / 12 }
        return (resampling + f * f * boxes).squareRoot()
    }

    public var description: String {
        "σ \(String(fixed: self.sigma, decimals: 2)): \(self.downsampleFactor)× down, boxes \(self.boxWidths), "
            + "σ_eff \(String(fixed: self.effectiveSigma, decimals: 2))"
    }

    /// Kovesi's widths for `count` boxes whose variances add up to `variance` (in the box's own
    /// pixels); empty when the variance is below that of the narrowest useful box.
    static func kovesiBoxWidths(variance: Double, count: Int) -> [Int] {
        guard variance > 0.1 else { return [] }
        let n = Double(count)
        let ideal = (12 * variance / n + 1).squareRoot()
        var lower = SaturatingPixels.int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let wl = Double(lower)
        // m boxes of the lower width, the rest two wider (Kutskir's formula).
        let numerator = 12 * variance - n * wl * wl - 4 * n * wl - 3 * n
        let m = min(count, max(0, SaturatingPixels.int((numerator / (-4 * wl - 4)).rounded())))
        let widths = Array(repeating: lower, count: m) + Array(repeating: lower + 2, count: count - m)
        return widths.filter { $0 > 1 }
    }
}
