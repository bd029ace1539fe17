import VitrineCore
import VitrineGraphics
import VitrineUI

/// What the screen shows when the kiosk cannot start: the error, where it is, and what to do —
/// instead of a black screen or a restart loop (the technician reads it on the panel itself).
public final class ErrorPage: View {
    public let titleLabel: Label
    public let messageLabel: Label
    public let hintLabel: Label

    /// - Parameters:
    ///   - message: the error, one or more lines (a config error names the file, line and column,
    ///     or the JSON path of each field).
    public init(message: String, hint: String = "Fix the file, then reload the kiosk: systemctl reload vitrine (or send SIGHUP).") {
        self.titleLabel = Label(
            text: "⚠ The kiosk cannot start", style: TextStyle(font: FontDescriptor(family: "DejaVu Sans", weight: .bold), pointSize: 30, maximumLines: 1),
            color: Color(hex: "#FFD60A")!)
        self.messageLabel = Label(
            text: message, style: TextStyle(font: FontDescriptor(family: "DejaVu Sans Mono"), pointSize: 18, lineHeight: .multiple(1.25), maximumLines: 16),
            color: .white)
        self.hintLabel = Label(text: hint, style: TextStyle(pointSize: 17, lineHeight: .multiple(1.2), maximumLines: 3), color: Color(white: 0.75))
        super.init()
        self.backgroundColor = Color(hex: "#1C1C1E")!
        for label in [self.titleLabel, self.messageLabel, self.hintLabel] {
            label.centersVertically = false
            self.addSubview(label)
        }
    }

    public var message: String {
        get { self.messageLabel.text }
        set { self.messageLabel.text = newValue }
    }

    public override func layoutSubviews() {
        let b = self.bounds
        let margin = max(24, b.width * 0.06)
        let width = b.width - 2 * margin
        var y = max(24, b.height * 0.12)
        self.titleLabel.frame = Rect(x: margin, y: y, width: width, height: 44)
        y += 64
        let messageHeight = max(30, self.messageLabel.sizeThatFits(Size(width: width, height: 0)).height)
        self.messageLabel.frame = Rect(x: margin, y: y, width: width, height: messageHeight)
        y += messageHeight + 32
        self.hintLabel.frame = Rect(x: margin, y: y, width: width, height: 80)
    }
}
