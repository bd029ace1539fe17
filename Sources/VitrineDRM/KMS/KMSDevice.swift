import VitrineCore

/// The narrow slice of libdrm that the DRM output uses, as a protocol so the output's logic
/// (mode choice, flips, failures, hotplug, master loss) runs against a simulated kernel in unit
/// tests and against the real one (`LibdrmDevice`) on a panel and in the QEMU system test.
public protocol KMSDevice: AnyObject {
    /// `/dev/dri/cardN`.
    var path: String { get }
    /// The fd to watch for flip events.
    var fileDescriptor: Int32 { get }
    /// The kernel driver's name (`bochs-drm`, `vc4`, `i915`).
    var driverName: String { get }
    /// Whether the card can do modesetting (render-only GPUs cannot).
    var supportsKMS: Bool { get }
    /// Whether `DRM_CAP_TIMESTAMP_MONOTONIC` is set (flip timestamps on `CLOCK_MONOTONIC`).
    var monotonicTimestamps: Bool { get }

    func resources() throws(VitrineError) -> KMSResources
    /// Reads a connector; `probe` forces the driver to re-detect what is plugged in.
    func connector(_ id: UInt32, probe: Bool) throws(VitrineError) -> KMSConnector
    func encoder(_ id: UInt32) throws(VitrineError) -> KMSEncoder
    func crtcState(_ id: UInt32) throws(VitrineError) -> KMSCRTCState

    func createDumbBuffer(size: PixelSize) throws(VitrineError) -> DumbBuffer
    /// Programs a CRTC: `framebufferID` 0 with no connectors turns it off.
    func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, connectorIDs: [UInt32], mode: DRMMode?) throws(VitrineError)
    /// Queues a flip with `DRM_MODE_PAGE_FLIP_EVENT`.
    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws(VitrineError)
    /// `DRM_IOCTL_MODE_DIRTYFB` with clip rectangles (native coordinates).
    func markDirty(framebufferID: UInt32, rects: [PixelRect]) throws(VitrineError)
    /// Reads the flip events that are ready (does not block).
    func readFlipEvents() throws(VitrineError) -> [FlipEvent]

    var isMaster: Bool { get }
    func acquireMaster() throws(VitrineError)
    func releaseMaster() throws(VitrineError)

    /// Sets the connector property called `name` (looked up by name, e.g. "DPMS") to `value`
    /// (`drmModeConnectorSetProperty`).
    func setConnectorProperty(_ connectorID: UInt32, name: String, value: UInt64) throws(VitrineError)
}

extension KMSDevice {
    /// A device without connector properties (a simulated kernel that does not model them).
    public func setConnectorProperty(_ connectorID: UInt32, name: String, value: UInt64) throws(VitrineError) {
        throw VitrineError(.unsupported, "\(self.path) has no connector property \(name)")
    }
}

/// Opens a card by path; injected so tests can hand out simulated devices.
public typealias KMSDeviceOpener = (String) throws(VitrineError) -> KMSDevice
