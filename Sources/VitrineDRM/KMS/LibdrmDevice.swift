import CDRM
import CVitrineShims
import Glibc
import VitrineCore
import VitrineSystem

/// A DRM card opened through libdrm.
///
/// Owns the fd (closed in `deinit`, which also drops master and frees the kernel's copies of
/// our framebuffers). Every failing call becomes a `VitrineError` naming the card and the call.
public final class LibdrmDevice: KMSDevice {
    public let path: String
    private let descriptor: OwnedDescriptor
    public let driverName: String
    public let monotonicTimestamps: Bool
    /// Receives flip events from libdrm's C callback: passed as the flip's user data through
    /// `Unmanaged`, alive as long as the device.
    private let collector: FlipEventCollector

    /// Opens `path` read-write. EACCES names the groups and the logind alternative.
    public init(path: String) throws(VitrineError) {
        self.path = path
        do {
            self.descriptor = try OwnedDescriptor.open(path, flags: O_RDWR | O_NONBLOCK)
        } catch {
            throw DisplayErrors.cannotOpen(path, error)
        }
        var name = "unknown"
        if let version = drmGetVersion(self.descriptor.rawValue) {
            if let raw = version.pointee.name { name = String(cString: raw) }
            drmFreeVersion(version)
        }
        self.driverName = name
        var value: UInt64 = 0
        self.monotonicTimestamps = drmGetCap(self.descriptor.rawValue, UInt64(DRM_CAP_TIMESTAMP_MONOTONIC), &value) == 0 && value == 1
        self.collector = FlipEventCollector(monotonic: self.monotonicTimestamps)
    }

    /// The opener the real output uses.
    public static func open(_ path: String) throws(VitrineError) -> KMSDevice { try LibdrmDevice(path: path) }

    public var fileDescriptor: Int32 { self.descriptor.rawValue }
    public var supportsKMS: Bool { drmIsKMS(self.descriptor.rawValue) != 0 }

    public func resources() throws(VitrineError) -> KMSResources {
        guard let res = drmModeGetResources(self.fileDescriptor) else {
            throw self.failure("drmModeGetResources", errno: Syscall.lastErrno)
        }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        return KMSResources(
            crtcIDs: Array(UnsafeBufferPointer(start: r.crtcs, count: Int(r.count_crtcs))),
            connectorIDs: Array(UnsafeBufferPointer(start: r.connectors, count: Int(r.count_connectors))),
            encoderIDs: Array(UnsafeBufferPointer(start: r.encoders, count: Int(r.count_encoders))))
    }

    public func connector(_ id: UInt32, probe: Bool) throws(VitrineError) -> KMSConnector {
        let raw = probe ? drmModeGetConnector(self.fileDescriptor, id) : drmModeGetConnectorCurrent(self.fileDescriptor, id)
        guard let raw else { throw self.failure("drmModeGetConnector(\(id))", errno: Syscall.lastErrno) }
        defer { drmModeFreeConnector(raw) }
        let c = raw.pointee
        let typeName = drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown\(c.connector_type)"
        let status: ConnectionStatus
        switch c.connection {
        case DRM_MODE_CONNECTED: status = .connected
        case DRM_MODE_DISCONNECTED: status = .disconnected
        default: status = .unknown
        }
        let modes = UnsafeBufferPointer(start: c.modes, count: Int(c.count_modes)).map { DRMMode(info: $0) }
        return KMSConnector(
            id: c.connector_id, name: "\(typeName)-\(c.connector_type_id)", status: status, modes: modes,
            encoderID: c.encoder_id, encoderIDs: Array(UnsafeBufferPointer(start: c.encoders, count: Int(c.count_encoders))),
            widthMM: Int(c.mmWidth), heightMM: Int(c.mmHeight))
    }

    public func encoder(_ id: UInt32) throws(VitrineError) -> KMSEncoder {
        guard let raw = drmModeGetEncoder(self.fileDescriptor, id) else {
            throw self.failure("drmModeGetEncoder(\(id))", errno: Syscall.lastErrno)
        }
        defer { drmModeFreeEncoder(raw) }
        return KMSEncoder(id: raw.pointee.encoder_id, crtcID: raw.pointee.crtc_id, possibleCRTCs: raw.pointee.possible_crtcs)
    }

    public func crtcState(_ id: UInt32) throws(VitrineError) -> KMSCRTCState {
        guard let raw = drmModeGetCrtc(self.fileDescriptor, id) else {
            throw self.failure("drmModeGetCrtc(\(id))", errno: Syscall.lastErrno)
        }
        defer { drmModeFreeCrtc(raw) }
        let c = raw.pointee
        return KMSCRTCState(id: c.crtc_id, framebufferID: c.buffer_id, x: c.x, y: c.y, mode: c.mode_valid != 0 ? DRMMode(info: c.mode) : nil)
    }

