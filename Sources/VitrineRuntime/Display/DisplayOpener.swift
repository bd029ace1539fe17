import VitrineCore
import VitrineDRM
import VitrineHeadless
import VitrineUdev

/// Which kind of screen to use.
public enum OutputKind: String, Sendable, CaseIterable {
    /// DRM/KMS when a card with modesetting exists, else fbdev.
    case auto
    case drm
    case fbdev
    /// No screen: frames stay in memory (and can be written as PNG).
    case headless
}

/// Everything that selects and shapes the screen: the command line's display options and the
/// kiosk config's `display` section both land here.
public struct DisplayConfiguration: Sendable, Equatable {
    public var kind: OutputKind = .auto
    public var drm = DRMOutputOptions()
    public var fbdevPath = "/dev/fb0"
    /// The headless output's native size and refresh.
    public var headlessSize = PixelSize(width: 1280, height: 800)
    /// The largest headless screen side, from `--size` or `display.headlessSize` (8192
    /// pixels): the widest framebuffer most display hardware scans out (the Raspberry Pi 4/5's
    /// vc4 and Intel's older generations stop at 8192; an 8K panel is 7680), and 8192×8192 is a
    /// 256 MiB frame — with the shadow buffer and layers about a gigabyte, as much as a kiosk
    /// machine should be asked for. 16384², which the runner accepted, took minutes a frame.
    public static let largestHeadlessSide = 8192
    public var headlessRefreshRate = 60.0
    /// When the panel is on, dimmed or blank (`display.power`); nil: always on.
    public var power: PowerSettings?

    public init() {}

    public var rotation: Rotation {
        get { self.drm.rotation }
        set { self.drm.rotation = newValue }
    }
}

/// An open screen, with what keeps it running (the hotplug monitor).
public final class OpenedDisplay {
    public let output: DisplayOutput
    /// nil for an output the caller opened itself (`vitrine preview`'s window).
    public let kind: OutputKind?
    let hotplug: UdevMonitor?
    let udev: UdevContext?

    /// An output opened elsewhere (the preview window), for `Runner.openDisplay`.
    public convenience init(output: DisplayOutput) {
        self.init(output: output, kind: nil, hotplug: nil, udev: nil)
    }

    init(output: DisplayOutput, kind: OutputKind?, hotplug: UdevMonitor?, udev: UdevContext?) {
        self.output = output
        self.kind = kind
        self.hotplug = hotplug
        self.udev = udev
    }
}

/// Opens the screen a configuration asks for, falling back from DRM to fbdev under `auto`.
public enum DisplayOpener {
    public static func open(_ configuration: DisplayConfiguration, loop: EventLoop, logger: Logger = Logger("display")) throws(VitrineError) -> OpenedDisplay {
        switch configuration.kind {
        case .headless:
            let output = HeadlessOutput(
                nativeSize: configuration.headlessSize, rotation: configuration.rotation,
                refreshRate: configuration.headlessRefreshRate, bufferCount: configuration.drm.bufferCount, loop: loop)
            return OpenedDisplay(output: output, kind: .headless, hotplug: nil, udev: nil)
        case .fbdev:
            let output = try FBDevOutput(path: configuration.fbdevPath, rotation: configuration.rotation, loop: loop)
            return OpenedDisplay(output: output, kind: .fbdev, hotplug: nil, udev: nil)
        case .drm, .auto:
            do {
                return try self.openDRM(configuration, loop: loop, logger: logger)
            } catch {
                guard configuration.kind == .auto, error.code == .noDisplayDevice || error.code == .permissionDenied else { throw error }
                logger.notice("no usable DRM card (\(error.message)); trying \(configuration.fbdevPath)")
                do {
                    let output = try FBDevOutput(path: configuration.fbdevPath, rotation: configuration.rotation, loop: loop)
                    return OpenedDisplay(output: output, kind: .fbdev, hotplug: nil, udev: nil)
                } catch let fbError {
                    if error.code == .permissionDenied { throw error }
                    if fbError.code == .notFound { throw DisplayErrors.noDevice() }
                    throw fbError
                }
            }
        }
    }

    static func openDRM(_ configuration: DisplayConfiguration, loop: EventLoop, logger: Logger) throws(VitrineError) -> OpenedDisplay {
        let udev = try? UdevContext()
        let candidates = CardDiscovery.candidates(explicit: configuration.drm.devicePath, udev: udev)
        let output = try DRMOutput(options: configuration.drm, candidates: candidates, loop: loop, openDevice: LibdrmDevice.open, logger: Logger("drm"))
        let monitor = udev.flatMap { output.monitorHotplug(context: $0) }
        return OpenedDisplay(output: output, kind: .drm, hotplug: monitor, udev: udev)
    }
}
