import VitrineCore
import VitrineScene

/// `check-config --print`'s form of the QR code and the progress bar.
extension QRCodeNode {
    var jsonMembers: [(key: String, value: JSONValue)] {
        [("type", .string("qrCode")), ("text", self.text.json), ("correction", .string(self.correction.rawValue))]
    }
}

extension ProgressNode {
    var jsonMembers: [(key: String, value: JSONValue)] {
        guard let binding = self.binding else { return [("type", .string("progress")), ("value", .number(self.value))] }
        return [("type", .string("progress")), ("value", .object([("bind", .string(binding.path))]))]
    }
}
