import VitrineCore

/// Whether a headset is plugged in, from every jack the machine reports: the sound cards' ALSA
/// jack controls (`AlsaJackWatch`) and the jack input devices (`EvdevJackWatch`), both when
/// both exist (an HDA codec reports the same jack both ways; they agree).
///
/// Speech mode starts when `plugged` turns true and stops when it turns false (`onChange`, on
/// the loop thread). At start it says what it follows ("following the headphone jack of card 0
/// (HDA Intel PCH): Headphone Jack"), or, once, that there is nothing to follow — then speech
/// starts only by its key. Devices it may not open are logged with what to do by the watch that
/// met them; nothing here fails.
public final class HeadsetWatch {
    /// Called on the loop when `plugged` changes.
    public var onChange: ((Bool) -> Void)?
    /// Whether headphones are in any followed jack.
    public private(set) var plugged: Bool
    public let alsa: AlsaJackWatch
    public let evdev: EvdevJackWatch

    /// What it follows, one line each (the log's and `vitrine doctor`'s words).
    public var followed: [String] {
        self.alsa.jacks.map { "the headphone jack of \($0)" } + self.evdev.jacks.map { "the headphone jack input device \($0)" }
    }

    /// Finds the jacks and follows them on `loop`. `inputDirectory` is where the jack input
    /// devices are looked for (tests point it elsewhere).
    public init(loop: EventLoop, inputDirectory: String = "/dev/input", logger: Logger = Logger("speech")) {
        self.alsa = AlsaJackWatch(loop: loop, logger: logger)
        self.evdev = EvdevJackWatch(loop: loop, directory: inputDirectory, logger: logger)
        self.plugged = self.alsa.plugged || self.evdev.plugged
        let followed = self.followed
        if followed.isEmpty {
            logger.info("no headphone jack reports a plug (no ALSA jack control, no SW_HEADPHONE_INSERT input device): speech starts only by its key")
        }
        for line in followed { logger.info("following \(line)") }
        if !followed.isEmpty { logger.info("a headset is \(self.plugged ? "plugged in" : "not plugged in")") }
        self.alsa.onChange = { [weak self] _ in self?.update() }
        self.evdev.onChange = { [weak self] _ in self?.update() }
    }

    /// Stops following every jack.
    public func stop() {
        self.alsa.stop()
        self.evdev.stop()
    }

    private func update() {
        let plugged = self.alsa.plugged || self.evdev.plugged
        guard plugged != self.plugged else { return }
        self.plugged = plugged
        self.onChange?(plugged)
    }
}
