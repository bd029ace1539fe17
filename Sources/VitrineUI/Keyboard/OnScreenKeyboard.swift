import VitrineCore
import VitrineGestures
import VitrineGraphics

/// The keyboard a visitor types with on a panel: the letters of a `KeyboardLayout` (read from
/// xkb by the runtime; this view knows nothing of where a layout comes from), Shift and Caps
/// Lock, a page of digits and symbols, long-press for accented letters, Backspace that repeats,
/// a submit key with the field's title, and a phone-style pad for number and PIN fields.
///
/// Keys act as `KeyEvent`s sent to `onKey` (the scene hands them to the window's focus, the
/// same path a hardware keyboard's keys take). Touch: a key highlights at touch-down with its
/// character in a bubble above it, the finger may slide to another key, and the key acts at the
/// lift; Backspace acts at touch-down and repeats after 400 ms every 50 ms (AOSP LatinIME's
/// `config_key_repeat_start_timeout` and `config_key_repeat_interval`), at most 200 times a
/// press (10 s); holding a letter 400 ms shows its variants, the finger picks one, the lift
/// types it. Each finger is its own press, so two thumbs can overlap.
public final class OnScreenKeyboard: View {
    /// Shift: off, on for the next character, or locked (Caps Lock: a double tap).
    public enum ShiftState: String, Sendable {
        case off
        case once
        case locked
    }

    public private(set) var layout: KeyboardLayout
    public private(set) var page: KeyboardPage = .letters
    public private(set) var shift: ShiftState = .off
    /// The field's kind of content decides the first page and the bottom row.
    public private(set) var isEmail = false
    public private(set) var submitTitle = "Done"
    public private(set) var decimalSeparator = "."
    /// Where keys go.
    public var onKey: ((KeyEvent) -> Void)?
    /// The hide key.
    public var onHide: (() -> Void)?
    /// Asked after each key: whether the next character starts a sentence or word (the
    /// focused field's `capitalizesNext`), which turns Shift on for one character.
    public var capitalizesNext: (() -> Bool)?
    /// Keys acted on since the keyboard was made (tests).
    public private(set) var keyCount = 0

    public private(set) var plan: KeyboardPlan
    private var caps: [KeyCapView] = []
    private let popup: KeyPopupView
    private let theme: Theme
    private let colors: KeyboardColors
    private let touches = KeyboardTouchRecognizer()
    private var presses: [Int: Press] = [:]
    private var lastShiftTap: MonotonicTime?

    /// Long press for variants, and Backspace's repeat (AOSP LatinIME, see above).
    public static let longPressDelay = Nanoseconds.milliseconds(400)
    public static let repeatInterval = Nanoseconds.milliseconds(50)
    public static let maximumRepeats = 200
    /// Two taps on Shift within this lock it (iOS's Caps Lock gesture).
    public static let capsLockInterval = Nanoseconds.milliseconds(350)

    private struct Press {
        var cap: KeyCapView?
        var timer: TimerID?
        var repeats = 0
        var variants: [String] = []
        var variant = 0
    }

    public init(layout: KeyboardLayout, theme: Theme = .standard) {
        self.layout = layout
        self.theme = theme
        self.colors = KeyboardColors(theme: theme)
        self.plan = KeyboardPlan(page: .letters, layout: layout)
        self.popup = KeyPopupView(
            fill: self.colors.key, textColor: self.colors.label, selectedFill: theme.tint, selectedTextColor: theme.onTint, fontFamily: theme.fontFamily)
        super.init()
        self.backgroundColor = self.colors.background
        self.identifier = "keyboard"
        self.addGestureRecognizer(self.touches)
        self.touches.onContact = { [unowned self] contact in self.touched(contact) }
        self.rebuild()
    }

