import VitrineCore
import VitrineGestures
import VitrineGraphics

/// One line of text a visitor types: a search, a name, an e-mail address, a booking code, a PIN.
///
/// A tap focuses it and puts the caret where the finger was; keys come through the window's
/// focus (`Window.handle(_:)`): from a hardware keyboard or the on-screen keyboard the scene
/// shows for it (`kind` says which). Editing is selection-free (`TextEditing`): insert and delete
/// at the caret, move the caret by tapping or with the arrow keys. The text is shaped like every
/// label (HarfBuzz: right-to-left text and combining marks are drawn and edited correctly).
///
/// The caret is a view of its own, 2 points wide, blinking only while the field is focused, so
/// a blink redraws nothing and composites only its own rectangle; it stops blinking (and stays
/// shown) 10 s after the last key, as GTK's defaults do (`gtk-cursor-blink-time` 1200 ms,
/// `gtk-cursor-blink-timeout` 10 s): a kiosk left with a focused field goes quiet.
public final class TextField: View {
    /// What the field holds, and so which keyboard it gets and what it accepts.
    public enum Kind: String, Sendable, CaseIterable {
        case text
        /// Digits only; a phone-style pad.
        case number
        /// Digits and one decimal separator; a pad with the separator.
        case decimal
        /// No spaces; the letter keyboard with `@` and `.`.
        case email
        /// Digits shown as dots; never in a log, a state dump or the control socket.
        case pin

        /// Whether the scene shows the phone-style pad rather than the letter keyboard.
        public var usesNumberPad: Bool { self == .number || self == .decimal || self == .pin }
    }

    /// When the on-screen keyboard's Shift comes on by itself.
    public enum Autocapitalize: String, Sendable, CaseIterable {
        case none
        case words
        case sentences
        case characters
    }

    public let kind: Kind
    public var autocapitalize: Autocapitalize
    public private(set) var editing: TextEditing
    /// Called after every edit with the new text (the scene writes it to its state value).
    public var onChange: ((String) -> Void)?
    /// Called by Enter or the on-screen keyboard's return key.
    public var onSubmit: (() -> Void)?
    /// The on-screen keyboard's submit key title for this field ("Search", "Go", "Done").
    public var submitTitle = "Done"
    /// Characters a key offered that the field refused (a letter in a number field), for tests.
    public private(set) var refusedCount = 0

    private let theme: Theme
    private let clip = View()
    private let textLabel: Label
    private let placeholderLabel: Label
    private let caretView = View()
    private let tap = TapGestureRecognizer()
    private var blinkTimer: TimerID?
    private var lastEdit = MonotonicTime.zero
    private var scrollX = 0.0

    /// A field's height: the body line (22 points) and 15 points above and below, 52 points —
    /// above the 44-point minimum target (HIG; WCAG 2.5.5).
    public static let height = 52.0
    /// Space between the border and the text, each side.
    public static let horizontalPadding = 14.0
    /// GTK's cursor blink: 600 ms shown, 600 ms hidden, stopping after 10 s without a key.
    public static let blinkHalfPeriod = Nanoseconds.milliseconds(600)
    public static let blinkTimeout = Nanoseconds.seconds(10)
    /// The dot a PIN's digits are shown as (U+2022 BULLET).
    public static let maskCharacter: Character = "\u{2022}"

    public init(kind: Kind = .text, placeholder: String = "", text: String = "", maximumLength: Int? = nil, theme: Theme = .standard) {
        self.kind = kind
        self.theme = theme
        self.autocapitalize = kind == .text ? .sentences : .none
        self.editing = TextEditing(text: text, maximumLength: maximumLength)
        let style = theme.textStyle(.body, maximumLines: 1)
        self.textLabel = Label(text: "", style: style, color: theme.label)
        self.placeholderLabel = Label(text: placeholder, style: style, color: theme.secondaryLabel)
        super.init()
        self.backgroundColor = theme.surface
        self.cornerRadii = CornerRadii(all: 10)
        self.clip.clipsToBounds = true
        self.clip.isUserInteractionEnabled = false
        self.addSubview(self.clip)
        self.clip.addSubview(self.placeholderLabel)
        self.clip.addSubview(self.textLabel)
        self.caretView.backgroundColor = theme.tint
        self.caretView.isHidden = true
        self.caretView.cornerRadii = CornerRadii(all: 1)
        self.clip.addSubview(self.caretView)
        self.addGestureRecognizer(self.tap)
        self.tap.onChange = { [unowned self] tap in
            guard tap.state == .ended else { return }
            self.tapped(at: self.convertFromWindow(Point(x: tap.location.x, y: tap.location.y)))
        }
        self.showText()
    }

