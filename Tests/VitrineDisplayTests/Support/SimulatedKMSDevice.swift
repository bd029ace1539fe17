import Glibc
import VitrineCore
import VitrineDRM
import VitrineUdev

/// A simulated DRM card: the kernel side of `KMSDevice`, played by the test.
///
/// It keeps connectors, CRTCs and framebuffers like the kernel does, refuses master-only calls
/// while `otherMaster` is set (EACCES, like `drm_ioctl.c`), completes flips either at the next
/// simulated vblank (with an increasing sequence) or at once (sequence 0, like bochs), and
/// signals its fake fd on the `ManualEventLoop` when events are ready.
final class SimulatedKMSDevice: KMSDevice {
    /// Shared between all devices opened on the same path: the "hardware".
    final class Card {
        var connectors: [KMSConnector]
        var crtcs: [KMSCRTCState]
        /// Set while another process is master: master-only calls fail with EACCES.
        var otherMaster = false
        /// Flips complete at once with sequence 0 (no vblank support), like bochs.
        var immediateFlips = false
        var vblankInterval = Nanoseconds.seconds(1.0 / 60)
        var failNextFlips = 0
        /// Drop flip events (a driver that never answers).
        var loseFlipEvents = false
        /// Every call, in order, for assertions.
        var calls: [String] = []
        var nextFramebuffer: UInt32 = 100
        var liveFramebuffers: Set<UInt32> = []
        /// The framebuffer each CRTC scans out, and its pixels.
        var buffers: [UInt32: PixelBuffer] = [:]
        var opens = 0

        init(connectors: [KMSConnector], crtcs: [KMSCRTCState]) {
            self.connectors = connectors
            self.crtcs = crtcs
        }

        func scanout(of crtc: UInt32) -> PixelBuffer? {
            guard let fb = self.crtcs.first(where: { $0.id == crtc })?.framebufferID else { return nil }
            return self.buffers[fb]
        }
    }

    let path: String
    let card: Card
    let loop: ManualEventLoop
    let fileDescriptor: Int32
    let driverName: String
    let supportsKMS = true
    let monotonicTimestamps = true
    private var pending: [FlipEvent] = []
    private var vblankSequence: UInt32 = 0
    private(set) var closed = false

    init(path: String, card: Card, loop: ManualEventLoop, fd: Int32, driverName: String = "simulated") {
        self.path = path
        self.card = card
        self.loop = loop
        self.fileDescriptor = fd
        self.driverName = driverName
        card.opens += 1
    }

    var isMaster: Bool { !self.card.otherMaster }
    func acquireMaster() throws(VitrineError) {
        if self.card.otherMaster { throw DisplayErrors.callFailed("drmSetMaster", device: self.path, errno: EBUSY) }
    }
    func releaseMaster() throws(VitrineError) {}

    func resources() throws(VitrineError) -> KMSResources {
        KMSResources(crtcIDs: self.card.crtcs.map(\.id), connectorIDs: self.card.connectors.map(\.id), encoderIDs: [1])
    }

    func connector(_ id: UInt32, probe: Bool) throws(VitrineError) -> KMSConnector {
        guard let c = self.card.connectors.first(where: { $0.id == id }) else {
            throw DisplayErrors.callFailed("drmModeGetConnector", device: self.path, errno: ENOENT)
        }
        return c
    }

    func encoder(_ id: UInt32) throws(VitrineError) -> KMSEncoder {
        KMSEncoder(id: id, crtcID: 0, possibleCRTCs: 0b1)
    }

    func crtcState(_ id: UInt32) throws(VitrineError) -> KMSCRTCState {
        guard let c = self.card.crtcs.first(where: { $0.id == id }) else {
            throw DisplayErrors.callFailed("drmModeGetCrtc", device: self.path, errno: ENOENT)
        }
        return c
    }

    func createDumbBuffer(size: PixelSize) throws(VitrineError) -> DumbBuffer {
        let card = self.card
        card.nextFramebuffer += 1
        let id = card.nextFramebuffer
        let memory = PixelBuffer(size: size)
        card.buffers[id] = memory
        card.liveFramebuffers.insert(id)
        card.calls.append("create \(id)")
        return DumbBuffer(
            framebufferID: id, size: size, stride: memory.stride, pixels: memory.pixels,
            release: { [memory] in
                _ = memory
                card.liveFramebuffers.remove(id)
                card.calls.append("destroy \(id)")
            })
    }

