import VitrineCore
import VitrineRuntime

/// The picture `vitrine test-pattern` shows: colour bars, a grey ramp, orientation markers,
/// a square that moves one step per frame and the frame number as a barcode.
///
/// Everything is a pure function of the logical size and the frame number, so the QEMU system
/// test can read the number off a screendump, render the same frame headless and compare the
/// two pixel for pixel.
public struct TestPattern {
    public let size: PixelSize

    /// Side of one barcode cell, in pixels: 16, or less on screens too narrow for 16.
    public var barcodeCell: Int { max(2, min(16, self.size.width / (Self.barcodeBits + 4))) }
    /// Bits in the frame-number barcode.
    public static let barcodeBits = 24
    /// Pixels the moving square advances per frame.
    public static let step = 8

    /// The 75% colour bars (white, yellow, cyan, green, magenta, red, blue, black).
    static let bars: [UInt32] = [0xFFBF_BFBF, 0xFFBF_BF00, 0xFF00_BFBF, 0xFF00_BF00, 0xFFBF_00BF, 0xFFBF_0000, 0xFF00_00BF, 0xFF00_0000]

    public init(size: PixelSize) {
        self.size = size
    }

    /// Where the barcode starts (its first cell's top-left corner); a white start cell and a
    /// black gap precede the bits, most significant bit first.
    public var barcodeOrigin: (x: Int, y: Int) {
        (self.barcodeCell, self.size.height - 3 * self.barcodeCell)
    }

    var squareSide: Int { max(8, min(self.size.width, self.size.height) / 10) }
    var squareTrackY: Int { self.size.height * 62 / 100 }

    /// Where the moving square is in frame `frame`.
    public func squareRect(frame: UInt64) -> PixelRect {
        let side = self.squareSide
        let travel = max(1, self.size.width - side)
        let x = Int((frame &* UInt64(Self.step)) % UInt64(2 * travel))
        let bounced = x < travel ? x : 2 * travel - x
        return PixelRect(x: bounced, y: self.squareTrackY, width: side, height: side)
    }

    /// The barcode strip (start cell, gap and bits).
    public var barcodeRect: PixelRect {
        let origin = self.barcodeOrigin
        return PixelRect(x: origin.x, y: origin.y, width: (Self.barcodeBits + 2) * self.barcodeCell, height: self.barcodeCell)
    }

    /// Draws the whole pattern for `frame`.
    public func draw(into buffer: PixelBuffer, frame: UInt64) {
        let w = self.size.width
        let h = self.size.height
        // Colour bars over the top 55%.
        let barsHeight = h * 55 / 100
        for (i, colour) in Self.bars.enumerated() {
            let x0 = w * i / Self.bars.count
            let x1 = w * (i + 1) / Self.bars.count
            buffer.fill(PixelRect(minX: x0, minY: 0, maxX: x1, maxY: barsHeight), with: colour)
        }
        // Dark track for the moving square.
        buffer.fill(PixelRect(minX: 0, minY: barsHeight, maxX: w, maxY: h), with: 0xFF10_1418)
        // Grey ramp of 16 steps under the track.
        let rampY = self.squareTrackY + self.squareSide + 8
        let rampHeight = max(4, (self.barcodeOrigin.y - 8) - rampY)
        for i in 0..<16 {
            let level = UInt32(i * 17)
            let grey = 0xFF00_0000 | level << 16 | level << 8 | level
            buffer.fill(PixelRect(minX: w * i / 16, minY: rampY, maxX: w * (i + 1) / 16, maxY: rampY + rampHeight), with: grey)
        }
        // Orientation markers: a red "top-left" corner L and a blue bottom-right square.
        let m = max(4, min(w, h) / 12)
        buffer.fill(PixelRect(x: 0, y: 0, width: m * 2, height: m / 2), with: 0xFFFF_0000)
        buffer.fill(PixelRect(x: 0, y: 0, width: m / 2, height: m * 2), with: 0xFFFF_0000)
        buffer.fill(PixelRect(x: w - m, y: h - m, width: m, height: m), with: 0xFF00_40FF)
        // An upright arrow in the middle of the bars: a stem and a stepped head, pointing up.
        let cx = w / 2
        let top = barsHeight / 5
        let arrowH = barsHeight * 3 / 5
        let stem = max(2, m / 3)
        buffer.fill(PixelRect(x: cx - stem / 2, y: top + arrowH / 3, width: stem, height: arrowH * 2 / 3), with: 0xFF00_0000)
        let headRows = arrowH / 3
        for row in 0..<max(1, headRows) {
            let half = (row * m) / max(1, headRows) + 1
            buffer.fill(PixelRect(x: cx - half, y: top + row, width: 2 * half, height: 1), with: 0xFF00_0000)
        }
        self.drawMoving(into: buffer, frame: frame)
    }

    /// Draws only what changes from frame to frame (the square and the barcode) and returns the
    /// damage relative to the previous frame's picture.
    @discardableResult
    public func drawMoving(into buffer: PixelBuffer, frame: UInt64, previous: UInt64? = nil) -> Region {
        var damage = Region(self.barcodeRect)
        if let previous {
            let old = self.squareRect(frame: previous)
            buffer.fill(old, with: 0xFF10_1418)
            damage.formUnion(old)
        }
        let square = self.squareRect(frame: frame)
        buffer.fill(square, with: 0xFFFF_FFFF)
        // A black notch in the square's top-left corner shows its orientation too.
        buffer.fill(PixelRect(x: square.x, y: square.y, width: square.width / 3, height: square.height / 3), with: 0xFF00_0000)
        damage.formUnion(square)
        let origin = self.barcodeOrigin
        let cell = self.barcodeCell
        buffer.fill(PixelRect(x: origin.x, y: origin.y, width: cell, height: cell), with: 0xFFFF_FFFF)
        buffer.fill(PixelRect(x: origin.x + cell, y: origin.y, width: cell, height: cell), with: 0xFF00_0000)
        for bit in 0..<Self.barcodeBits {
            let on = (frame >> UInt64(Self.barcodeBits - 1 - bit)) & 1 == 1
            buffer.fill(PixelRect(x: origin.x + (bit + 2) * cell, y: origin.y, width: cell, height: cell), with: on ? 0xFFFF_FFFF : 0xFF00_0000)
        }
        return damage
    }

    /// Reads the frame number back from a logical picture (what the system test does in Python).
    public func decodeFrameNumber(from buffer: PixelBuffer) -> UInt64? {
        let origin = self.barcodeOrigin
        let cell = self.barcodeCell
        guard buffer.size == self.size else { return nil }
        func isWhite(_ i: Int) -> Bool? {
            let p = buffer[origin.x + i * cell + cell / 2, origin.y + cell / 2] & 0x00FF_FFFF
            if p == 0x00FF_FFFF { return true }
            if p == 0 { return false }
            return nil
        }
        guard isWhite(0) == true, isWhite(1) == false else { return nil }
        var value: UInt64 = 0
        for bit in 0..<Self.barcodeBits {
            guard let on = isWhite(bit + 2) else { return nil }
            value = value << 1 | (on ? 1 : 0)
        }
        return value
    }
}
