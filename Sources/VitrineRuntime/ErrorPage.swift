import VitrineCore
import VitrineGestures
import VitrineGraphics
import VitrineUI

/// What the screen shows when the kiosk cannot start, instead of a black screen or a restart
/// loop (issue 17): to the visitor, a calm "temporarily out of order" page in the brand colour,
/// with no file path or error text; to staff, after holding a finger anywhere on it for 3 s (a
/// `TapGestureRecognizer` with a `minimumDuration`), the technical page — the error, where it
/// is, what to do — until another 3-second hold. The journal has the error either way (`Runner` logs it).
public final class ErrorPage: View {
    /// The visitor's page: icon, title, line.
    public let visitorView = View()
    public let iconLabel: Label
    public let visitorTitleLabel: Label
    public let visitorMessageLabel: Label
    /// What the staff's page says to do on a panel run by the service (the preview says that a
    /// save reloads instead: `Runner.errorPageHint`).
    public static let serviceHint = "Fix the file, then reload the kiosk: systemctl reload vitrine (or send SIGHUP)."
    /// The staff's page.
    public let detailsView = View()
    public let titleLabel: Label
    public let messageLabel: Label
    public let hintLabel: Label
    /// The staff's 3-second hold.
    public let hold = TapGestureRecognizer(minimumDuration: 3)

    /// The visitor's words.
    public static let visitorTitle = "Temporarily out of order"
    public static let visitorMessage = "We are sorry. Please ask a member of staff for help."

    /// Whether the technical page shows.
    public var showsDetails: Bool { didSet { self.showFace() } }

    /// - Parameters:
    ///   - message: the error, one or more lines (a config error names the file, line and column,
    ///     or the JSON path of each field): for the staff's page only.
    ///   - theme: the brand colour is its tint; its font draws the visitor's page.
    ///   - showsDetails: start on the staff's page.
    public init(
        message: String, hint: String = ErrorPage.serviceHint, theme: Theme = .standard,
        showsDetails: Bool = false
    ) {
        let onBrand = Color.white
        self.iconLabel = Icon.label("construction", size: 72, color: onBrand.withOpacity(0.9))
        self.visitorTitleLabel = Label(
            text: Self.visitorTitle, style: theme.textStyle(.largeTitle, alignment: .center, maximumLines: 2), color: onBrand)
        self.visitorMessageLabel = Label(
            text: Self.visitorMessage, style: theme.textStyle(.title3, alignment: .center, maximumLines: 3), color: onBrand.withOpacity(0.92))
        self.titleLabel = Label(
            text: "⚠ The kiosk cannot start", style: TextStyle(font: FontDescriptor(family: "DejaVu Sans", weight: .bold), pointSize: 30, maximumLines: 1),
            color: Color(hex: "#FFD60A")!)
        self.messageLabel = Label(
            text: message, style: TextStyle(font: FontDescriptor(family: "DejaVu Sans Mono"), pointSize: 18, lineHeight: .multiple(1.25), maximumLines: 16),
            color: .white)
        self.hintLabel = Label(
            text: hint + "\nHold a finger on the screen for 3 seconds to go back to the visitors' page.",
            style: TextStyle(pointSize: 17, lineHeight: .multiple(1.2), maximumLines: 4), color: Color(white: 0.75))
        self.showsDetails = showsDetails
        super.init()
        self.backgroundColor = theme.tint
        self.detailsView.backgroundColor = Color(hex: "#1C1C1E")!
        for label in [self.iconLabel, self.visitorTitleLabel, self.visitorMessageLabel] {
            label.isUserInteractionEnabled = false
            self.visitorView.addSubview(label)
        }
        for label in [self.titleLabel, self.messageLabel, self.hintLabel] {
            label.centersVertically = false
            label.isUserInteractionEnabled = false
            self.detailsView.addSubview(label)
        }
        self.addSubview(self.visitorView)
        self.addSubview(self.detailsView)
        self.showFace()
        self.addGestureRecognizer(self.hold)
        self.hold.onChange = { [unowned self] hold in
            if hold.state == .ended { self.showsDetails.toggle() }
        }
    }

    /// Shows the visitors' page or the staff's, as `showsDetails` says.
    private func showFace() {
        self.visitorView.isHidden = self.showsDetails
        self.detailsView.isHidden = !self.showsDetails
    }

    public var message: String {
        get { self.messageLabel.text }
        set { self.messageLabel.text = newValue }
    }

    public override func layoutSubviews() {
        let b = self.bounds
        self.visitorView.frame = b
        self.detailsView.frame = b
        // The visitor's page: a centred column, at most 640 points wide.
        let column = min(640, b.width - 48)
        let x = (b.width - column) / 2
        let titleHeight = self.visitorTitleLabel.sizeThatFits(Size(width: column, height: 0)).height
        let lineHeight = self.visitorMessageLabel.sizeThatFits(Size(width: column, height: 0)).height
        let total = 88 + 24 + titleHeight + 16 + lineHeight
        var y = max(24, (b.height - total) / 2)
        self.iconLabel.frame = Rect(x: (b.width - 88) / 2, y: y, width: 88, height: 88)
        y += 88 + 24
        self.visitorTitleLabel.frame = Rect(x: x, y: y, width: column, height: titleHeight)
        y += titleHeight + 16
        self.visitorMessageLabel.frame = Rect(x: x, y: y, width: column, height: lineHeight)
        // The staff's page.
        let margin = max(24, b.width * 0.06)
        let width = b.width - 2 * margin
        y = max(24, b.height * 0.12)
        self.titleLabel.frame = Rect(x: margin, y: y, width: width, height: 44)
        y += 64
        let messageHeight = max(30, self.messageLabel.sizeThatFits(Size(width: width, height: 0)).height)
        self.messageLabel.frame = Rect(x: margin, y: y, width: width, height: messageHeight)
        y += messageHeight + 32
        self.hintLabel.frame = Rect(x: margin, y: y, width: width, height: 100)
    }
}
