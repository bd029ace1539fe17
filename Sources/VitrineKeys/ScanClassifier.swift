import VitrineCore

/// Tells one keyboard device's scans from its typing: a barcode or QR scanner is a USB keyboard
/// that types the code and Enter, and what it reads must reach the scene as one `ScanEvent`,
/// never as keys in whatever field has the focus.
///
/// A pure state machine over the device's decoded keys, driven by their timestamps; the owner
/// arms a timer for `deadline` and calls `flush(at:)` when it passes, so tests run on virtual
/// time. Two kinds of device:
///
/// - **A scanner** (configured, `ScannerMatch`, or recognised as below): its text is buffered
///   until Enter, which makes it one scan, or until `scannerGap` passes without a key (scanners
///   set up without an Enter suffix). Its keys never become key events.
/// - **Any other keyboard**, by timing: people do not type two characters `burstGap` apart —
///   even a typist at 100 words a minute (500 characters) presses one every 120 ms on average —
///   while a USB scanner sends one every few
///   milliseconds (7–8 ms measured, sometimes 16 ms, in bitsnpixels.dev's "Scanner or person?",
///   which settles on the same 20 ms). So the first key of a run is let through at once, and a
///   key that comes within `burstGap` of the one before is held. A run of at least
///   `shortestScan` characters that ends with Enter is a scan: the scan is emitted, the one
///   character let through is taken back with a `.backspace`, and the device counts as a
///   scanner from then on (until it is unplugged: a new classifier). A run that ends without
///   Enter — `burstGap` passes — is let through as the keys it was, in order, only late by
///   `burstGap`.
///
/// Bounded: a run or scan holds at most `longestScan` characters; past that it is dropped with
/// one log line naming the device (never the text: what is typed is not logged), and the
/// device's keys are ignored until it pauses for `scannerGap`.
public struct ScanClassifier {
    /// What the classifier lets out, in order.
    public enum Output: Equatable, Sendable, CustomStringConvertible {
        case key(KeyEvent)
        case scan(ScanEvent)

        public var description: String {
            switch self {
            case .key(let key): "key \(key.key)"
            case .scan(let scan): "scan \(scan.code.count) characters"
            }
        }
    }

    /// The longest pause inside a scanner's burst: 20 ms, in microseconds (see the type).
    public static let burstGap: UInt64 = 20_000
    /// How long a scanner may pause before what it typed is a scan, or before a dropped burst
    /// ends: 100 ms, five times `burstGap`, still far below a person's next scan.
    public static let scannerGap: UInt64 = 100_000
    /// The fewest characters a timing-recognised scan has: 4. The shortest common barcodes
    /// (EAN-8, UPC-E) have 8 digits; 4 leaves room for short internal codes while a person's
    /// rolled-over pair ("th" + Enter) stays keys.
    public static let shortestScan = 4
    /// The most characters held for one scan or run: 4,096. A QR code holds at most 4,296
    /// alphanumeric characters (version 40, level L), and kiosk codes are far shorter; the bound
    /// keeps a stuck or hostile device from growing memory.
    public static let longestScan = 4_096

    private enum State {
        case idle
        /// A timed run on a keyboard: the key let through at its start (nil when the run began
        /// within `burstGap` of the previous run's end) and the keys held since.
        case run(first: KeyEvent?, held: [KeyEvent], characters: Int)
        /// A scanner's code so far.
        case buffering(code: String, characters: Int)
        /// A burst that grew past `longestScan`: keys are ignored until a `scannerGap` pause.
        case ignoring
    }

    /// The device's name, for scans and log lines.
    public let device: String
    /// Whether the device is (configured or recognised as) a scanner.
    public private(set) var isScanner: Bool
    private var state = State.idle
    /// The time of the device's previous key.
    private var last: UInt64?
    private let logger: Logger

    /// Whether a keyboard not configured as a scanner is watched for a scanner's timing (a
    /// config's `keyboard.detectScanners`); off, its keys are always keys.
    public var detectsByTiming = true

    public init(device: String, isScanner: Bool = false, logger: Logger = Logger("keys")) {
        self.device = device
        self.isScanner = isScanner
        self.logger = logger
    }

    /// When `flush(at:)` has something to do, in microseconds: a held run's or a scanner's end.
    public var deadline: UInt64? {
        guard let last = self.last else { return nil }
        switch self.state {
        case .run(_, let held, _) where !held.isEmpty: return Self.after(last, Self.burstGap)
        case .buffering, .ignoring: return Self.after(last, Self.scannerGap)
        default: return nil
        }
    }

