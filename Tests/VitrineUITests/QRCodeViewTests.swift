import Testing
import VitrineCore
import VitrineGraphics
import VitrineUI

/// `QRCodeView` on its own: where the plate and the modules land at fractional scales, how big
/// the view makes itself, and the empty plate.
@Suite("QRCodeView: whole-pixel modules at any scale")
struct QRCodeViewTests {
    /// Draws `view` alone in a window at `scale` and returns the frame.
    static func render(_ view: QRCodeView, at origin: Point, scale: Double) -> PixelBuffer {
        let window = Window(pixelSize: PixelSize(width: Int(400 * scale), height: Int(400 * scale)), scale: scale, frameClock: nil)
        window.root.backgroundColor = Theme().background
        window.root.addSubview(view)
        let size = view.sizeThatFits(Size(width: 300, height: .infinity))
        view.frame = Rect(origin: origin, size: size)
        window.root.layoutIfNeeded()
        window.compositor.render()
        return window.compositor.frame
    }

    @Test(
        "at scales 1, 1.25, 1.5 and 2, from fractional origins, every module is the same whole number of pixels and the plate is two colours",
        arguments: [1.0, 1.25, 1.5, 2.0])
    func wholePixels(scale: Double) throws {
        let view = QRCodeView(text: "https://museum.example/audio-guide/room-12", correction: .medium)
        view.plateCornerRadius = 0
        let frame = Self.render(view, at: Point(x: 10.3, y: 20.7), scale: scale)
        let symbol = try #require(view.symbol)
        let modules = symbol.sizeWithQuietZone
        // The view hugs its plate: as tall as a whole number of modules, each whole pixels.
        let side = view.frame.height * scale
        #expect(abs(side - side.rounded()) < 1e-6, "\(side) pixels")
        let module = Int(side.rounded()) / modules
        #expect(module == Int((240 * scale + 1e-6).rounded(.down)) / modules)
        #expect(module * modules == Int(side.rounded()))
        #expect(module >= 6, "\(module) pixels a module")
        // The plate's top-left pixel is where the layer lands (its origin rounded), and each module
        // is `module` pixels of one colour.
        let x0 = Int((view.frame.minX * scale).rounded())
        let y0 = Int((view.frame.minY * scale).rounded())
        let plate = view.plateColor.argbPremultiplied & 0xFF_FFFF
        let dark = view.moduleColor.argbPremultiplied & 0xFF_FFFF
        let left = x0 + (Int(view.frame.width * scale + 1e-6) - module * modules) / 2
        for my in 0..<modules {
            for mx in 0..<modules {
                let inSymbol =
                    (QRCode.quietZone..<(QRCode.quietZone + symbol.size)).contains(mx)
                    && (QRCode.quietZone..<(QRCode.quietZone + symbol.size)).contains(my)
                let expected = inSymbol && symbol.isDark(x: mx - QRCode.quietZone, y: my - QRCode.quietZone) ? dark : plate
                for py in 0..<module {
                    for px in 0..<module where frame[left + mx * module + px, y0 + my * module + py] & 0xFF_FFFF != expected {
                        Issue.record("scale \(scale): module \(mx),\(my) pixel \(px),\(py) is not its colour")
                        return
                    }
                }
            }
        }
    }

    @Test("an empty text is an empty plate with no error; a text no symbol holds is an empty plate and one call of onEncodingFailure")
    func emptyAndTooLong() {
        let view = QRCodeView(text: "", correction: .high)
        var failures: [VitrineError] = []
        view.onEncodingFailure = { failures.append($0) }
        #expect(view.symbol == nil && view.encodingError == nil)
        view.text = String(repeating: "x", count: 1274)
        view.text = String(repeating: "x", count: 1275)
        #expect(view.symbol == nil && failures.count == 1)
        #expect(failures.first?.message.contains("at most 1,273 bytes") == true)
        view.correction = .low
        #expect(view.symbol != nil && view.encodingError == nil, "1,275 bytes fit at L")
        let frame = Self.render(QRCodeView(text: ""), at: Point(x: 0, y: 0), scale: 1)
        // 29 modules of 8 pixels: a 232-pixel plate, centred across the 300 points it was given.
        #expect(frame[120, 120] & 0xFF_FFFF == 0xFF_FFFF, "the empty plate shows")
    }
}