    func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, connectorIDs: [UInt32], mode: DRMMode?) throws(VitrineError) {
        self.card.calls.append("setcrtc \(crtcID) fb \(framebufferID)")
        if self.card.otherMaster { throw DisplayErrors.callFailed("drmModeSetCrtc", device: self.path, errno: EACCES) }
        guard let index = self.card.crtcs.firstIndex(where: { $0.id == crtcID }) else {
            throw DisplayErrors.callFailed("drmModeSetCrtc", device: self.path, errno: EINVAL)
        }
        self.card.crtcs[index].framebufferID = framebufferID
        self.card.crtcs[index].mode = mode
    }

    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws(VitrineError) {
        self.card.calls.append("flip \(crtcID) fb \(framebufferID)")
        if self.card.otherMaster { throw DisplayErrors.callFailed("drmModePageFlip", device: self.path, errno: EACCES) }
        if self.card.failNextFlips > 0 {
            self.card.failNextFlips -= 1
            throw DisplayErrors.callFailed("drmModePageFlip", device: self.path, errno: EINVAL)
        }
        guard let index = self.card.crtcs.firstIndex(where: { $0.id == crtcID }) else { return }
        if self.card.loseFlipEvents {
            self.card.crtcs[index].framebufferID = framebufferID
            return
        }
        let complete: () -> Void = { [weak self] in
            guard let self, !self.closed else { return }
            self.card.crtcs[index].framebufferID = framebufferID
            if !self.card.immediateFlips { self.vblankSequence += 1 }
            self.pending.append(FlipEvent(sequence: self.card.immediateFlips ? 0 : self.vblankSequence, timestamp: self.loop.now))
            self.loop.signalReadable(self.fileDescriptor)
        }
        if self.card.immediateFlips {
            complete()
        } else {
            // The next vblank on a grid starting at time zero.
            let interval = self.card.vblankInterval.value
            let next = (self.loop.now.nanoseconds / interval + 1) * interval
            self.loop.schedule(at: MonotonicTime(nanoseconds: next), complete)
        }
    }

    func markDirty(framebufferID: UInt32, rects: [PixelRect]) throws(VitrineError) {
        self.card.calls.append("dirty \(framebufferID) \(rects.count)")
    }

    func readFlipEvents() throws(VitrineError) -> [FlipEvent] {
        defer { self.pending.removeAll() }
        return self.pending
    }

    deinit { self.closed = true }
}

/// Builds a simulated card and the opener the DRM output uses.
struct SimulatedDisplay {
    let loop = ManualEventLoop()
    let card: SimulatedKMSDevice.Card
    var devices: [SimulatedKMSDevice] = []

    static let hdmi: UInt32 = 40
    static let crtc: UInt32 = 30

    init(
        connected: Bool = true,
        modes: [DRMMode] = [DRMMode(width: 1280, height: 800, refreshRate: 60, preferred: true), DRMMode(width: 1920, height: 1080, refreshRate: 60)],
        previousFramebuffer: UInt32 = 7
    ) {
        self.card = SimulatedKMSDevice.Card(
            connectors: [
                KMSConnector(
                    id: Self.hdmi, name: "HDMI-A-1", status: connected ? .connected : .disconnected, modes: connected ? modes : [], encoderID: 0,
                    encoderIDs: [1], widthMM: 217, heightMM: 136)
            ],
            crtcs: [KMSCRTCState(id: Self.crtc, framebufferID: previousFramebuffer, x: 0, y: 0, mode: nil)])
    }

    /// An opener that hands out devices on the simulated card (fd 1000, 1001, …).
    func opener() -> KMSDeviceOpener {
        let card = self.card
        let loop = self.loop
        var next: Int32 = 1000
        return { (path: String) throws(VitrineError) -> KMSDevice in
            next += 1
            return SimulatedKMSDevice(path: path, card: card, loop: loop, fd: next)
        }
    }

    func connect(modes: [DRMMode] = [DRMMode(width: 1280, height: 800, refreshRate: 60, preferred: true)]) {
        self.card.connectors[0].status = .connected
        self.card.connectors[0].modes = modes
    }

    func disconnect() {
        self.card.connectors[0].status = .disconnected
        self.card.connectors[0].modes = []
    }

    static let hotplugEvent = UdevDevice(
        sysname: "card0", syspath: "/sys/class/drm/card0", devnode: "/dev/dri/card0", action: "change", properties: ["HOTPLUG": "1"])
}
