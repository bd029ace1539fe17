import VitrineCore
import VitrineGraphics

/// A QR code of a text (the config's `qrCode` view): dark modules on a light plate that holds
/// the quiet zone, drawn at a whole number of device pixels per module — the largest that fits
/// the view — and centred, so no module is ever scaled between pixels or blurred.
///
/// Always dark on light, in the dark palette too: ISO/IEC 18004:2015 defines the symbol as
/// dark modules on a light background, and reading it the other way round ("reflectance
/// reversal") is something a decoder may do, not must — zbar 0.23 does not (zbarimg finds no
/// symbol in an inverted one), nor do older phone readers. So the plate is the lighter of the theme's surface and label colours (white in both
/// built-in palettes) and the modules the darker of its label and background (#1C1C1E in
/// light, black in dark); a theme whose pair would read below 7:1 gets black on white.
///
/// A text no symbol holds (bound, changed at run time) leaves the plate empty and calls
/// `onEncodingFailure`; a config's own text is checked by `check-config` before it runs.
public final class QRCodeView: View {
    /// The encoded text.
    public var text: String {
        didSet { if oldValue != self.text { self.encode() } }
    }
    public var correction: QRCode.Correction {
        didSet { if oldValue != self.correction { self.encode() } }
    }
    /// The symbol drawn; nil when the text did not fit (the plate is empty).
    public private(set) var symbol: QRCode?
    /// Why the last text could not be encoded (nil when it was).
    public private(set) var encodingError: VitrineError?
    /// Called when a new text or level cannot be encoded.
    public var onEncodingFailure: ((VitrineError) -> Void)?
    public var plateColor: Color {
        didSet { if oldValue != self.plateColor { self.setNeedsDisplay() } }
    }
    public var moduleColor: Color {
        didSet { if oldValue != self.moduleColor { self.setNeedsDisplay() } }
    }
    /// Rounds the plate's corners (points; the theme's corner radius), never by more than two
    /// modules, so the rounding takes only the quiet zone's corners, never a module or the
    /// light margin beside the finder patterns.
    public var plateCornerRadius: Double {
        didSet { if oldValue != self.plateCornerRadius { self.setNeedsDisplay() } }
    }

    /// The side it takes when nothing else sets it: 240 points — 6 pixels a module at scale 1 for
    /// a version 3 symbol (29 modules and the quiet zone's 8; a link of up to 42 bytes at M),
    /// about 1.6 mm a module on a 96-dpi panel, 5 pixels for version 4 (62 bytes at M).
    public static let standardSide = 240.0
    /// The contrast below which the theme's pair gives way to black on white: 7:1, WCAG's AAA
    /// for text, which the built-in pairs exceed (17.0:1 and 21:1).
    public static let leastContrast = 7.0

    public init(text: String, correction: QRCode.Correction = .medium, theme: Theme = .standard) {
        self.text = text
        self.correction = correction
        let colors = Self.colors(for: theme)
        self.plateColor = colors.plate
        self.moduleColor = colors.modules
        self.plateCornerRadius = theme.cornerRadius
        super.init()
        self.isUserInteractionEnabled = false
        self.encode()
    }

    /// The plate and module colours for `theme`: dark on light whatever the palette.
    public static func colors(for theme: Theme) -> (plate: Color, modules: Color) {
        let luminance = { (color: Color) in color.relativeLuminance }
        let plate = luminance(theme.surface) >= luminance(theme.label) ? theme.surface : theme.label
        let modules = luminance(theme.label) <= luminance(theme.background) ? theme.label : theme.background
        guard plate.isOpaque, modules.isOpaque, plate.contrastRatio(with: modules) >= Self.leastContrast else { return (.white, .black) }
        return (plate, modules)
    }

    /// Encodes the text; an empty one is an empty plate. `onEncodingFailure` hears of a failure
    /// only when the text before it was encoded (or empty): a bound text that stays too long
    /// through many changes is reported once.
    private func encode() {
        let failedBefore = self.encodingError != nil
        let modules = self.moduleCount
        defer { if self.moduleCount != modules { self.superview?.setNeedsLayout() } }
        if self.text.isEmpty {
            self.symbol = nil
            self.encodingError = nil
        } else {
            do {
                self.symbol = try QRCode(encoding: self.text, correction: self.correction)
                self.encodingError = nil
            } catch {
                self.symbol = nil
                self.encodingError = error
                if !failedBefore { self.onEncodingFailure?(error) }
            }
        }
        self.setNeedsDisplay()
    }

