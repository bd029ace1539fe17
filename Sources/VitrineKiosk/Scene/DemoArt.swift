import Glibc
import VitrineCore
import VitrineGraphics

/// The demo's images, drawn in code so they are sharp at any size and need no files:
/// `builtin:landscape`, `builtin:sunrise`, `builtin:waves`, `builtin:hills`.
///
/// Every edge is anti-aliased: a pixel on a ridge or on the sun's rim takes each side's colour
/// in proportion to the area it covers, from the pixel centre's signed distance to the edge
/// (coverage = distance + ½, clamped to 0…1, the usual one-pixel box filter).
public enum DemoArt {
    public static let names = ["landscape", "sunrise", "waves", "hills"]

    /// The image named `name` at `size` pixels, or nil for an unknown name.
    public static func image(named name: String, size: PixelSize) -> PixelBuffer? {
        guard self.names.contains(name), size.width > 0, size.height > 0 else { return nil }
        let buffer = PixelBuffer(size: size, format: .xrgb8888)
        let palette = DemoPalette(name: name)
        let h = Double(size.height)
        let ridges = Ridges(name: name, size: size)
        let sun = Sun(palette: palette, size: size)
        // Straight through the columns' buffer: indexing the array inside the loop retained and
        // bounds-checked it per pixel (a third of the picture's instructions under callgrind).
        ridges.columns.withUnsafeBufferPointer { columns in
            for y in 0..<size.height {
                let row = buffer.row(y)
                let centreY = Double(y) + 0.5
                let fy = centreY / h
                for x in 0..<size.width {
                    let ridge = columns[x]
                    // Well clear of both edges, the pixel is sky or near hill whole (what the
                    // coverage below gives exactly there, for a fraction of the work).
                    if centreY < ridge.skyLimit {
                        row[x] = sun.sky(x: x, centreY: centreY, far: ridge.farFraction).pixel
                        continue
                    }
                    if centreY > ridge.nearLandLimit {
                        row[x] = palette.nearLand(fy: fy, near: ridge.nearFraction).pixel
                        continue
                    }
                    // How much of the pixel each ridge's land covers (the land is below the line).
                    let farCover = min(1, max(0, 0.5 + (centreY - ridge.far) * ridge.farScale))
                    let nearCover = min(1, max(0, 0.5 + (centreY - ridge.near) * ridge.nearScale))
                    var colour: ArtColour
                    if nearCover >= 1 {
                        colour = palette.nearLand(fy: fy, near: ridge.nearFraction)
                    } else if farCover >= 1 {
                        colour = palette.farLand(fy: fy, far: ridge.farFraction, near: ridge.nearFraction)
                    } else {
                        colour = sun.sky(x: x, centreY: centreY, far: ridge.farFraction)
                        if farCover > 0 {
                            colour = colour.mixed(with: palette.farLand(fy: fy, far: ridge.farFraction, near: ridge.nearFraction), by: farCover)
                        }
                    }
                    if nearCover > 0 && nearCover < 1 {
                        colour = colour.mixed(with: palette.nearLand(fy: fy, near: ridge.nearFraction), by: nearCover)
                    }
                    row[x] = colour.pixel
                }
            }
        }
        return buffer
    }
}

/// A colour with channels 0…1 (they may overshoot while the glow is added; `pixel` clamps).
struct ArtColour {
    var r: Double
    var g: Double
    var b: Double

    func mixed(with other: ArtColour, by amount: Double) -> ArtColour {
        ArtColour(r: self.r + (other.r - self.r) * amount, g: self.g + (other.g - self.g) * amount, b: self.b + (other.b - self.b) * amount)
    }

    /// Each channel cut to 0…1: before an edge is mixed, so a glow over white mixes as the
    /// white it shows, not as the brighter-than-white it adds up to.
    var clamped: ArtColour {
        ArtColour(r: min(1, max(0, self.r)), g: min(1, max(0, self.g)), b: min(1, max(0, self.b)))
    }

    /// The XRGB8888 word, each channel rounded to the nearest of 256 levels. Adding 2^52 to a
    /// level in 0…255 leaves it rounded in the low bits of the double: no checked conversion
    /// per channel (those were a third of the picture's instructions under callgrind).
    var pixel: UInt32 {
        func channel(_ v: Double) -> UInt32 {
            let level = v * 255
            let clamped = level < 0 ? 0 : (level > 255 ? 255 : level)
            return UInt32(truncatingIfNeeded: (clamped + 4_503_599_627_370_496.0).bitPattern) & 0xFF
        }
        return 0xFF00_0000 | channel(self.r) << 16 | channel(self.g) << 8 | channel(self.b)
    }
}

/// One picture's colours: the sky from `top` to `horizon`, the two hills, the sun's place.
struct DemoPalette {
    let top: ArtColour
    let horizon: ArtColour
    let land: ArtColour
    /// The sun's centre, as fractions of the width and the height.
    let sunX: Double
    let sunY: Double

    init(name: String) {
        let colours: [Double]
        switch name {
        case "sunrise": colours = [0.16, 0.20, 0.45, 0.98, 0.62, 0.40, 0.20, 0.18, 0.30, 0.5, 0.62]
        case "waves": colours = [0.10, 0.35, 0.60, 0.55, 0.80, 0.92, 0.05, 0.30, 0.50, 0.75, 0.30]
        case "hills": colours = [0.25, 0.55, 0.75, 0.85, 0.90, 0.80, 0.20, 0.45, 0.25, 0.25, 0.25]
        default: colours = [0.18, 0.35, 0.65, 0.95, 0.80, 0.60, 0.15, 0.30, 0.22, 0.68, 0.42]
        }
        // Top, horizon and land colours (red, green, blue each), then the sun's x and y.
        self.top = ArtColour(r: colours[0], g: colours[1], b: colours[2])
        self.horizon = ArtColour(r: colours[3], g: colours[4], b: colours[5])
        self.land = ArtColour(r: colours[6], g: colours[7], b: colours[8])
        self.sunX = colours[9]
        self.sunY = colours[10]
    }

