import Glibc
import VitrineCore

/// A deterministic frame with the statistics of a photograph, so blur benchmarks and accuracy
/// checks see what a backdrop really holds: smooth gradients (sky, vignette), hard edges
/// (discs, rectangles, thin bars), mid-scale texture (value noise, like foliage) and pixel noise
/// (like sensor grain).
///
/// The same size gives the same pixels run after run (integer hashing, a little `sin`, rounded
/// to 8 bits). Peers never regenerate it: the bench hands them these exact bytes.
public enum PhotoLikeFrame {
    /// An opaque (`xrgb8888`, top byte 0xFF) frame of `size`.
    public static func make(size: PixelSize) -> PixelBuffer {
        let buffer = PixelBuffer(size: size, format: .xrgb8888)
        let width = size.width
        let height = size.height
        guard width > 0 && height > 0 else { return buffer }
        let w = Double(width)
        let h = Double(height)
        let horizon = 0.55 * h
        for y in 0..<height {
            let row = buffer.row(y)
            let fy = Double(y)
            for x in 0..<width {
                let fx = Double(x)
                var r: Double
                var g: Double
                var b: Double
                if fy < horizon {
                    // Sky: deep blue at the top to a pale haze at the horizon, with soft clouds.
                    let t = fy / horizon
                    r = 40 + 170 * t
                    g = 90 + 130 * t
                    b = 200 + 45 * t
                    let cloud = 0.5 + 0.5 * sin(fx / w * 9.0 + sin(fy / h * 7.0) * 2.0)
                    let puff = self.valueNoise(x, y, scale: 64, seed: 7)
                    let amount = 55 * cloud * puff
                    r += amount
                    g += amount
                    b += amount * 0.6
                } else {
                    // Ground: greens and browns with a foliage-like texture.
                    let t = (fy - horizon) / (h - horizon)
                    let foliage = self.valueNoise(x, y, scale: 12, seed: 3)
                    let patches = self.valueNoise(x, y, scale: 90, seed: 5)
                    r = 60 + 80 * patches + 40 * t
                    g = 90 + 70 * foliage + 20 * (1 - t)
                    b = 30 + 30 * foliage * patches
                }
                (r, g, b) = self.shapes(fx, fy, w: w, h: h, r: r, g: g, b: b)
                // Vignette, then grain of ±10 levels.
                let dx = (fx - w / 2) / w
                let dy = (fy - h / 2) / h
                let vignette = 1 - 0.5 * (dx * dx + dy * dy)
                let grain = Double(Int(self.hash(x, y, seed: 11) & 0xFF) - 128) / 128 * 10
                let red = self.clamp(r * vignette + grain)
                let green = self.clamp(g * vignette + grain)
                let blue = self.clamp(b * vignette + grain)
                row[x] = 0xFF00_0000 | (red << 16) | (green << 8) | blue
            }
        }
        return buffer
    }

    /// Hard-edged things: a sun disc, two buildings with lit windows, a striped awning, a pole.
    private static func shapes(_ x: Double, _ y: Double, w: Double, h: Double, r: Double, g: Double, b: Double) -> (Double, Double, Double) {
        let sunX = 0.78 * w
        let sunY = 0.2 * h
        let sunRadius = 0.07 * h
        let ds = ((x - sunX) * (x - sunX) + (y - sunY) * (y - sunY)).squareRoot()
        if ds < sunRadius { return (255, 236, 170) }
        if x > 0.08 * w && x < 0.3 * w && y > 0.25 * h && y < 0.85 * h {
            // A building: dark facade with a grid of lit windows.
            let wx = Int(x - 0.08 * w) % 24
            let wy = Int(y - 0.25 * h) % 30
            if wx > 6 && wx < 18 && wy > 8 && wy < 22 { return (250, 210, 120) }
            return (45, 40, 55)
        }
        if x > 0.34 * w && x < 0.52 * w && y > 0.4 * h && y < 0.9 * h {
            // A pale building with an awning of 3-pixel stripes, the finest detail in the frame.
            if y < 0.46 * h { return Int(x) / 3 % 2 == 0 ? (230, 30, 40) : (245, 245, 245) }
            return (200, 190, 175)
        }
        if abs(x - 0.62 * w) < 3 && y > 0.3 * h { return (20, 20, 20) }
        return (r, g, b)
    }

    /// Smooth noise in 0…1: a hashed lattice every `scale` pixels, interpolated with smoothstep.
    private static func valueNoise(_ x: Int, _ y: Int, scale: Int, seed: UInt32) -> Double {
        let gx = x / scale
        let gy = y / scale
        let tx = self.smooth(Double(x % scale) / Double(scale))
        let ty = self.smooth(Double(y % scale) / Double(scale))
        let v00 = Double(self.hash(gx, gy, seed: seed) & 0xFFFF) / 65535
        let v10 = Double(self.hash(gx + 1, gy, seed: seed) & 0xFFFF) / 65535
        let v01 = Double(self.hash(gx, gy + 1, seed: seed) & 0xFFFF) / 65535
        let v11 = Double(self.hash(gx + 1, gy + 1, seed: seed) & 0xFFFF) / 65535
        let top = v00 + (v10 - v00) * tx
        let bottom = v01 + (v11 - v01) * tx
        return top + (bottom - top) * ty
    }

    private static func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }

    /// A 32-bit integer hash of a lattice point (a Wang/murmur-style mix).
    private static func hash(_ x: Int, _ y: Int, seed: UInt32) -> UInt32 {
        var v = UInt32(truncatingIfNeeded: x) &* 0x8DA6_B343 ^ UInt32(truncatingIfNeeded: y) &* 0xD816_3841 ^ seed &* 0xCB1A_B31F
        v ^= v >> 16
        v = v &* 0x7FEB_352D
        v ^= v >> 15
        v = v &* 0x846C_A68B
        v ^= v >> 16
        return v
    }

    private static func clamp(_ value: Double) -> UInt32 {
        UInt32(min(255, max(0, value.rounded())))
    }
}
