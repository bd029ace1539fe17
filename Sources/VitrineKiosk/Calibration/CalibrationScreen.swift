import VitrineCalibration
import VitrineCore
import VitrineGraphics
import VitrineUI

/// The crosshair a target is drawn as: a ring with lines through it and a dot at the exact point,
/// white while waiting, amber while a finger is on it, green once the press is taken.
final class CalibrationCrosshair: View {
    /// The side of the crosshair's square, in points: 96 pt gives arms long enough to see under a
    /// fingertip (about 10 mm on a 0.2 mm/pt panel) without crowding the 10 % margins.
    static let side = 96.0
    var color: Color = .white { didSet { if oldValue != self.color { self.setNeedsDisplay() } } }

    override var drawsContent: Bool { true }

    override func draw(in canvas: Canvas) {
        let middle = Self.side / 2
        canvas.fill(Rect(x: 0, y: middle - 1, width: Self.side, height: 2), color: self.color)
        canvas.fill(Rect(x: middle - 1, y: 0, width: 2, height: Self.side), color: self.color)
        canvas.stroke(Rect(x: middle - 20, y: middle - 20, width: 40, height: 40), cornerRadii: CornerRadii(all: 20), lineWidth: 2, color: self.color)
        canvas.fillCircle(center: Point(x: middle, y: middle), radius: 3.5, color: .black)
        canvas.fillCircle(center: Point(x: middle, y: middle), radius: 2.5, color: self.color)
    }
}

/// What `vitrine calibrate` shows: one target at a time with what to do, notices when something
/// went wrong, the verification error with Save / Retry / Cancel, and a last word when it ends.
/// It only draws what a `CalibrationSession` says; it decides nothing.
final class CalibrationScreen: View {
    static let background = Color(hex: "#101014")!
    static let waiting = Color.white
    static let pressing = Color(hex: "#FFD60A")!
    static let taken = Color(hex: "#30D158")!

    let crosshair = CalibrationCrosshair(frame: Rect(x: 0, y: 0, width: CalibrationCrosshair.side, height: CalibrationCrosshair.side))
    let title: Label
    let instruction: Label
    let notice: Label
    let save: Button
    let retry: Button
    let cancel: Button
    /// Where the current target is, as fractions of the upright screen (nil: none shown).
    private var target: CalibrationTarget?
    private var showsButtons = false

    init(frame: Rect, deviceName: String, theme: Theme = .standard) {
        let body = TextStyle(font: FontDescriptor(family: theme.fontFamily), pointSize: 20, alignment: .center, maximumLines: 3)
        self.title = Label(
            text: "Touch calibration: \(deviceName)",
            style: TextStyle(font: FontDescriptor(family: theme.fontFamily, weight: .bold), pointSize: 24, alignment: .center, maximumLines: 2), color: .white)
        self.instruction = Label(text: "", style: body, color: Color(white: 0.85))
        self.notice = Label(text: "", style: body, color: Self.pressing)
        self.save = Button(title: "Save", theme: theme)
        self.retry = Button(title: "Retry", theme: theme)
        self.cancel = Button(title: "Cancel", theme: theme)
        super.init(frame: frame)
        self.backgroundColor = Self.background
        self.retry.normalColor = Color(white: 0.35)
        self.cancel.normalColor = Color(white: 0.35)
        for view in [self.title, self.instruction, self.notice, self.save, self.retry, self.cancel, self.crosshair] as [View] {
            self.addSubview(view)
        }
        self.setButtonsShown(false)
    }

    /// The buttons' frames in window points, once laid out (what the tool prints for tests).
    var buttonFrames: [(String, Rect)] {
        self.showsButtons ? [("save", self.save.windowFrame), ("retry", self.retry.windowFrame), ("cancel", self.cancel.windowFrame)] : []
    }

    /// Shows what `session` is doing; `finalMessage` replaces the instructions once it has ended.
    func update(_ session: CalibrationSession, finalMessage: String? = nil) {
        let count = session.layout.fitTargets.count
        let roundText = session.round > 1 ? " (round \(session.round))" : ""
        self.notice.text = session.notice?.description ?? ""
        self.target = session.state.step.map { session.layout.target($0) }
        self.setButtonsShown(false)
        switch session.state {
        case .showingTarget(let step), .collecting(let step), .awaitingLift(let step):
            if case .fit(let index) = step {
                self.instruction.text = "Target \(index + 1) of \(count)\(roundText). Touch the centre of the cross and hold still until it turns green."
            } else {
                self.instruction.text = "Check: touch the centre of this last cross and hold still."
            }
            switch session.state {
            case .collecting: self.crosshair.color = Self.pressing
            case .awaitingLift: self.crosshair.color = Self.taken
            default: self.crosshair.color = Self.waiting
            }
        case .confirming(let result):
            let error = String(fixed: result.verificationErrorMM, decimals: 1)
            let limit = String(fixed: session.settings.verificationLimitMM, decimals: 1)
            var text =
                result.passed
                ? "The check touch landed \(error) mm from its target (within \(limit) mm). Save this calibration?"
                : "The check touch landed \(error) mm from its target, more than \(limit) mm: Retry is recommended."
            if result.fit.orientation != .upright { text += " The sensor is \(result.fit.orientation) against the panel; the calibration corrects that." }
            self.instruction.text = text
            self.setButtonsShown(true)
        case .done, .cancelled, .timedOut:
            self.instruction.text = finalMessage ?? ""
            self.notice.text = ""
        }
        self.crosshair.isHidden = self.target == nil
        self.setNeedsLayout()
    }

    private func setButtonsShown(_ shown: Bool) {
        self.showsButtons = shown
        for button in [self.save, self.retry, self.cancel] { button.isHidden = !shown }
    }

    override func layoutSubviews() {
        let size = self.bounds.size
        let width = min(size.width * 0.7, 720)
        let x = (size.width - width) / 2
        // Between the top row of targets (10 %) and the middle one (50 %), clear of both crosses.
        var y = size.height * 0.18
        for label in [self.title, self.instruction, self.notice] {
            let height = max(label.sizeThatFits(Size(width: width, height: .infinity)).height, 1)
            label.frame = Rect(x: x, y: y, width: width, height: height)
            y += height + 12
        }
        let buttonWidth = 160.0
        let gap = 24.0
        let row = size.height * 0.6
        var buttonX = (size.width - 3 * buttonWidth - 2 * gap) / 2
        for button in [self.save, self.retry, self.cancel] {
            button.frame = Rect(x: buttonX, y: row, width: buttonWidth, height: 56)
            buttonX += buttonWidth + gap
        }
        if let target = self.target {
            let side = CalibrationCrosshair.side
            self.crosshair.frame = Rect(x: target.x * size.width - side / 2, y: target.y * size.height - side / 2, width: side, height: side)
        }
    }
}
