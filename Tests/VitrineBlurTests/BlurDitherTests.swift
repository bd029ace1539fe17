import Testing
import VitrineCore
import VitrineGraphics

/// The blur's ordered dither (`BlurDither`): no contour bands on a smooth gradient (issue 17).
///
/// The bound, along a row of a gradient rising s levels per pixel: output q(x) = ⌊v(x) + t(x)⌋
/// with t the dither threshold. In a run of equal values Q, take x₁ in its first four pixels
/// where t is the row's lowest threshold and x₂ in its last four where t is the highest:
/// v(x₁) + t_min ≥ Q and v(x₂) + t_max < Q + 1, so s · (x₂ − x₁) < 1 − (t_max − t_min), and the
/// run is at most 7 pixels longer. Every row's thresholds span at least 10/16 (columns 11/16);
/// the 12-bit reduced plane rounds each value by up to 1/32 of a level either way, which can take
/// 2/32 off the span. So a row's run is shorter than (1 − 9/16) / s + 7, a column's than
/// (1 − 10/16) / s + 7. Undithered, a run is a whole level's width, 1 / s.
@Suite("Blur dither: no contour bands")
struct BlurDitherTests {
    /// A grey gradient from `from` to `to` along x (or y), opaque.
    static func gradient(width: Int, height: Int, from: Double, to: Double, vertical: Bool) -> PixelBuffer {
        let buffer = PixelBuffer(size: PixelSize(width: width, height: height))
        for y in 0..<height {
            for x in 0..<width {
                let t = vertical ? Double(y) / Double(height - 1) : Double(x) / Double(width - 1)
                let level = UInt32((from + (to - from) * t).rounded())
                buffer[x, y] = 0xFF00_0000 | level << 16 | level << 8 | level
            }
        }
        return buffer
    }

    /// The longest run of equal pixels along rows (or columns) inside `inset` of the edges, and
    /// the output's slope along them in levels per pixel (green channel, from the means of the
    /// first and last 32 lines across).
    static func longestRun(_ image: PixelBuffer, inset: Int, vertical: Bool) -> (run: Int, slope: Double) {
        let (along, across) = vertical ? (image.size.height, image.size.width) : (image.size.width, image.size.height)
        func pixel(_ a: Int, _ c: Int) -> UInt32 { vertical ? image[c, a] : image[a, c] }
        var longest = 0
        for c in inset..<(across - inset) {
            var run = 1
            for a in (inset + 1)..<(along - inset) {
                run = pixel(a, c) == pixel(a - 1, c) ? run + 1 : 1
                longest = max(longest, run)
            }
        }
        func mean(_ lines: Range<Int>) -> Double {
            var sum = 0.0
            for a in lines { for c in inset..<(across - inset) { sum += Double(pixel(a, c) >> 8 & 0xFF) } }
            return sum / Double(lines.count * (across - 2 * inset))
        }
        let first = inset..<(inset + 32)
        let last = (along - inset - 32)..<(along - inset)
        let slope = (mean(last) - mean(first)) / Double(last.lowerBound - first.lowerBound)
        return (longest, slope)
    }

    @Test("a blurred gradient has no run of equal pixels longer than the dither allows", arguments: [BlurStyle.none, .dark, .light])
    func noBands(style: BlurStyle) {
        for vertical in [false, true] {
            // 32 levels over 1,024 pixels: undithered, every level is a 32-pixel band (118 under
            // the dark style, whose tint keeps 27 % of the contrast).
            let source = Self.gradient(width: vertical ? 256 : 1024, height: vertical ? 1024 : 256, from: 60, to: 92, vertical: vertical)
            let blurred = BackdropBlur.blurred(source, sigma: 20, style: style)
            let (run, slope) = Self.longestRun(blurred, inset: 96, vertical: vertical)
            let span = vertical ? 10.0 / 16 : 9.0 / 16
            let bound = (1 - span) / slope + 7
            #expect(slope > 0.005, "\(style) \(vertical ? "vertical" : "horizontal"): slope \(slope)")
            #expect(Double(run) < bound, "\(style) \(vertical ? "vertical" : "horizontal"): a run of \(run) px, bound \(bound) (undithered \(1 / slope))")
        }
    }

    @Test("dithering keeps premultiplied colours at or under alpha, opaque alpha at 255, and a flat grey exact")
    func keepsInvariants() {
        let size = PixelSize(width: 256, height: 128)
        let translucent = PixelBuffer(size: size, format: .argb8888Premultiplied)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let alpha = UInt32(100 + x % 100)
                translucent[x, y] = alpha << 24 | alpha << 16 | (alpha * 3 / 4) << 8 | alpha / 2
            }
        }
        let blurred = BackdropBlur.blurred(translucent, sigma: 8)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let word = blurred[x, y]
                let alpha = word >> 24
                #expect(word >> 16 & 0xFF <= alpha && word >> 8 & 0xFF <= alpha && word & 0xFF <= alpha, "(\(x), \(y)): \(String(word, radix: 16))")
            }
        }
        // A flat grey stays exactly that grey: every addend is under one output step.
        let flat = Self.gradient(width: 256, height: 256, from: 80, to: 80, vertical: false)
        let out = BackdropBlur.blurred(flat, sigma: 8)
        for y in 0..<256 { for x in 0..<256 { #expect(out[x, y] == 0xFF50_5050, "(\(x), \(y))") } }
    }
}
