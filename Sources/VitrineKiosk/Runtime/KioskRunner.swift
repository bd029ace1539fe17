import Glibc
import VitrineCore
import VitrineSystem
import VitrineUI

/// Runs a kiosk scene on the real screen and touch input, in one epoll loop, until SIGINT or
/// SIGTERM; then puts the screen back the way it was found.
public final class KioskRunner {
    public let configuration: KioskConfiguration
    public let loop: EpollEventLoop
    private let logger: Logger
    public private(set) var scene: KioskScene?
    private var display: OpenedDisplay?
    private var input: InputSource?
    private var signals: SignalWatcher?
    private var calibrationWatch: AnyObject?

    public init(configuration: KioskConfiguration, loop: EpollEventLoop, logger: Logger = Logger("kiosk")) {
        self.configuration = configuration
        self.loop = loop
        self.logger = logger
    }

    /// Opens the display and input, builds the scene, and runs until a stop signal (or
    /// `seconds`, when given).
    public func run(seconds: Double? = nil, baseDirectory: String? = nil) throws {
        let display = try DisplayOpener.open(self.configuration.display, loop: self.loop)
        self.display = display
        let output = display.output
        let window = Window(output: output, scale: self.configuration.scale)
        self.scene = try KioskScene(configuration: self.configuration, window: window, images: SceneImages(screenSize: output.size, baseDirectory: baseDirectory))
        output.onEvent = { event in
            if case .resumed = event { window.compositor.setNeedsFullRedraw(); window.setNeedsFrame() }
        }
        var inputConfiguration = InputConfiguration(
            transform: TouchTransform(nativeSize: output.rotation.nativeSize(forLogical: output.size), rotation: output.rotation, scale: self.configuration.scale))
        inputConfiguration.seat = self.configuration.input.seat
        inputConfiguration.calibrationDirectory = self.configuration.input.calibrationDirectory
        do {
            let input = try InputOpener.open(inputConfiguration, loop: self.loop, logger: Logger("input"))
            input.onFrame = { frame in window.handle(frame) }
            try input.start()
            self.input = input
            self.calibrationWatch = InputOpener.followCalibrationChanges(of: input, directory: inputConfiguration.calibrationDirectory, loop: self.loop)
        } catch {
            // A kiosk without touch still shows its screen.
            self.logger.error("\(error); running without touch input")
        }
        let signals = try SignalWatcher(signals: [SIGINT, SIGTERM], loop: self.loop)
        signals.on(SIGINT) { [loop] _ in loop.stop() }
        signals.on(SIGTERM) { [loop] _ in loop.stop() }
        self.signals = signals
        self.logger.notice("showing the kiosk on \(output.name)")
        if let seconds { try self.loop.run(for: .seconds(seconds)) } else { try self.loop.run() }
        output.shutdown()
    }
}
