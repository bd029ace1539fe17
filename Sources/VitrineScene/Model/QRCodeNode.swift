import VitrineGraphics

/// A QR code (`{"type": "qrCode", "text": "https://…"}`): the text it encodes — written,
/// translated or bound like any text — and its error-correction level.
public struct QRCodeNode: Sendable, Equatable {
    public var text: TextValue
    /// `M` unless the config says otherwise: ISO/IEC 18004's middle level (about 15 % of the
    /// symbol can be lost), what most generators default to (libqrencode's `qrencode` tool, ZXing).
    public var correction: QRCode.Correction

    public init(_ text: TextValue, correction: QRCode.Correction = .medium) {
        self.text = text
        self.correction = correction
    }
}