    /// The text typed so far.
    public var text: String { self.editing.text }

    /// Replaces the text (a state value changed, idle cleared the field); the caret goes to the end.
    public func setText(_ text: String) {
        guard text != self.editing.text else { return }
        self.editing.setText(text)
        self.showText()
    }

    public var placeholder: String {
        get { self.placeholderLabel.text }
        set { self.placeholderLabel.text = newValue }
    }

    /// Whether the text is shown as dots.
    public var isSecure: Bool { self.kind == .pin }

    /// Whether the on-screen keyboard's Shift should come on for the next character.
    public var capitalizesNext: Bool {
        let before = self.editing.text.prefix(self.editing.caret)
        switch self.autocapitalize {
        case .none: return false
        case .characters: return true
        case .words: return before.last.map { $0.isWhitespace } ?? true
        case .sentences:
            let trimmed = before.reversed().drop { $0.isWhitespace }
            guard let last = trimmed.first else { return true }
            return before.last?.isWhitespace == true && ".!?¡¿".contains(last)
        }
    }

    public override var canBecomeFocused: Bool { true }
    public override var accessibilityRole: AccessibilityRole? { .textField }
    public override var accessibilityContent: String? { self.placeholder.isEmpty ? nil : self.placeholder }
    /// The text typed; a PIN's digits are never said (`SpokenDescription` says how many).
    public override var accessibilityValue: String? { self.isSecure || self.text.isEmpty ? nil : self.text }
    public override var accessibilityTraits: AccessibilityTraits { self.isSecure ? .secure : [] }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : 320, height: Self.height * max(1, self.theme.typeScale))
    }

    public override func layoutSubviews() {
        self.clip.frame = self.bounds.insetBy(dx: Self.horizontalPadding, dy: 0)
        self.placeText()
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        let focused = self.isFocused
        let width = focused ? 2.0 : 1.0
        canvas.stroke(self.bounds, cornerRadii: CornerRadii(all: 10), lineWidth: width, color: focused ? self.theme.tint : self.theme.separator)
    }

    // MARK: - Keys

    public override func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .text(let string): self.insert(string)
        case .backspace: if self.editing.deleteBackward() { self.edited() }
        case .deleteForward: if self.editing.deleteForward() { self.edited() }
        case .left: self.moveCaret(by: self.caretGeometry.isRightToLeft ? 1 : -1)
        case .right: self.moveCaret(by: self.caretGeometry.isRightToLeft ? -1 : 1)
        case .home: self.moveCaret(by: -self.editing.caret)
        case .end: self.moveCaret(by: self.editing.text.count - self.editing.caret)
        case .enter: self.onSubmit?()
        default: return false
        }
        return true
    }

    /// Inserts what a key typed, keeping what the kind accepts (digits in a number field, no
    /// control characters anywhere, no spaces in an e-mail address).
    public func insert(_ string: String) {
        let accepted = String(string.filter { self.accepts($0) })
        self.refusedCount += string.count - accepted.count
        guard !accepted.isEmpty, self.editing.insert(accepted) > 0 else { return }
        self.edited()
    }

    private func accepts(_ character: Character) -> Bool {
        if character.isNewline || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return false }
        switch self.kind {
        case .text: return true
        case .email: return !character.isWhitespace
        case .number, .pin: return character.isASCII && character.isNumber
        case .decimal:
            if character.isASCII && character.isNumber { return true }
            return (character == "." || character == ",") && !self.editing.text.contains(where: { $0 == "." || $0 == "," })
        }
    }

    private func moveCaret(by characters: Int) {
        self.editing.moveCaret(by: characters)
        self.caretMoved()
    }

    private func edited() {
        self.showText()
        self.onChange?(self.editing.text)
    }

    public override func focusDidChange() {
        self.setNeedsDisplay()
        if self.isFocused {
            self.caretMoved()
        } else {
            self.stopBlinking()
            self.caretView.isHidden = true
        }
    }

    // MARK: - Drawing the text and the caret

    /// What is drawn: the text, or a dot per character of a PIN.
    private var shownText: String {
        self.isSecure ? String(repeating: Self.maskCharacter, count: self.editing.text.count) : self.editing.text
    }

    private var caretGeometry: TextCaretGeometry { TextCaretGeometry(self.textLabel.layout(width: nil)) }

    private func showText() {
        self.textLabel.text = self.shownText
        self.placeholderLabel.isHidden = !self.editing.text.isEmpty
        self.setNeedsLayout()
        self.caretMoved()
    }

    /// The caret's scalar offset in the shown text (a PIN's dots are one scalar each).
    private var shownCaretOffset: Int { self.isSecure ? self.editing.caret : self.editing.caretScalarOffset }

    private func placeText() {
        let clip = self.clip.bounds
        let layout = self.textLabel.layout(width: nil)
        let geometry = TextCaretGeometry(layout)
        let textWidth = layout?.size.width ?? 0
        let lineHeight = TypeStyle.body.metrics.lineHeight * self.theme.typeScale
        let caretX = geometry.x(atScalarOffset: self.shownCaretOffset)
        // Keep the caret in view: scroll the text under the clip as little as needed.
        if textWidth + 2 <= clip.width {
            self.scrollX = geometry.isRightToLeft ? textWidth - clip.width : 0
        } else if caretX - self.scrollX > clip.width - 2 {
            self.scrollX = caretX - clip.width + 2
        } else if caretX - self.scrollX < 0 {
            self.scrollX = caretX
        }
        let y = (clip.height - lineHeight) / 2
        self.textLabel.frame = Rect(x: -self.scrollX, y: y, width: max(textWidth, 1), height: lineHeight)
        let placeholderWidth = clip.width
        self.placeholderLabel.frame = Rect(x: 0, y: y, width: placeholderWidth, height: lineHeight)
        self.caretView.frame = Rect(x: caretX - self.scrollX - 1, y: y, width: 2, height: lineHeight)
    }

    private func tapped(at point: Point) {
        if let window = self.window, window.focusedView !== self { window.focus(self) }
        let x = point.x - Self.horizontalPadding + self.scrollX
        let geometry = self.caretGeometry
        let stops = self.isSecure ? Array(0...self.editing.text.count) : self.editing.caretStops
        self.editing.moveCaret(to: geometry.nearestStop(to: x, stops: stops))
        self.caretMoved()
    }

    /// The caret moved or the text changed: show it solid, and blink again from now.
    private func caretMoved() {
        self.setNeedsLayout()
        guard self.isFocused, let clock = self.window?.clock else { return }
        self.caretView.isHidden = false
        self.lastEdit = clock.now
        self.scheduleBlink(clock)
    }

    private func scheduleBlink(_ clock: Clock) {
        self.stopBlinking()
        self.blinkTimer = clock.schedule(after: Self.blinkHalfPeriod) { [weak self] in self?.blink() }
    }

    private func blink() {
        self.blinkTimer = nil
        guard self.isFocused, let clock = self.window?.clock else { return }
        if clock.now - self.lastEdit >= Self.blinkTimeout {
            self.caretView.isHidden = false
            return
        }
        self.caretView.isHidden.toggle()
        self.scheduleBlink(clock)
    }

    private func stopBlinking() {
        if let timer = self.blinkTimer { self.window?.clock?.cancel(timer) }
        self.blinkTimer = nil
    }

    /// Whether the caret is blinking now (tests: a field left alone goes quiet).
    public var isBlinking: Bool { self.blinkTimer != nil }
    /// Whether the caret shows now.
    public var caretIsShown: Bool { !self.caretView.isHidden }
    /// The caret's frame in window coordinates.
    public var caretFrame: Rect { self.caretView.windowFrame }
}
