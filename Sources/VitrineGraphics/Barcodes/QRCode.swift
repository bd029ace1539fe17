import CQRencode
import Glibc
import VitrineCore

/// A QR code symbol (ISO/IEC 18004:2015, model 2): the square of dark and light modules that
/// encodes a text, made by libqrencode (Debian `libqrencode-dev`). It holds modules only, no
/// pixels: `QRCodeView` draws them at a whole number of device pixels each.
///
/// The text is encoded as its UTF-8 bytes. ASCII text goes through libqrencode's mode
/// optimiser (digits and upper-case runs in the denser numeric and alphanumeric modes, the rest
/// as 8-bit bytes). Text beyond ASCII is 8-bit bytes after an ECI designator for UTF-8
/// (ECI 000026): without one, 8-bit data means ISO/IEC 8859-1 (18004's default interpretation, ECI 000003), and readers
/// guess — zbar 0.23 read "é", "¥100" and "żółw" as Shift JIS ("矇", "瞼100", "ﾅｼﾃｳﾅＸ").
public struct QRCode: Sendable, Equatable {
    /// How much of the symbol can be damaged or hidden and still read (18004's four levels): `L` about
    /// 7 %, `M` 15 %, `Q` 25 %, `H` 30 % of its codewords, at the cost of room for data.
    public enum Correction: String, Sendable, Equatable, CaseIterable {
        case low = "L"
        case medium = "M"
        case quartile = "Q"
        case high = "H"

        /// The most bytes of 8-bit data the largest symbol (version 40) holds at this level:
        /// ISO/IEC 18004:2015, Table 7 (version 40: 2,953 at L, 2,331 at M, 1,663 at Q, 1,273
        /// at H). Text beyond ASCII holds one byte fewer: its ECI designator (4 + 8 bits) pushes
        /// the 8-bit segment's 20 bits of header over the next codeword.
        public var largestByteCount: Int {
            switch self {
            case .low: 2953
            case .medium: 2331
            case .quartile: 1663
            case .high: 1273
            }
        }

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// The light margin a reader needs around the symbol: 4 modules on every side (ISO/IEC
    /// 18004:2015 §6.3.8, "quiet zone").
    public static let quietZone = 4
    /// The most characters any symbol holds: 7,089 digits (version 40-L, numeric mode; Table 7).
    /// Longer text is refused before libqrencode is asked.
    public static let mostCharacters = 7089
    /// ECI 000026: the 8-bit data that follows is UTF-8 (AIM ITS/04-023, "Extended Channel
    /// Interpretations").
    static let utf8Designator: UInt32 = 26

    /// The symbol's version, 1 (21 × 21 modules) to 40 (177 × 177).
    public let version: Int
    /// Modules on a side, without the quiet zone: 17 + 4 × version.
    public let size: Int
    /// `size × size` modules, row by row; 1 is dark.
    public let modules: [UInt8]
    public let correction: Correction

    /// Encodes `text` in the smallest version that holds it at `correction`.
    /// - Throws: `.invalidArgument` when no version holds it (the message gives its length and
    ///   the limit at that level).
    public init(encoding text: String, correction: Correction = .medium) throws(VitrineError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw VitrineError(.invalidArgument, "is empty: a QR code needs a text to encode") }
        let ascii = bytes.allSatisfy { $0 != 0 && $0 < 0x80 }
        guard bytes.count <= Self.mostCharacters else { throw Self.tooLong(bytes.count, correction: correction, ascii: ascii) }
        errno = 0
        let symbol: UnsafeMutablePointer<QRcode>?
        if ascii {
            symbol = QRcode_encodeString(text, 0, correction.level, QR_MODE_8, 1)
        } else {
            symbol = Self.encodeUTF8(bytes, level: correction.level)
        }
        guard let symbol else {
            let failure = errno
            if failure == ERANGE {
                throw Self.tooLong(bytes.count, correction: correction, ascii: ascii)
            }
            throw VitrineError(.invalidData, "libqrencode could not encode the text", cause: SystemError("QRcode_encodeString", errno: failure))
        }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        self.version = Int(symbol.pointee.version)
        self.size = width
        self.correction = correction
        // Bit 0 of each byte is the module's colour; the others say what it is part of.
        self.modules = Array(UnsafeBufferPointer(start: symbol.pointee.data, count: width * width)).map { $0 & 1 }
    }

    /// 8-bit bytes after the UTF-8 designator, in the smallest version that holds them.
    private static func encodeUTF8(_ bytes: [UInt8], level: QRecLevel) -> UnsafeMutablePointer<QRcode>? {
        guard let input = QRinput_new2(0, level) else { return nil }
        defer { QRinput_free(input) }
        guard QRinput_appendECIheader(input, Self.utf8Designator) == 0 else { return nil }
        let appended = bytes.withUnsafeBufferPointer { buffer in QRinput_append(input, QR_MODE_8, Int32(buffer.count), buffer.baseAddress) }
        guard appended == 0 else { return nil }
        return QRcode_encodeInput(input)
    }

    /// The error for a text no version holds.
    static func tooLong(_ byteCount: Int, correction: Correction, ascii: Bool) -> VitrineError {
        let limit = correction.largestByteCount - (ascii ? 0 : 1)
        let level = correction.rawValue
        var hint = "shorten it (a short link instead of a long one)"
        if correction != .low {
            hint += ", or lower \"correction\" (level L holds \(GroupedNumber.text(Correction.low.largestByteCount - (ascii ? 0 : 1))) bytes)"
        }
        return VitrineError(
            .invalidArgument,
            "is \(GroupedNumber.text(byteCount)) bytes of UTF-8, more than a QR code holds at level \(level): at most \(GroupedNumber.text(limit)) bytes of 8-bit data (version 40, ISO/IEC 18004 Table 7\(ascii ? "" : ", less one for the UTF-8 designator"))",
            hint: hint)
    }

    /// Whether the module at column `x`, row `y` (0 ..< size) is dark.
    public func isDark(x: Int, y: Int) -> Bool { self.modules[y * self.size + x] != 0 }

    /// Modules on a side with the quiet zone on both sides.
    public var sizeWithQuietZone: Int { self.size + 2 * Self.quietZone }
}
