import VitrineCore

/// The keyboards of one input source — libinput's seat or a replayed recording — from evdev key
/// codes to `KeyEvent`s and `ScanEvent`s on the source's loop: per device a `KeyDecoder` (its
/// own xkb state on one shared keymap), a `ScanClassifier` and key repeat, so the live source
/// and its deterministic twin deliver the same events for the same key codes and times.
///
/// **Repeat** is made here (libinput makes none; the kernel's own repeats are not passed on): a
/// key xkb says repeats (`xkb_keymap_key_repeats`) repeats after `repeatDelay`, every
/// `repeatInterval`, at most `maximumRepeats` times a press; it stops when the key is released,
/// when another key is pressed on that keyboard, and when the keyboard goes away.
///
/// **Timers** run on the source's clock, whose time is the events' time base (`CLOCK_MONOTONIC`
/// for libinput; a replay schedules its events on the loop's clock); `beforeTimer` lets the owner
/// read events already queued before a timer acts, so a key waiting in libinput's queue counts
/// before a scanner's pause is judged.
///
/// **The keymap** is compiled when the first keyboard appears. A keymap xkbcommon refuses is
/// reported as a warning and the keyboards type with `us`; when even that fails (no xkb-data),
/// as an error, and keyboards are ignored. What xkbcommon accepts with a complaint (an unknown
/// option, which it ignores) is a warning too.
public final class Keyboards {
    /// How long a key is held before it repeats: 660 ms, and then every 40 ms (25 a second): the
    /// X server's defaults (`XkbDfltRepeatDelay = 660`, `XkbDfltRepeatInterval = 40` in
    /// xserver's xkb/xkbAccessX.c; `xset q` prints "auto repeat delay: 660 repeat rate: 25").
    public static let repeatDelay = Nanoseconds.milliseconds(660)
    public static let repeatInterval = Nanoseconds.milliseconds(40)
    /// The most repeats of one press: 250, 10 s of repeating; then one log line. A key held
    /// longer is a parcel on the keyboard, not a person.
    public static let maximumRepeats = 250

    public var onKey: ((KeyEvent) -> Void)?
    public var onScan: ((ScanEvent) -> Void)?
    /// Keymap problems: `.warning` (another layout is used) or `.error` (keys are ignored).
    public var onDeviceEvent: ((InputDeviceEvent) -> Void)?
    /// Called before a timer of this object acts.
    public var beforeTimer: (() -> Void)?

    private struct Repeat {
        var code: UInt32
        var count: Int
        var deadline: MonotonicTime
        var timer: TimerID?
    }

    private struct Device {
        let name: String
        let decoder: KeyDecoder
        var classifier: ScanClassifier
        var flushTimer: TimerID?
        var flushDeadline: UInt64?
        var repeating: Repeat?
    }

    private let keymapNames: KeymapNames
    private let scanners: [ScannerMatch]
    private let clock: Clock
    private let logger: Logger
    private var keymap: XkbKeymap?
    private var keymapTried = false
    private var devices: [Int: Device] = [:]
    private let detectScanners: Bool

    /// - Parameters:
    ///   - keymap: the layout keyboards type with.
    ///   - scanners: the devices that are scanners whatever their timing.
    ///   - clock: the source's loop.
    ///   - detectScanners: whether other keyboards are watched for a scanner's timing.
    public init(keymap: KeymapNames, scanners: [ScannerMatch], detectScanners: Bool = true, clock: Clock, logger: Logger = Logger("input")) {
        self.detectScanners = detectScanners
        self.keymapNames = keymap
        self.scanners = scanners
        self.clock = clock
        self.logger = logger
    }

    /// Whether a device with this name and ids is a configured scanner.
    public func isConfiguredScanner(name: String, vendor: Int, product: Int) -> Bool {
        self.scanners.contains { $0.matches(name: name, vendor: vendor, product: product) }
    }

    /// Starts decoding the keyboard `id` (the owner's key for the device). Returns false when
    /// there is no keymap to decode it with (reported once through `onDeviceEvent`).
    @discardableResult
    public func add(_ id: Int, name: String, vendor: Int, product: Int) -> Bool {
        self.remove(id)
        guard let keymap = self.loadKeymap() else { return false }
        let decoder: KeyDecoder
        do {
            decoder = try KeyDecoder(keymap: keymap)
        } catch {
            self.onDeviceEvent?(.error(VitrineError(error.code, "keyboard \(name) is ignored: \(error.message)", hint: error.hint)))
            return false
        }
        let scanner = self.isConfiguredScanner(name: name, vendor: vendor, product: product)
        var classifier = ScanClassifier(device: name, isScanner: scanner, logger: self.logger)
        classifier.detectsByTiming = self.detectScanners
        self.devices[id] = Device(name: name, decoder: decoder, classifier: classifier)
        return true
    }

    /// A press or release of evdev key `code` on keyboard `id` at `timestamp` (monotonic µs).
    public func key(_ id: Int, code: UInt32, pressed: Bool, timestamp: UInt64) {
        guard var device = self.devices[id] else { return }
        let event = device.decoder.handle(code: code, pressed: pressed, timestamp: timestamp, device: device.name)
        if pressed {
            self.stopRepeat(&device)
            if event != nil && !device.classifier.isScanner && device.decoder.repeats(code: code) {
                self.startRepeat(&device, id: id, code: code)
            }
        } else if device.repeating?.code == code {
            self.stopRepeat(&device)
        }
        self.devices[id] = device
        if let event { self.classify(id, event) }
    }