    public override var drawsContent: Bool { true }

    /// As tall as its plate within the room it is given (at most `standardSide`): the plate is a
    /// whole number of pixels a module, so a text below it sits at the plate's edge, not at the
    /// edge of the room the plate did not fill.
    public override func sizeThatFits(_ size: Size) -> Size {
        let side = min(Self.standardSide, size.width, size.height)
        let scale = self.window?.scale ?? 1
        let pixels = Self.pixels(side, scale: scale)
        var plate = side
        if let place = Self.placement(modules: self.moduleCount, in: PixelSize(width: pixels, height: pixels)) {
            plate = Double(place.plate.width) / scale
        }
        return Size(width: size.width.isFinite ? size.width : plate, height: plate)
    }

    /// Modules across the plate: the symbol's and its quiet zone, or an empty plate's.
    var moduleCount: Int { self.symbol?.sizeWithQuietZone ?? Self.emptyPlateModules }

    /// Whole device pixels in `points` (a side that came from whole pixels stays whole).
    static func pixels(_ points: Double, scale: Double) -> Int {
        let pixels = (points * scale + 1e-6).rounded(.down)
        return pixels.isFinite ? Int(max(0, min(pixels, 1e6))) : 0
    }

    /// Where the plate and the modules go in a view `pixels` wide and tall: the module's side in
    /// device pixels (the largest whole number that fits the symbol and its quiet zone), and the
    /// plate's square, centred on whole pixels. A module below one pixel: nil.
    public static func placement(modules: Int, in pixels: PixelSize) -> (module: Int, plate: PixelRect)? {
        let side = min(pixels.width, pixels.height)
        guard modules > 0, side >= modules else { return nil }
        let module = side / modules
        let plate = module * modules
        return (module, PixelRect(x: (pixels.width - plate) / 2, y: (pixels.height - plate) / 2, width: plate, height: plate))
    }

    /// Modules across the plate when there is no symbol: version 1's 21 and the quiet zone.
    static let emptyPlateModules = 21 + 2 * QRCode.quietZone

    public override func draw(in canvas: Canvas) {
        // The whole device pixels inside the view (its backing starts on a pixel).
        let scale = canvas.scale
        let pixels = PixelSize(width: Self.pixels(self.bounds.width, scale: scale), height: Self.pixels(self.bounds.height, scale: scale))
        guard let place = Self.placement(modules: self.moduleCount, in: pixels) else { return }
        let m = place.module
        // The plate's corners are rounded inside the quiet zone only (at most 2 of its 4 modules).
        let radius = min(self.plateCornerRadius * scale, Double(2 * m))
        if radius >= 1 {
            let plate = place.plate
            let rect = Rect(
                x: Double(plate.minX) / scale, y: Double(plate.minY) / scale, width: Double(plate.width) / scale, height: Double(plate.height) / scale)
            canvas.fill(rect, cornerRadii: CornerRadii(all: radius / scale), color: self.plateColor)
        } else {
            canvas.fillPixels(place.plate, color: self.plateColor)
        }
        guard let symbol = self.symbol else { return }
        let left = place.plate.minX + QRCode.quietZone * m
        let top = place.plate.minY + QRCode.quietZone * m
        // One rectangle per run of dark modules in a row.
        for y in 0..<symbol.size {
            var x = 0
            while x < symbol.size {
                guard symbol.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < symbol.size && symbol.isDark(x: x, y: y) { x += 1 }
                canvas.fillPixels(PixelRect(x: left + start * m, y: top + y * m, width: (x - start) * m, height: m), color: self.moduleColor)
            }
        }
    }

    /// Speech says what a phone would read from it: the text, as an image.
    public override var accessibilityRole: AccessibilityRole? { .image }
    public override var accessibilityContent: String? { self.text }
}
