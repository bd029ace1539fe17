import VitrineCore
import VitrineUI

/// Speech mode (Docs/accessibility.md; EN 301 549 5.1.3 "audio output of visual information",
/// 2010 ADA §707.5): with a headset in, or after the `speech` key, the kiosk says each screen's
/// title and opening texts on arrival, then the element the focus is on — its label, value,
/// role, states and place — as keys move it, what a finger explores, what sheets say as they
/// open and what an action changed. Every utterance goes to `speechOutput` (synthesised off the
/// loop) and to `transcript`.
extension SceneController: SpeakingScene {
    /// The volume speech starts at: loud enough in a headset, with room to go up (0…1).
    public static let defaultSpeechVolume = 0.8
    /// One press of a volume key (ten steps from silent to full).
    public static let speechVolumeStep = 0.1
    /// The quietest the volume keys go: a visitor never loses the voice that tells them where
    /// they are (they can pull the headset to stop it).
    public static let quietestSpeechVolume = 0.1

    public func headsetChanged(plugged: Bool) {
        self.record(plugged ? "headset in" : "headset out")
        self.headsetPlugged = plugged
        self.setSpeechMode(plugged)
    }

    /// The accessibility sheet's Speech row and the "more time" question speak through here.
    func attachSpeech() {
        guard self.model.accessibility.speech else { return }
        self.onSpeechToggle = { [weak self] on in self?.setSpeechMode(on) }
        self.onPrompt = { [weak self] question in self?.say(question, kind: .prompt, interrupting: true) }
        self.builder.onControlChange = { [weak self] view in self?.controlChanged(view) }
    }

    /// Idle: the volume back to its default (EN 301 549 5.1.3.13, volume reset after each use);
    /// speech turned on by a key, the sheet or the socket goes off — a headset still plugged in
    /// keeps it on (someone may be listening).
    func speechWentIdle() {
        if self.speechVolume != Self.defaultSpeechVolume {
            self.speechVolume = Self.defaultSpeechVolume
            self.speechOutput?.volume = self.speechVolume
        }
        if self.speechMode, !self.headsetPlugged { self.setSpeechMode(false) }
    }

    /// Starts or stops speech mode: on, touch exploration replaces direct touch and the screen
    /// is said; off, speech stops at once and touches act again.
    public func setSpeechMode(_ on: Bool) {
        guard on != self.speechMode, !on || self.model.accessibility.speech else { return }
        self.speechMode = on
        self.record("speech=\(on ? "on" : "off")")
        self.explorer = TouchExplorer()
        if on {
            self.speechOutput?.volume = self.speechVolume
            self.window?.touchExploration = { [weak self] frame in
                // nil from explore() swallows the frame; only a scene that is gone passes it on.
                guard let self else { return frame }
                return self.explore(frame)
            }
            self.say(self.phrases(.speechOn), kind: .result, interrupting: true)
            // After "Speech on", not over it: interrupting cut it before its first sample reached
            // the card (the QEMU speech test heard only the screen).
            self.announceScreen(interrupting: false)
        } else {
            self.speechOutput?.stopSpeaking()
            self.window?.touchExploration = nil
            self.lastSpokenElement = nil
        }
        self.armIdleTimer()
    }

    /// The words speech adds, in the kiosk's current language.
    var phrases: AccessibilityPhrases { AccessibilityPhrases(language: self.language ?? self.model.defaultLanguage) }

    /// The last utterance that said something about the screen (what the repeat key says again).
    public var lastUtterance: Utterance? { self.transcript.last }

    /// Says `text` in the kiosk's language; nothing outside speech mode.
    func say(_ text: String, kind: Utterance.Kind, interrupting: Bool = false) {
        guard self.speechMode, !text.isEmpty else { return }
        let utterance = Utterance(text, language: self.language ?? self.model.defaultLanguage ?? "en", kind: kind)
        self.transcript.append(utterance)
        self.speechOutput?.speak(utterance, interrupting: interrupting)
    }

    /// The screen view in front: the presented sheet's, the onboarding page, or the top screen.
    var frontScreenView: ScreenView? {
        if let sheet = self.contentSheet, sheet.isPresented, !sheet.isDismissing, let screen = self.presentedScreen { return screen }
        if self.isOnboardingShowing, let page = self.onboarding?.pager.currentPage as? ScreenView { return page }
        return self.topScreen
    }

    /// A screen arrived (or was built again in another language): its title and the texts before
    /// its first actionable element, then that element gets the focus (its ring drawn) and is said.
    /// It cuts off what was being said, unless `interrupting` is false (speech mode starting: it
    /// follows "Speech on").
    func announceScreen(interrupting: Bool = true) {
        guard self.speechMode, let window = self.window, let screen = self.frontScreenView else { return }
        let phrases = self.phrases
        var parts: [String] = []
        let title = self.builder.text(screen.model.title)
        if !title.isEmpty { parts.append(title) }
        let elements = window.accessibilityElements(in: screen).filter { !Self.isInBar($0) }
        for element in elements {
            if element.canBecomeFocused { break }
            if let text = SpokenDescription.reading(of: element, phrases: phrases), text != title { parts.append(text) }
        }
        self.say(parts.joined(separator: ", "), kind: .screen, interrupting: interrupting)
        if let first = elements.first(where: { $0.canBecomeFocused }) ?? window.focusChain.first {
            self.arrivingFocus = true
            window.focus(first, showingRing: true)
            self.arrivingFocus = false
        }
    }

