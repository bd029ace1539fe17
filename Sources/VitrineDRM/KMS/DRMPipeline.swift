import VitrineCore

/// One card, connector, CRTC and mode, with the scanout buffers for it.
///
/// Built when a display is (or becomes) available; dropped when it goes away or master is lost.
/// It remembers what the CRTC showed before so `restore()` can put it back on exit.
final class DRMPipeline {
    let device: KMSDevice
    let connector: KMSConnector
    let crtcID: UInt32
    let mode: DRMMode
    let buffers: [DumbBuffer]
    let savedCRTC: KMSCRTCState?
    /// Whether `drmModeSetCrtc` has put one of our buffers on screen (the first frame, and the
    /// first after a reconnect or failure, is a modeset; the rest are page flips).
    var modeSet = false
    /// Whether a modeset ever succeeded on this pipeline: losing master after that is a new
    /// loss (logged, back-off from the start); before it, the same one going on.
    var hasShown = false
    /// Cleared when the driver answers DIRTYFB with ENOSYS (its scanout is continuous).
    var dirtyFBSupported = true

    init(device: KMSDevice, connector: KMSConnector, mode: DRMMode, bufferCount: Int, logger: Logger) throws(VitrineError) {
        let resources = try device.resources()
        self.device = device
        self.connector = connector
        self.mode = mode
        self.crtcID = try ModeSelection.crtc(for: connector, device: device, resources: resources)
        self.savedCRTC = try? device.crtcState(self.crtcID)
        var buffers: [DumbBuffer] = []
        for _ in 0..<bufferCount {
            buffers.append(try device.createDumbBuffer(size: mode.size))
        }
        self.buffers = buffers
        logger.info("\(device.path) (\(device.driverName)): \(connector.name) \(mode) on CRTC \(self.crtcID), \(bufferCount) dumb buffers")
    }

    /// A description for logs and `DisplayOutput.name`.
    var name: String {
        let card = self.device.path.split(separator: "/").last.map(String.init) ?? self.device.path
        return "\(card) \(self.connector.name) \(self.mode.width)x\(self.mode.height)@\(String(fixed: self.mode.refreshRate, decimals: 2))Hz"
    }

    /// Puts back what the CRTC showed before Vitrine (plymouth's splash, the console). Without
    /// a saved framebuffer there is nothing to restore: the kernel restores fbcon when the last
    /// master closes the card.
    func restore(logger: Logger) {
        guard let saved = self.savedCRTC, saved.framebufferID != 0, self.modeSet else { return }
        do {
            try self.device.setCRTC(saved.id, framebufferID: saved.framebufferID, x: saved.x, y: saved.y, connectorIDs: [self.connector.id], mode: saved.mode)
            logger.info("restored CRTC \(saved.id) to framebuffer \(saved.framebufferID)")
        } catch {
            logger.warning("could not restore CRTC \(saved.id): \(error)")
        }
    }
}
