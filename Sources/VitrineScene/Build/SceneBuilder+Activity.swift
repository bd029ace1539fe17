import VitrineCore
import VitrineGraphics
import VitrineUI

/// The views that show a text as a QR code and how far some work has gone: `qrCode` and
/// `progress` (a `spinner` needs nothing from the scene).
extension SceneBuilder {
    /// A QR code of the node's text, encoded again whenever a bound text changes. A bound text
    /// that no symbol holds leaves the plate empty and is logged once, until a text fits again
    /// (a written one is checked by `check-config`).
    func qrCodeView(_ model: QRCodeNode, path: String) -> QRCodeView {
        let view = QRCodeView(text: "", correction: model.correction, theme: self.theme)
        view.onEncodingFailure = { [weak self] error in
            self?.logger.error("\(path).text: \(error); the QR code shows an empty plate until its text fits")
        }
        view.text = self.text(model.text)
        self.bind(view, when: model.text.binding != nil, reads: Self.sources([model.text.binding])) { [unowned self] view in
            (view as? QRCodeView)?.text = self.text(model.text)
        }
        return view
    }

    /// A progress bar at the node's value, read again whenever a bound value changes.
    func progressBar(_ model: ProgressNode) -> ProgressBar {
        let bar = ProgressBar(theme: self.theme)
        guard let binding = model.binding else {
            bar.progress = model.value
            return bar
        }
        let read = { [unowned self] (view: View) -> Void in
            guard let bar = view as? ProgressBar else { return }
            bar.progress = Self.progressValue(binding.value(in: self.data, item: nil, language: self.language))
        }
        read(bar)
        self.bind(bar, when: true, reads: Self.sources([binding]), read)
        return bar
    }

    /// A bound progress value as a number: a number, or a string that is one ("0.4"); anything
    /// else (nothing there yet, a word) is NaN, which the bar shows empty.
    static func progressValue(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let number)?: number
        case .string(let text)?: Double(text) ?? .nan
        default: .nan
        }
    }
}