    public func createDumbBuffer(size: PixelSize) throws(VitrineError) -> DumbBuffer {
        let fd = self.fileDescriptor
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var byteCount: UInt64 = 0
        let created = drmModeCreateDumbBuffer(fd, UInt32(size.width), UInt32(size.height), 32, 0, &handle, &pitch, &byteCount)
        if created != 0 { throw self.failure("DRM_IOCTL_MODE_CREATE_DUMB \(size)", errno: created == -1 ? Syscall.lastErrno : -created) }
        // Reverse-order unwind on failure: fb → handle.
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var fbID: UInt32 = 0
        let added = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(
                        fd, UInt32(size.width), UInt32(size.height), CVitrineShims_drmFormatXRGB8888(),
                        UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self), UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &fbID, 0)
                }
            }
        }
        if added != 0 {
            let code = added == -1 ? Syscall.lastErrno : -added
            drmModeDestroyDumbBuffer(fd, handle)
            throw self.failure("drmModeAddFB2 XRGB8888 \(size)", errno: code)
        }
        var offset: UInt64 = 0
        let mapped = drmModeMapDumbBuffer(fd, handle, &offset)
        if mapped != 0 {
            drmModeRmFB(fd, fbID)
            drmModeDestroyDumbBuffer(fd, handle)
            throw self.failure("DRM_IOCTL_MODE_MAP_DUMB", errno: mapped == -1 ? Syscall.lastErrno : -mapped)
        }
        // Write-only mapping: nothing in Vitrine reads scanout memory.
        let memory = mmap(nil, Int(byteCount), PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        if memory == MAP_FAILED || memory == nil {
            let code = Syscall.lastErrno
            drmModeRmFB(fd, fbID)
            drmModeDestroyDumbBuffer(fd, handle)
            throw self.failure("mmap of a \(byteCount)-byte dumb buffer", errno: code)
        }
        let length = Int(byteCount)
        let descriptor = self.descriptor
        let id = fbID
        return DumbBuffer(
            framebufferID: fbID, size: size, stride: Int(pitch) / 4, pixels: memory!.bindMemory(to: UInt32.self, capacity: length / 4),
            release: {
                munmap(memory, length)
                if descriptor.isOpen {
                    drmModeRmFB(descriptor.rawValue, id)
                    drmModeDestroyDumbBuffer(descriptor.rawValue, handle)
                }
            })
    }

    public func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, connectorIDs: [UInt32], mode: DRMMode?) throws(VitrineError) {
        var connectors = connectorIDs
        var info = mode?.info ?? drmModeModeInfo()
        let fd = self.fileDescriptor
        let result: Int32 = connectors.withUnsafeMutableBufferPointer { c in
            if mode == nil {
                return drmModeSetCrtc(fd, crtcID, framebufferID, x, y, c.baseAddress, Int32(c.count), nil)
            }
            return drmModeSetCrtc(fd, crtcID, framebufferID, x, y, c.baseAddress, Int32(c.count), &info)
        }
        if result != 0 { throw self.failure("drmModeSetCrtc(crtc \(crtcID))", errno: result == -1 ? Syscall.lastErrno : -result) }
    }

    public func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws(VitrineError) {
        let result = drmModePageFlip(
            self.fileDescriptor, crtcID, framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), Unmanaged.passUnretained(self.collector).toOpaque())
        if result != 0 { throw self.failure("drmModePageFlip(crtc \(crtcID))", errno: result == -1 ? Syscall.lastErrno : -result) }
    }

    public func markDirty(framebufferID: UInt32, rects: [PixelRect]) throws(VitrineError) {
        var clips = rects.map {
            drmModeClip(x1: UInt16(clamping: $0.minX), y1: UInt16(clamping: $0.minY), x2: UInt16(clamping: $0.maxX), y2: UInt16(clamping: $0.maxY))
        }
        let result = clips.withUnsafeMutableBufferPointer { drmModeDirtyFB(self.fileDescriptor, framebufferID, $0.baseAddress, UInt32($0.count)) }
        if result != 0 { throw self.failure("drmModeDirtyFB", errno: result == -1 ? Syscall.lastErrno : -result) }
    }

    public func readFlipEvents() throws(VitrineError) -> [FlipEvent] {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, sequence, seconds, microseconds, userData in
            guard let userData else { return }
            let collector = Unmanaged<FlipEventCollector>.fromOpaque(userData).takeUnretainedValue()
            collector.add(sequence: sequence, seconds: seconds, microseconds: microseconds)
        }
        defer { self.collector.events.removeAll() }
        let result = drmHandleEvent(self.fileDescriptor, &context)
        if result != 0 {
            let code = Syscall.lastErrno
            if code != EAGAIN { throw self.failure("drmHandleEvent", errno: code) }
        }
        return self.collector.events
    }

    public var isMaster: Bool { drmIsMaster(self.fileDescriptor) != 0 }

    public func acquireMaster() throws(VitrineError) {
        if drmSetMaster(self.fileDescriptor) != 0 { throw self.failure("drmSetMaster", errno: Syscall.lastErrno) }
    }

    public func releaseMaster() throws(VitrineError) {
        if drmDropMaster(self.fileDescriptor) != 0 { throw self.failure("drmDropMaster", errno: Syscall.lastErrno) }
    }

    private func failure(_ call: String, errno code: Int32) -> VitrineError {
        DisplayErrors.callFailed(call, device: self.path, errno: code)
    }
}

/// Gathers the page-flip events one `drmHandleEvent` call delivers. libdrm calls a C function
/// pointer that cannot capture, so the collector travels as the flip's user data.
final class FlipEventCollector {
    let monotonic: Bool
    var events: [FlipEvent] = []

    init(monotonic: Bool) {
        self.monotonic = monotonic
    }

    func add(sequence: UInt32, seconds: UInt32, microseconds: UInt32) {
        let timestamp: MonotonicTime? =
            self.monotonic ? MonotonicTime(nanoseconds: Int64(seconds) * 1_000_000_000 + Int64(microseconds) * 1_000) : nil
        self.events.append(FlipEvent(sequence: sequence, timestamp: timestamp))
    }
}