    /// Gets the keyboard ready for a field: its layout (the kiosk's language), its page (the pad
    /// for number fields), the submit key's title.
    public func configure(layout: KeyboardLayout, kind: TextField.Kind, submitTitle: String, decimalSeparator: String = ".") {
        let page: KeyboardPage = kind == .number || kind == .pin ? .numberPad : kind == .decimal ? .decimalPad : .letters
        let wantsShift = page == .letters && (self.capitalizesNext?() ?? false)
        // The same field again (or one like it): the caps there are the right ones; rebuilding
        // them made each slide-up's first frame redraw every key.
        if layout == self.layout, (kind == .email) == self.isEmail, submitTitle == self.submitTitle, decimalSeparator == self.decimalSeparator,
            page == self.page, self.shift != .locked, (self.shift == .once) == wantsShift
        {
            return
        }
        self.layout = layout
        self.isEmail = kind == .email
        self.submitTitle = submitTitle
        self.decimalSeparator = decimalSeparator
        switch kind {
        case .number, .pin: self.page = .numberPad
        case .decimal: self.page = .decimalPad
        case .text, .email: self.page = .letters
        }
        self.shift = .off
        self.updateAutoShift()
        self.rebuild()
    }

    /// The height the keyboard needs (its keys and gaps), whatever its width.
    public var preferredHeight: Double { self.plan.height }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : 1280, height: self.preferredHeight)
    }

    public override func layoutSubviews() {
        let frames = self.plan.frames(width: self.bounds.width)
        var index = 0
        for row in frames {
            for frame in row where index < self.caps.count {
                self.caps[index].frame = frame
                index += 1
            }
        }
    }

    /// Every key's name and frame in window coordinates (the state dump's keyboard description,
    /// which replay tests read to know where to tap).
    public var keyFrames: [(name: String, frame: Rect)] {
        self.caps.map { ($0.key.name, $0.windowFrame) }
    }

    /// The key caps (tests).
    public var keyCaps: [KeyCapView] { self.caps }
    /// The popup (tests: what it shows).
    public var keyPopup: KeyPopupView { self.popup }

    // MARK: - Pages and shift

    private func rebuild() {
        self.plan = KeyboardPlan(
            page: self.page, layout: self.layout, shifted: self.shift != .off, email: self.isEmail, decimalSeparator: self.decimalSeparator)
        // A keypad's focus on a key stays at that place on the new keys (Shift, another page).
        let focused = self.caps.firstIndex { $0.isFocused }
        for cap in self.caps { cap.removeFromSuperview() }
        self.caps = self.plan.rows.flatMap { $0 }.map { key in
            let (caption, icon) = self.caption(for: key)
            let function = !key.isCharacter && key.role != .space
            let submit = key.role == .submit
            let cap = KeyCapView(
                key: key, caption: caption, isIcon: icon,
                fill: submit ? self.theme.tint : (function ? self.colors.functionKey : self.colors.key),
                pressedFill: submit ? self.theme.tint.interpolated(to: .black, fraction: 0.25) : self.colors.pressed,
                textColor: submit ? self.theme.onTint : self.colors.label, fontFamily: self.theme.fontFamily,
                pointSize: icon ? 26 : (key.isCharacter ? (self.plan.isPad ? 28 : 24) : 17))
            if key.role == .shift && self.shift != .off { cap.fill = self.colors.key }
            cap.isKeypadOperated = self.isKeypadOperated
            cap.onActivate = { [unowned self] key in self.act(key) }
            self.addSubview(cap)
            return cap
        }
        self.bringSubviewToFront(self.popup)
        self.setNeedsLayout()
        if let focused, !self.caps.isEmpty { self.window?.moveFocus(to: self.caps[min(focused, self.caps.count - 1)]) }
    }

    /// Whether a keypad operates the keyboard (issue 33: nothing is reachable by touch only):
    /// its keys join the focus chain, up and down walk them in reading order, select types the
    /// focused one. Touch works as ever.
    public var isKeypadOperated = false {
        didSet { for cap in self.caps { cap.isKeypadOperated = self.isKeypadOperated } }
    }
    /// The key views, in reading order (a keypad's focus starts on the first).
    public var keyViews: [KeyCapView] { self.caps }

    private func caption(for key: KeyboardKey) -> (String, Bool) {
        switch key.role {
        case .character(let text): return (text, false)
        case .shift: return (self.shift == .locked ? "keyboard_capslock" : "arrow_upward", true)
        case .backspace: return ("backspace", true)
        case .space: return ("", false)
        case .submit: return (self.submitTitle, false)
        case .hide: return ("keyboard_hide", true)
        case .page(let page): return (page == .letters ? "ABC" : "123", false)
        }
    }

    private func setShift(_ state: ShiftState) {
        guard state != self.shift else { return }
        self.shift = state
        if self.page == .letters { self.rebuild() }
    }

    /// Shift on for one character where the field wants a capital (unless locked).
    func updateAutoShift() {
        guard self.shift != .locked, self.page == .letters else { return }
        let wanted = self.capitalizesNext?() ?? false
        self.setShift(wanted ? .once : .off)
    }

    // MARK: - Touch

    private func touched(_ contact: TouchContact) {
        let point = self.convertFromWindow(Point(x: contact.x, y: contact.y))
        switch contact.phase {
        case .began:
            var press = Press(cap: self.cap(at: point))
            self.pressed(&press, contact: contact.id)
            self.presses[contact.id] = press
        case .moved, .stationary:
            guard var press = self.presses[contact.id] else { return }
            if !press.variants.isEmpty {
                let index = self.variantIndex(at: point, count: press.variants.count)
                press.variant = index
                self.popup.show(press.variants, selected: index)
            } else if let cap = self.cap(at: point), cap !== press.cap, press.cap?.key.role != .backspace {
                self.release(&press, acting: false)
                press = Press(cap: cap)
                self.pressed(&press, contact: contact.id)
            }
            self.presses[contact.id] = press
        case .ended:
            guard var press = self.presses.removeValue(forKey: contact.id) else { return }
            self.release(&press, acting: true)
        case .cancelled:
            guard var press = self.presses.removeValue(forKey: contact.id) else { return }
            self.release(&press, acting: false)
        }
    }

    private func pressed(_ press: inout Press, contact id: Int) {
        guard let cap = press.cap else { return }
        cap.setPressed(true)
        if cap.key.isCharacter { self.showPopup(over: cap) }
        if cap.key.role == .backspace {
            self.act(cap.key)
            press.timer = self.window?.clock?.schedule(after: Self.longPressDelay) { [weak self] in self?.repeatBackspace(contact: id) }
        } else if !cap.key.variants.isEmpty {
            press.timer = self.window?.clock?.schedule(after: Self.longPressDelay) { [weak self] in self?.showVariants(contact: id) }
        }
    }

    private func release(_ press: inout Press, acting: Bool) {
        if let timer = press.timer { self.window?.clock?.cancel(timer) }
        press.timer = nil
        press.cap?.setPressed(false)
        if self.presses.isEmpty || self.popupOwner(excluding: press) == nil { self.hidePopup() }
        guard acting, let cap = press.cap else { return }
        if !press.variants.isEmpty {
            self.type(press.variants[press.variant])
        } else if cap.key.role != .backspace {
            self.act(cap.key)
        }
    }

    private func popupOwner(excluding press: Press) -> KeyCapView? {
        self.presses.values.compactMap(\.cap).first { $0 !== press.cap && $0.key.isCharacter }
    }

    private func repeatBackspace(contact id: Int) {
        guard var press = self.presses[id], press.cap?.key.role == .backspace else { return }
        press.repeats += 1
        self.act(KeyboardKey(.backspace, name: "backspace"), isRepeat: true)
        press.timer =
            press.repeats < Self.maximumRepeats
            ? self.window?.clock?.schedule(after: Self.repeatInterval) { [weak self] in self?.repeatBackspace(contact: id) } : nil
        self.presses[id] = press
    }

    private func showVariants(contact id: Int) {
        guard var press = self.presses[id], let cap = press.cap, case .character(let base) = cap.key.role else { return }
        press.timer = nil
        press.variants = [base] + cap.key.variants
        press.variant = 0
        self.presses[id] = press
        let width = KeyPopupView.cellWidth * Double(press.variants.count)
        let x = min(max(0, cap.frame.midX - KeyPopupView.cellWidth / 2), self.bounds.width - width)
        self.popup.frame = Rect(x: x, y: cap.frame.minY - KeyboardPlan.keyHeight - 8, width: width, height: KeyboardPlan.keyHeight + 4)
        self.popup.show(press.variants, selected: 0)
        self.popup.isHidden = false
    }

    private func variantIndex(at point: Point, count: Int) -> Int {
        min(max(0, Int(((point.x - self.popup.frame.minX) / KeyPopupView.cellWidth).rounded(.down))), count - 1)
    }

    private func showPopup(over cap: KeyCapView) {
        guard case .character(let text) = cap.key.role, !self.plan.isPad else { return }
        let width = max(cap.frame.width + 16, 64)
        let height = cap.frame.height * 2.1
        self.popup.frame = Rect(x: cap.frame.midX - width / 2, y: cap.frame.maxY - height, width: width, height: height)
        self.popup.show([text], selected: nil)
        if self.popup.superview !== self { self.addSubview(self.popup) }
        self.popup.isHidden = false
    }

    private func hidePopup() {
        self.popup.isHidden = true
        self.popup.show([], selected: nil)
    }

    /// The key under `point`: each key owns the gaps half-way to its neighbours, and the rows'
    /// ends reach the keyboard's edges, so a finger between two keys still types one.
    func cap(at point: Point) -> KeyCapView? {
        let reach = KeyboardPlan.gap / 2 + 0.5
        var best: KeyCapView?
        var distance = Double.infinity
        for cap in self.caps {
            let frame = cap.frame.insetBy(dx: -reach, dy: -reach)
            guard point.y >= frame.minY, point.y <= frame.maxY else { continue }
            let d = point.x < frame.minX ? frame.minX - point.x : (point.x > frame.maxX ? point.x - frame.maxX : 0)
            if d < distance {
                distance = d
                best = cap
            }
        }
        return distance <= (self.plan.isPad ? reach : .infinity) ? best : nil
    }

    // MARK: - Acting

    private func act(_ key: KeyboardKey, isRepeat: Bool = false) {
        switch key.role {
        case .character(let text): self.type(text)
        case .space: self.type(" ")
        case .backspace: self.send(.backspace, isRepeat: isRepeat)
        case .submit: self.send(.enter)
        case .hide: self.onHide?()
        case .page(let page):
            self.page = page
            self.shift = .off
            self.rebuild()
            self.updateAutoShift()
        case .shift:
            let now = self.window?.clock?.now ?? .zero
            let double = self.lastShiftTap.map { now - $0 <= Self.capsLockInterval } ?? false
            self.lastShiftTap = now
            switch self.shift {
            case .off: self.setShift(double ? .locked : .once)
            case .once: self.setShift(double ? .locked : .off)
            case .locked: self.setShift(.off)
            }
        }
    }

    private func type(_ text: String) {
        self.send(.text(text))
        if self.shift == .once { self.setShift(.off) }
        self.updateAutoShift()
    }

    private func send(_ key: KeyEvent.Key, isRepeat: Bool = false) {
        self.keyCount += 1
        let time = self.window?.clock?.now.microseconds ?? 0
        self.onKey?(KeyEvent(key, isRepeat: isRepeat, timestamp: UInt64(max(0, time)), device: "on-screen keyboard"))
        if case .backspace = key { self.updateAutoShift() }
    }
}
