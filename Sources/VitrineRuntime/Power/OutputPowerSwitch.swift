import VitrineCore

/// A display's own power switch (DPMS on a DRM connector, FBIOBLANK on a framebuffer) as a
/// `PanelPower`: off when blank, on otherwise (dimming is the backlight's business). A switch
/// the driver refuses is logged once; frames stay paused either way, so the panel shows a still
/// picture rather than a live one.
public final class OutputPowerSwitch: PanelPower {
    public let name: String
    private let set: (Bool) throws(VitrineError) -> Void
    private let logger: Logger
    private var reported = false

    /// - Parameter set: switches the display on (true) or off (false).
    public init(name: String, logger: Logger = Logger("power"), set: @escaping (Bool) throws(VitrineError) -> Void) {
        self.name = name
        self.set = set
        self.logger = logger
    }

    public func apply(_ state: PanelState) {
        // Applied every time, not only on a change: a modeset after a VT switch or a hotplug
        // turns DPMS back on behind our back, and `DisplayPower.reapply` puts it right.
        do {
            try self.set(state != .blank)
        } catch {
            guard !self.reported else { return }
            self.reported = true
            self.logger.warning("\(self.name): \(error); the panel stays lit while blank (a backlight, display.power.backlight, can still darken it)")
        }
    }
}
