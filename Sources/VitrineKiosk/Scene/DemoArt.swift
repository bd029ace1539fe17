import Glibc
import VitrineCore
import VitrineGraphics

/// The demo's images, drawn in code so they are sharp at any size and need no files:
/// `builtin:landscape`, `builtin:sunrise`, `builtin:waves`, `builtin:hills`.
public enum DemoArt {
    public static let names = ["landscape", "sunrise", "waves", "hills"]

    /// The image named `name` at `size` pixels, or nil for an unknown name.
    public static func image(named name: String, size: PixelSize) -> PixelBuffer? {
        guard self.names.contains(name), size.width > 0, size.height > 0 else { return nil }
        let buffer = PixelBuffer(size: size, format: .xrgb8888)
        let w = Double(size.width)
        let h = Double(size.height)
        let palette: (top: (Double, Double, Double), horizon: (Double, Double, Double), land: (Double, Double, Double), sun: (Double, Double))
        switch name {
        case "sunrise": palette = ((0.16, 0.20, 0.45), (0.98, 0.62, 0.40), (0.20, 0.18, 0.30), (0.5, 0.62))
        case "waves": palette = ((0.10, 0.35, 0.60), (0.55, 0.80, 0.92), (0.05, 0.30, 0.50), (0.75, 0.30))
        case "hills": palette = ((0.25, 0.55, 0.75), (0.85, 0.90, 0.80), (0.20, 0.45, 0.25), (0.25, 0.25))
        default: palette = ((0.18, 0.35, 0.65), (0.95, 0.80, 0.60), (0.15, 0.30, 0.22), (0.68, 0.42))
        }
        // Two ridges of hills: sums of sines, the nearer one darker. They depend on x alone, so
        // they are worked out once per column (the sines were 70% of the kiosk's start-up).
        var ridges: [(far: Double, near: Double)] = []
        ridges.reserveCapacity(size.width)
        for x in 0..<size.width {
            let fx = Double(x) / w
            let far = 0.58 + 0.05 * sin(fx * 7.0 + 1.3) + 0.03 * sin(fx * 17.0)
            let near = 0.70 + 0.06 * sin(fx * 4.0 + (name == "waves" ? 3 : 0)) + 0.02 * sin(fx * 23.0 + 2)
            ridges.append((far, near))
        }
        for y in 0..<size.height {
            let row = buffer.row(y)
            let fy = Double(y) / h
            for x in 0..<size.width {
                let fx = Double(x) / w
                let (far, near) = ridges[x]
                var r: Double
                var g: Double
                var b: Double
                if fy < far {
                    let t = fy / far
                    r = palette.top.0 + (palette.horizon.0 - palette.top.0) * t
                    g = palette.top.1 + (palette.horizon.1 - palette.top.1) * t
                    b = palette.top.2 + (palette.horizon.2 - palette.top.2) * t
                    let dx = fx - palette.sun.0
                    let dy = (fy - palette.sun.1) * h / w
                    let squared = dx * dx + dy * dy
                    // Outside the glow's radius (d ≥ 0.25) it adds exactly nothing: skip the root.
                    if squared < 0.0625 {
                        let d = squared.squareRoot()
                        let glow = max(0, 1 - d / 0.25)
                        r += 0.5 * glow * glow
                        g += 0.35 * glow * glow
                        b += 0.15 * glow * glow
                        if d < 0.045 { (r, g, b) = (1.0, 0.95, 0.82) }
                    }
                } else if fy < near {
                    let t = (fy - far) / (near - far)
                    r = palette.land.0 * 1.5 + 0.1 * t
                    g = palette.land.1 * 1.4 + 0.05 * t
                    b = palette.land.2 * 1.4 + 0.1 * t
                } else {
                    let t = (fy - near) / (1 - near)
                    r = palette.land.0 * (1 - 0.4 * t)
                    g = palette.land.1 * (1 - 0.4 * t)
                    b = palette.land.2 * (1 - 0.4 * t)
                }
                func channel(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v * 255))) }
                row[x] = 0xFF00_0000 | channel(r) << 16 | channel(g) << 8 | channel(b)
            }
        }
        return buffer
    }
}