    /// The sky's gradient at `fy` (a fraction of the height) above a ridge at `far`.
    func skyGradient(fy: Double, far: Double) -> ArtColour {
        self.top.mixed(with: self.horizon, by: min(1, fy / far))
    }

    /// The far hill, lighter and lit from above, between the ridges.
    func farLand(fy: Double, far: Double, near: Double) -> ArtColour {
        let t = min(1, max(0, (fy - far) / (near - far)))
        return ArtColour(r: self.land.r * 1.5 + 0.1 * t, g: self.land.g * 1.4 + 0.05 * t, b: self.land.b * 1.4 + 0.1 * t)
    }

    /// The near hill, darkening towards the bottom.
    func nearLand(fy: Double, near: Double) -> ArtColour {
        let t = min(1, max(0, (fy - near) / (1 - near)))
        return ArtColour(r: self.land.r * (1 - 0.4 * t), g: self.land.g * (1 - 0.4 * t), b: self.land.b * (1 - 0.4 * t))
    }
}

/// The two ridges of hills, sums of sines with the nearer one darker, worked out once per column
/// (the sines were 70% of the kiosk's start-up when done per pixel): each ridge's height in
/// pixels and the factor 1/√(1 + slope²) that turns a vertical distance to the ridge into the
/// distance across it.
struct Ridges {
    struct Column {
        /// The ridges' heights in pixels, and as fractions of the picture's height.
        var far: Double
        var near: Double
        var farFraction: Double
        var nearFraction: Double
        var farScale: Double
        var nearScale: Double
        /// Pixel centres above this see neither ridge's land (both coverages are exactly 0);
        /// below `nearLandLimit` the near hill covers them whole (its coverage is exactly 1).
        /// Half a pixel across each edge, plus a millionth of a pixel for rounding.
        var skyLimit: Double
        var nearLandLimit: Double
    }

    let columns: [Column]

    init(name: String, size: PixelSize) {
        let w = Double(size.width)
        let h = Double(size.height)
        let nearPhase = name == "waves" ? 3.0 : 0.0
        var columns: [Column] = []
        columns.reserveCapacity(size.width)
        for x in 0..<size.width {
            let fx = (Double(x) + 0.5) / w
            let far = 0.58 + 0.05 * sin(fx * 7.0 + 1.3) + 0.03 * sin(fx * 17.0)
            let near = 0.70 + 0.06 * sin(fx * 4.0 + nearPhase) + 0.02 * sin(fx * 23.0 + 2)
            // d(height)/d(fx), then pixels per pixel: × h / w.
            let farSlope = (0.35 * cos(fx * 7.0 + 1.3) + 0.51 * cos(fx * 17.0)) * h / w
            let nearSlope = (0.24 * cos(fx * 4.0 + nearPhase) + 0.46 * cos(fx * 23.0 + 2)) * h / w
            let farScale = 1 / (1 + farSlope * farSlope).squareRoot()
            let nearScale = 1 / (1 + nearSlope * nearSlope).squareRoot()
            columns.append(
                Column(
                    far: far * h, near: near * h, farFraction: far, nearFraction: near, farScale: farScale, nearScale: nearScale,
                    skyLimit: min(far * h - 0.5 / farScale, near * h - 0.5 / nearScale) - 1e-6, nearLandLimit: near * h + 0.5 / nearScale + 1e-6))
        }
        self.columns = columns
    }
}

/// The sun: a disc of radius 0.045 × the width with a glow out to 0.25 × the width.
struct Sun {
    let palette: DemoPalette
    let centreX: Double
    let centreY: Double
    let radius: Double
    let glowRadius: Double
    let height: Double
    static let colour = ArtColour(r: 1.0, g: 0.95, b: 0.82)

    init(palette: DemoPalette, size: PixelSize) {
        self.palette = palette
        let w = Double(size.width)
        self.centreX = palette.sunX * w
        self.centreY = palette.sunY * Double(size.height)
        self.radius = 0.045 * w
        self.glowRadius = 0.25 * w
        self.height = Double(size.height)
    }

    /// The sky at the centre of pixel (`x`, row centre `centreY`) with the glow and the disc.
    func sky(x: Int, centreY: Double, far: Double) -> ArtColour {
        var colour = self.palette.skyGradient(fy: centreY / self.height, far: far)
        let dx = Double(x) + 0.5 - self.centreX
        let dy = centreY - self.centreY
        let squared = dx * dx + dy * dy
        // Outside the glow's radius it adds exactly nothing: skip the root.
        guard squared < self.glowRadius * self.glowRadius else { return colour }
        let d = squared.squareRoot()
        let glow = 1 - d / self.glowRadius
        colour.r += 0.5 * glow * glow
        colour.g += 0.35 * glow * glow
        colour.b += 0.15 * glow * glow
        // Only the glow can take a channel past 1 (the gradient's ends are inside 0…1).
        colour = colour.clamped
        let disc = min(1, max(0, 0.5 + self.radius - d))
        return disc > 0 ? colour.mixed(with: Self.colour, by: disc) : colour
    }
}
