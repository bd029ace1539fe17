import VitrineCore

/// How to choose the screen: all optional, the defaults pick the first connected display.
public struct DRMOutputOptions: Sendable, Equatable {
    /// `/dev/dri/cardN`; nil means discover (overridden by `VITRINE_DRM_DEVICE`).
    public var devicePath: String?
    /// `HDMI-A-1`, `DSI-1`…; nil means the first connected connector.
    public var connectorName: String?
    /// nil means the connector's preferred mode, else its largest.
    public var mode: ModeRequest?
    public var rotation: Rotation
    /// 2 (double buffering) or 3; 1 draws into the scanned-out buffer and marks it dirty.
    public var bufferCount: Int

    /// The logical size assumed while no display is connected, when no mode was requested:
    /// a common 10-inch kiosk panel. Clients redraw when the real display appears.
    public static let sizeWithoutDisplay = PixelSize(width: 1280, height: 800)

    public init(devicePath: String? = nil, connectorName: String? = nil, mode: ModeRequest? = nil, rotation: Rotation = .none, bufferCount: Int = 2) {
        self.devicePath = devicePath
        self.connectorName = connectorName
        self.mode = mode
        self.rotation = rotation
        self.bufferCount = bufferCount
    }
}
