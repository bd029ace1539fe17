import VitrineCore

/// How far one image is from another: the mean and the largest absolute difference of the
/// colour channels (blue, green, red) over every pixel, in 8-bit levels (0–255).
///
/// Alpha is left out: the bench's frames are opaque on both sides, and counting a channel that
/// always agrees would divide the mean error by 4/3.
public struct ImageDifference: Sendable, Equatable {
    public var meanAbsolute: Double
    public var maximumAbsolute: Int

    public init(meanAbsolute: Double, maximumAbsolute: Int) {
        self.meanAbsolute = meanAbsolute
        self.maximumAbsolute = maximumAbsolute
    }

    /// Compares two buffers of the same size.
    public init(_ a: PixelBuffer, _ b: PixelBuffer) {
        precondition(a.size == b.size, "cannot compare a \(a.size) image with a \(b.size) one")
        var total = 0
        var maximum: UInt32 = 0
        for y in 0..<a.height {
            let rowA = a.row(y)
            let rowB = b.row(y)
            for x in 0..<a.width {
                let p = rowA[x]
                let q = rowB[x]
                for shift: UInt32 in [0, 8, 16] {
                    let u = (p >> shift) & 0xFF
                    let v = (q >> shift) & 0xFF
                    let d = u > v ? u - v : v - u
                    total += Int(d)
                    maximum = max(maximum, d)
                }
            }
        }
        let samples = a.width * a.height * 3
        self.meanAbsolute = samples == 0 ? 0 : Double(total) / Double(samples)
        self.maximumAbsolute = Int(maximum)
    }
}