    /// Whether `view` is in a navigation bar (its title and buttons are not the screen's content).
    static func isInBar(_ view: View) -> Bool {
        var current: View? = view
        while let next = current {
            if next is NavigationBar { return true }
            current = next.superview
        }
        return false
    }

    /// The focus moved (keys, exploration, arrival): the element is said, cutting off what was
    /// being said unless the screen's arrival is.
    func speakFocus(_ view: View?) {
        guard self.speechMode, let view, let text = SpokenDescription.text(for: view, phrases: self.phrases) else { return }
        self.lastSpokenElement = view
        self.say(text, kind: .focus, interrupting: !self.arrivingFocus)
    }

    /// A sheet came up: its title and opening texts, then its first element (as a screen's
    /// arrival); called when it has finished coming up, so its elements are on the screen.
    func announceSheet() {
        guard self.speechMode else { return }
        self.announceScreen()
    }

    /// Activates `view` as the select key or a double tap does, then says what changed on the
    /// same screen: the focused element when its own description changed (a row now
    /// selected), else the texts that changed (a count, a total). A new screen says itself on
    /// arrival. What changed is read after the next frame's layout (`resultDelay`): new data
    /// gives a list new row views then.
    @discardableResult
    func activateSaying(_ view: View) -> Bool {
        // A key says what it typed itself (`keypadTyped`).
        guard let window = self.window, !(view is KeyCapView) else { return view.activate() }
        let phrases = self.phrases
        let screen = self.frontScreenView
        let before = window.accessibilityElements(in: screen).map { SpokenDescription.reading(of: $0, phrases: phrases) ?? "" }
        let ownBefore = SpokenDescription.text(for: view, phrases: phrases, place: false)
        guard view.activate() else { return false }
        guard self.speechMode, let clock = window.clock else { return true }
        clock.schedule(at: clock.now + Self.resultDelay) { [weak self, weak window] in
            guard let self, let window, self.speechMode, self.frontScreenView === screen, self.navigation?.isTransitioning != true else { return }
            if let focused = window.focusedView, focused.window === window,
                let own = SpokenDescription.text(for: focused, phrases: phrases, place: false), own != ownBefore
            {
                self.lastSpokenElement = focused
                self.say(SpokenDescription.text(for: focused, phrases: phrases) ?? own, kind: .result, interrupting: true)
                return
            }
            let elements = window.accessibilityElements(in: screen)
            let after = elements.map { SpokenDescription.reading(of: $0, phrases: phrases) ?? "" }
            // The texts not there before, in reading order (a button that became usable moves
            // the others along, so they are matched by text, not by place).
            var unmatched: [String: Int] = [:]
            for text in before { unmatched[text, default: 0] += 1 }
            var changed: [String] = []
            for (index, text) in after.enumerated() where !text.isEmpty {
                if let count = unmatched[text], count > 0 {
                    unmatched[text] = count - 1
                } else if !elements[index].canBecomeFocused {
                    changed.append(text)
                }
            }
            self.say(changed.joined(separator: ", "), kind: .result, interrupting: true)
        }
        return true
    }

    /// How long after an action its result is read: past the next frame at 60 Hz (16.7 ms), when
    /// bound texts and rebuilt rows are laid out.
    static let resultDelay = Nanoseconds.milliseconds(20)

    /// The help key: the screen again, its texts in full, and which key does what.
    func speakHelp() {
        guard self.speechMode, let window = self.window, let screen = self.frontScreenView else { return }
        let phrases = self.phrases
        var parts: [String] = []
        let title = self.builder.text(screen.model.title)
        if !title.isEmpty { parts.append(title) }
        for element in window.accessibilityElements(in: screen) where !Self.isInBar(element) && !element.canBecomeFocused {
            if let text = SpokenDescription.reading(of: element, phrases: phrases), text != title { parts.append(text) }
        }
        parts.append(phrases(.keypadHelp))
        self.say(parts.joined(separator: ", "), kind: .help, interrupting: true)
    }

    /// The repeat key: the last utterance again.
    func repeatUtterance() {
        guard self.speechMode, let last = self.lastUtterance else { return }
        self.transcript.append(last)
        self.speechOutput?.speak(last, interrupting: true)
    }

    /// The volume keys: a step up or down, said at the new level.
    func changeSpeechVolume(by steps: Int) {
        guard self.speechMode else { return }
        let volume = min(1, max(Self.quietestSpeechVolume, self.speechVolume + Double(steps) * Self.speechVolumeStep))
        self.setSpeechVolume(volume)
    }

    func setSpeechVolume(_ volume: Double) {
        self.speechVolume = (volume * 100).rounded() / 100
        self.speechOutput?.volume = self.speechVolume
        self.record("speech.volume=\(Int((self.speechVolume * 100).rounded()))")
        self.say(self.phrases(.volume, Int((self.speechVolume * 100).rounded())), kind: .result, interrupting: true)
    }

    /// The stop key: silence now; the next focus move speaks again.
    func stopSpeaking() {
        self.record("speech.stop")
        self.speechOutput?.stopSpeaking()
    }

    /// The state dump's `speech`: the mode, the volume and the last utterances said.
    var speechDump: JSONValue {
        .object([
            ("mode", .bool(self.speechMode)), ("volume", .number(self.speechVolume)),
            ("said", .array(self.transcript.elements.suffix(Self.speechDumpLength).map { .string($0.description) }))
        ])
    }

    /// How many utterances the state dump shows: a screen's worth of walking.
    static let speechDumpLength = 12
}
