import VitrineCore
import VitrineGraphics
import VitrineScene

/// `{"type": "qrCode", "text": "https://museum.example/audio", "correction": "M"}` (Docs/config.md,
/// "Views"): a QR code of a text. A written text (and each translation) is encoded here, so a
/// text no symbol holds is an error naming the field and the limit before the kiosk runs; a
/// bound one is encoded when it changes (an empty plate and one log line if it does not fit).
extension ConfigReader {
    mutating func qrCode(_ object: ConfigObject) -> ViewNode.Kind? {
        var node = QRCodeNode("")
        self.read(object, "correction", into: &node.correction, noun: "an error-correction level (L 7 %, M 15 %, Q 25 %, H 30 % of the symbol can be lost)")
        let present = object.members.contains { $0.key == "text" }
        self.readText(object, "text", into: &node.text, required: true)
        guard present else { return nil }
        let path = object.path(of: "text")
        switch node.text {
        case .plain(let text):
            self.checkQRText(text, at: path, correction: node.correction)
        case .translated(let translations):
            for translation in translations {
                self.checkQRText(translation.text, at: path + "." + translation.language, correction: node.correction)
            }
        case .bound:
            break
        }
        return .qrCode(node)
    }

    /// An error at `path` when no QR code holds `text` at `correction` (or it is empty).
    private mutating func checkQRText(_ text: String, at path: String, correction: QRCode.Correction) {
        do {
            _ = try QRCode(encoding: text, correction: correction)
        } catch {
            self.error(path, error.description)
        }
    }
}