    /// The keyboard `id` went away: its repeat stops, a scan it was typing is dropped (logged).
    public func remove(_ id: Int) {
        guard var device = self.devices.removeValue(forKey: id) else { return }
        self.stopRepeat(&device)
        if let timer = device.flushTimer { self.clock.cancel(timer) }
        device.classifier.unplugged()
    }

    /// The source ends (a replay played to its end): repeats stop, and what the classifiers
    /// hold comes out as their pauses would let it out.
    public func finish() {
        for id in self.devices.keys.sorted() {
            guard var device = self.devices[id] else { continue }
            self.stopRepeat(&device)
            if let timer = device.flushTimer { self.clock.cancel(timer) }
            device.flushTimer = nil
            device.flushDeadline = nil
            let outputs = device.classifier.flush(at: .max)
            self.devices[id] = device
            self.deliver(outputs)
        }
    }

    private func loadKeymap() -> XkbKeymap? {
        guard !self.keymapTried else { return self.keymap }
        self.keymapTried = true
        do {
            let keymap = try XkbKeymap(self.keymapNames, logger: self.logger)
            self.keymap = keymap
            if !keymap.warnings.isEmpty {
                self.onDeviceEvent?(
                    .warning(
                        VitrineError(
                            .invalidKeymap,
                            "keyboard layout \(QuotedValue.quoted(self.keymapNames.description)): xkbcommon: \(keymap.warnings.joined(separator: "; "))",
                            hint: "check the options against \(XkbLayoutNames.rulesDirectory)/evdev.lst")))
            }
            return keymap
        } catch {
            let fallback = KeymapNames()
            if self.keymapNames != fallback, let keymap = try? XkbKeymap(fallback, logger: self.logger) {
                self.keymap = keymap
                self.onDeviceEvent?(
                    .warning(VitrineError(error.code, "keyboard layout: \(error.message); keyboards type with \(fallback) instead", hint: error.hint)))
            } else {
                self.onDeviceEvent?(.error(VitrineError(error.code, "keyboards are ignored: \(error.message)", hint: error.hint)))
            }
            return self.keymap
        }
    }

    private func classify(_ id: Int, _ event: KeyEvent) {
        guard var device = self.devices[id] else { return }
        let outputs = device.classifier.handle(event)
        self.devices[id] = device
        self.armFlush(id)
        self.deliver(outputs)
    }

    private func deliver(_ outputs: [ScanClassifier.Output]) {
        for output in outputs {
            switch output {
            case .key(let key): self.onKey?(key)
            case .scan(let scan): self.onScan?(scan)
            }
        }
    }

    /// Keeps one timer per device at its classifier's deadline.
    private func armFlush(_ id: Int) {
        guard var device = self.devices[id] else { return }
        let deadline = device.classifier.deadline
        guard deadline != device.flushDeadline else { return }
        if let timer = device.flushTimer { self.clock.cancel(timer) }
        device.flushTimer = nil
        device.flushDeadline = deadline
        if let deadline {
            // Clamped where microseconds would overflow nanoseconds (292 years of uptime).
            let time = MonotonicTime(microseconds: Int64(min(deadline, UInt64(Int64.max / 1_000))))
            device.flushTimer = self.clock.schedule(at: time) { [weak self] in
                self?.flushDue(id, deadline: deadline)
            }
        }
        self.devices[id] = device
    }

    private func flushDue(_ id: Int, deadline: UInt64) {
        self.beforeTimer?()
        guard var device = self.devices[id] else { return }
        if device.flushDeadline == deadline {
            device.flushTimer = nil
            device.flushDeadline = nil
        }
        let outputs = device.classifier.flush(at: UInt64(max(0, self.clock.now.microseconds)))
        self.devices[id] = device
        self.armFlush(id)
        self.deliver(outputs)
    }

    private func startRepeat(_ device: inout Device, id: Int, code: UInt32) {
        var repeating = Repeat(code: code, count: 0, deadline: self.clock.now + Self.repeatDelay)
        let deadline = repeating.deadline
        repeating.timer = self.clock.schedule(at: deadline) { [weak self] in self?.repeatDue(id, deadline: deadline) }
        device.repeating = repeating
    }

    private func stopRepeat(_ device: inout Device) {
        if let timer = device.repeating?.timer { self.clock.cancel(timer) }
        device.repeating = nil
    }

    private func repeatDue(_ id: Int, deadline: MonotonicTime) {
        self.beforeTimer?()
        guard var device = self.devices[id], var repeating = device.repeating, repeating.deadline == deadline else { return }
        repeating.count += 1
        let event = device.decoder.repeatEvent(code: repeating.code, timestamp: UInt64(max(0, self.clock.now.microseconds)), device: device.name)
        if repeating.count >= Self.maximumRepeats {
            let seconds = Self.repeatInterval.value * Int64(Self.maximumRepeats) / 1_000_000_000
            self.logger.warning("key held for \(seconds) s on \(device.name); repeat stopped")
            device.repeating = nil
        } else {
            repeating.deadline = deadline + Self.repeatInterval
            let next = repeating.deadline
            repeating.timer = self.clock.schedule(at: next) { [weak self] in self?.repeatDue(id, deadline: next) }
            device.repeating = repeating
        }
        self.devices[id] = device
        if let event { self.classify(id, event) }
    }
}