    /// Classifies the device's next key (its timestamp must not be before the previous one's);
    /// returns what is let out now.
    public mutating func handle(_ key: KeyEvent) -> [Output] {
        var out = self.flush(at: key.timestamp)
        let within = self.last.map { key.timestamp < Self.after($0, Self.burstGap) } ?? false
        defer { self.last = max(self.last ?? 0, key.timestamp) }
        switch self.state {
        case .ignoring:
            break
        case .idle where self.isScanner, .buffering:
            self.scanner(key, &out)
        case .idle where !self.detectsByTiming:
            out.append(.key(key))
        case .idle:
            if within {
                self.state = .run(first: nil, held: [key], characters: key.characters)
            } else {
                out.append(.key(key))
                self.state = .run(first: key, held: [], characters: key.characters)
            }
        case .run(let first, var held, let characters):
            // Not held twice while it grows: appending copies nothing.
            self.state = .idle
            // A scan is text only (the key let through first counts when it is text) and Enter.
            if key.key == .enter && characters >= Self.shortestScan && held.allSatisfy({ $0.characters > 0 }) {
                let code = ([first].compactMap { $0 } + held).map(\.text).joined()
                if first?.characters ?? 0 > 0 { out.append(.key(KeyEvent(.backspace, timestamp: key.timestamp, device: self.device))) }
                out.append(.scan(ScanEvent(code: code, device: self.device, timestamp: key.timestamp)))
                self.isScanner = true
                self.state = .idle
                self.logger.notice(
                    "\(self.device) typed \(characters) characters and Enter within \(Self.burstGap / 1000) ms of each other: a scanner; its keys are scans until it is unplugged"
                )
            } else if characters + key.characters > Self.longestScan {
                if let first, first.characters > 0 { out.append(.key(KeyEvent(.backspace, timestamp: key.timestamp, device: self.device))) }
                self.drop()
            } else {
                held.append(key)
                self.state = .run(first: first, held: held, characters: characters + key.characters)
            }
        }
        return out
    }

    /// Lets out what time `now` (microseconds) ends: a held run whose `burstGap` has passed (as
    /// keys), a scanner's code whose `scannerGap` has passed (as a scan). `UInt64.max` ends
    /// everything (a replay that is over).
    public mutating func flush(at now: UInt64) -> [Output] {
        guard let last = self.last else { return [] }
        let pause = now > last ? now - last : 0
        switch self.state {
        case .run(_, let held, _) where pause > Self.burstGap:
            self.state = .idle
            return held.map { .key($0) }
        case .buffering(let code, _) where pause > Self.scannerGap:
            self.state = .idle
            return [.scan(ScanEvent(code: code, device: self.device, timestamp: last))]
        case .ignoring where pause > Self.scannerGap:
            self.state = .idle
            return []
        default:
            return []
        }
    }

    /// The device went away: whatever is held (a scan being read, a run) is dropped, with a log
    /// line when there was something.
    public mutating func unplugged() {
        switch self.state {
        case .run(_, let held, _) where !held.isEmpty:
            self.logger.warning("\(self.device) was unplugged in the middle of \(held.count) fast keys; they are dropped")
        case .buffering(_, let characters):
            self.logger.warning("\(self.device) was unplugged in the middle of a scan (\(characters) characters); it is dropped")
        default:
            break
        }
        self.state = .idle
    }

    /// The first time more than `gap` after `time`; saturating, so no timestamp can trap.
    private static func after(_ time: UInt64, _ gap: UInt64) -> UInt64 {
        time > UInt64.max - gap - 1 ? UInt64.max : time + gap + 1
    }

    /// A scanner's key: text is buffered, Enter ends the scan, anything else means nothing.
    private mutating func scanner(_ key: KeyEvent, _ out: inout [Output]) {
        var (code, characters) = ("", 0)
        if case .buffering(let sofar, let count) = self.state { (code, characters) = (sofar, count) }
        self.state = .idle
        switch key.key {
        case .text(let text):
            guard characters + text.count <= Self.longestScan else {
                self.drop()
                return
            }
            code += text
            self.state = .buffering(code: code, characters: characters + text.count)
        case .enter:
            if characters > 0 { out.append(.scan(ScanEvent(code: code, device: self.device, timestamp: key.timestamp))) }
            self.state = .idle
        default:
            if characters > 0 { self.state = .buffering(code: code, characters: characters) }
        }
    }

    private mutating func drop() {
        self.state = .ignoring
        self.logger.warning(
            "\(self.device) typed more than \(Self.longestScan) characters without a pause or Enter; they are dropped, and its keys are ignored until it pauses for \(Self.scannerGap / 1000) ms"
        )
    }
}

extension KeyEvent {
    /// The characters of its text; 0 for keys that are not text.
    fileprivate var characters: Int {
        if case .text(let text) = self.key { return text.count }
        return 0
    }

    fileprivate var text: String {
        if case .text(let text) = self.key { return text }
        return ""
    }
}
