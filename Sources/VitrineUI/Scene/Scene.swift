import VitrineCore

/// Whatever fills a window: a config-driven kiosk (`SceneController` in VitrineScene), or an
/// integrator's own Swift interface. The runtime (`Runner` in VitrineRuntime, `HeadlessRunner`
/// for tests) opens the display and the touchscreen, makes a `Window`, and hands it to
/// `mount(in:)`; from then on touches reach the scene's views through the window, and frames
/// are drawn when its views change.
///
/// ```swift
/// final class Hello: Scene {
///     var onEvent: ((SceneEvent) -> Void)?
///     func mount(in window: Window) throws(VitrineError) {
///         let button = Button(title: "Hello") { [unowned self] in self.onEvent?(SceneEvent(.emit, name: "hello")) }
///         button.frame = Rect(x: 40, y: 40, width: 200, height: 52)
///         window.root.addSubview(button)
///     }
///     func state() -> JSONValue { .object([("schema", .string("hello/1"))]) }
/// }
/// ```
public protocol Scene: AnyObject {
    /// Builds the interface into `window.root`. Called once per window; a new window (another
    /// display size, a reload) gets a fresh call. A thrown error is shown on the runtime's error
    /// page (at start) or keeps the last good scene (on reload).
    func mount(in window: Window) throws(VitrineError)
    /// What the scene is showing, as JSON, for `vitrine replay --state-out`, tests and tools.
    func state() -> JSONValue
    /// Where the scene reports what happened (a button's `emit`, a screen change): the runtime
    /// logs it to the journal and hands it to whoever listens.
    var onEvent: ((SceneEvent) -> Void)? { get set }
}

/// A scene the kiosk's control socket can steer (Docs/operations.md, "Control socket"): the
/// runtime answers `state`, `reload`, `screenshot`, `blank` and `wake` itself and hands every
/// other command here. `SceneController` is one.
public protocol ControllableScene: Scene {
    /// Runs `command` with its arguments (the request object) and returns the reply's `result`.
    /// - Throws: a `VitrineError` whose message is the reply's `error` (an unknown command, a
    ///   missing argument, a screen that does not exist).
    func control(_ command: String, arguments: JSONValue) throws(VitrineError) -> JSONValue
    /// The commands `control` knows, for `help` and error messages.
    var controlCommands: [String] { get }
    /// Restarts the idle count, as a touch would.
    func resetIdle()
}

/// A scene that acts on what a barcode or QR scanner read: the runtime hands it every scan
/// (`SceneController` runs the config's `onScan` and tells the control socket's subscribers).
public protocol ScanningScene: Scene {
    func scanned(_ scan: ScanEvent)
}

/// A scene that talks in speech mode (Docs/accessibility.md): the runtime gives it the speech
/// output once, and tells it when a headset is plugged in or pulled out. `SceneController` is
/// one; it also starts and stops speech mode itself (a configured key, the accessibility sheet).
public protocol SpeakingScene: Scene {
    /// Where the scene's utterances go; nil: nowhere (no sound card, speech not wanted).
    var speechOutput: (any SpeechOutput)? { get set }
    /// A headset was plugged in (true) or pulled out (false): speech mode starts or stops.
    func headsetChanged(plugged: Bool)
}

/// Something a scene tells the world: what kind of thing happened, a name (the `emit`'s name, the
/// screen's id), a small JSON payload, and when (the frame clock's time).
public struct SceneEvent: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// A button's `emit` action: for the integrator's software.
        case emit
        /// Another screen came to the front (the payload holds the navigation stack).
        case screen
        /// Nobody touched the panel for the idle time: the scene went back to its start.
        case idle
        /// The texts are now in another language (the name is its code).
        case language
        /// The panel was switched off (blank) or on again (wake): the runtime's display power.
        case blank
        case wake
        /// A barcode or QR scanner read a code (payload `{"code": …, "device": …}`).
        case scan
    }

    public var kind: Kind
    public var name: String
    public var payload: JSONValue
    public var time: MonotonicTime

    public init(_ kind: Kind = .emit, name: String, payload: JSONValue = .null, time: MonotonicTime = .zero) {
        self.kind = kind
        self.name = name
        self.payload = payload
        self.time = time
    }

    public var json: JSONValue {
        .object([
            ("kind", .string(self.kind.rawValue)), ("name", .string(self.name)), ("payload", self.payload),
            ("time_ms", .number((Double(self.time.nanoseconds) / 1e6).rounded()))
        ])
    }

    /// `emit purchase {"ticket":"day"}`: the journal's line.
    public var description: String {
        if case .null = self.payload { return "\(self.kind.rawValue) \(self.name)" }
        // What a scanner read (a library card, a booking code) stays out of the journal.
        if self.kind == .scan { return "scan from \(self.name) (\(self.payload["code"]?.stringValue?.count ?? 0) characters)" }
        return "\(self.kind.rawValue) \(self.name) \(self.payload.serialized())"
    }
}

/// The last `capacity` items appended, oldest first: the bounded record a kiosk running for
/// months keeps of its events and callbacks (memory never grows with uptime).
public struct BoundedLog<Element>: Sequence {
    public let capacity: Int
    private var storage: [Element] = []
    private var start = 0
    /// How many were ever appended (including those dropped).
    public private(set) var totalCount = 0

    public init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.storage.reserveCapacity(Swift.min(capacity, 64))
    }

    public mutating func append(_ element: Element) {
        self.totalCount += 1
        if self.storage.count < self.capacity {
            self.storage.append(element)
        } else {
            self.storage[self.start] = element
            self.start = (self.start + 1) % self.capacity
        }
    }

    public var elements: [Element] { Array(self.storage[self.start...] + self.storage[..<self.start]) }
    public var count: Int { self.storage.count }
    public var last: Element? { self.storage.isEmpty ? nil : self.storage[(self.start + self.storage.count - 1) % self.storage.count] }
    public func makeIterator() -> IndexingIterator<[Element]> { self.elements.makeIterator() }
    public mutating func removeAll() {
        self.storage.removeAll()
        self.start = 0
    }
}
