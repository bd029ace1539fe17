import CDRM
import VitrineCore

/// A display mode as the kernel describes it, with the refresh rate computed exactly.
public struct DRMMode: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Refresh in Hz from the pixel clock and totals (`vrefresh` is rounded by the kernel).
    public var refreshRate: Double
    public var isPreferred: Bool
    /// The kernel's own record, passed back unchanged to `drmModeSetCrtc`.
    public var info: drmModeModeInfo

    public init(info: drmModeModeInfo) {
        self.info = info
        self.width = Int(info.hdisplay)
        self.height = Int(info.vdisplay)
        self.isPreferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
        var rate = Double(info.vrefresh)
        if info.htotal > 0 && info.vtotal > 0 && info.clock > 0 {
            rate = Double(info.clock) * 1000 / (Double(info.htotal) * Double(info.vtotal))
            if info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { rate *= 2 }
            if info.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { rate /= 2 }
            if info.vscan > 1 { rate /= Double(info.vscan) }
        }
        self.refreshRate = rate > 0 ? rate : 60
    }

    /// A synthetic mode (tests, the simulated device): 60 Hz-style timings for `width`×`height`.
    public init(width: Int, height: Int, refreshRate: Double, preferred: Bool = false) {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width)
        info.vdisplay = UInt16(height)
        info.htotal = UInt16(width + 160)
        info.vtotal = UInt16(height + 30)
        info.clock = UInt32((Double(Int(info.htotal) * Int(info.vtotal)) * refreshRate / 1000).rounded())
        info.vrefresh = UInt32(refreshRate.rounded())
        info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
        self.init(info: info)
    }

    public var size: PixelSize { PixelSize(width: self.width, height: self.height) }
    public var refreshInterval: Nanoseconds { .seconds(1 / self.refreshRate) }
    public var description: String {
        "\(self.width)x\(self.height)@\(String(fixed: self.refreshRate, decimals: 2))" + (self.isPreferred ? " (preferred)" : "")
    }

    public static func == (a: DRMMode, b: DRMMode) -> Bool {
        a.width == b.width && a.height == b.height && a.refreshRate == b.refreshRate && a.isPreferred == b.isPreferred
    }
}

/// Whether something is plugged into a connector.
public enum ConnectionStatus: Sendable, Equatable, CustomStringConvertible {
    case connected, disconnected, unknown

    public var description: String {
        switch self {
        case .connected: "connected"
        case .disconnected: "disconnected"
        case .unknown: "unknown"
        }
    }
}

/// One connector of a card (`HDMI-A-1`, `eDP-1`, `Virtual-1`).
public struct KMSConnector: Sendable, Equatable {
    public var id: UInt32
    public var name: String
    public var status: ConnectionStatus
    public var modes: [DRMMode]
    /// The encoder currently driving it (0 if none).
    public var encoderID: UInt32
    public var encoderIDs: [UInt32]
    /// Physical size reported by the display, in millimetres (0 when unknown).
    public var widthMM: Int
    public var heightMM: Int

    public init(
        id: UInt32, name: String, status: ConnectionStatus, modes: [DRMMode], encoderID: UInt32, encoderIDs: [UInt32], widthMM: Int = 0, heightMM: Int = 0
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.modes = modes
        self.encoderID = encoderID
        self.encoderIDs = encoderIDs
        self.widthMM = widthMM
        self.heightMM = heightMM
    }
}

/// An encoder: which CRTC drives it now and which it could use.
public struct KMSEncoder: Sendable, Equatable {
    public var id: UInt32
    public var crtcID: UInt32
    /// Bit i set: the i-th CRTC of the card's resources can drive this encoder.
    public var possibleCRTCs: UInt32

    public init(id: UInt32, crtcID: UInt32, possibleCRTCs: UInt32) {
        self.id = id
        self.crtcID = crtcID
        self.possibleCRTCs = possibleCRTCs
    }
}

/// The object ids of a card.
public struct KMSResources: Sendable, Equatable {
    public var crtcIDs: [UInt32]
    public var connectorIDs: [UInt32]
    public var encoderIDs: [UInt32]

    public init(crtcIDs: [UInt32], connectorIDs: [UInt32], encoderIDs: [UInt32]) {
        self.crtcIDs = crtcIDs
        self.connectorIDs = connectorIDs
        self.encoderIDs = encoderIDs
    }
}

/// What a CRTC shows, saved before Vitrine takes it and put back on exit.
public struct KMSCRTCState: Sendable, Equatable {
    public var id: UInt32
    public var framebufferID: UInt32
    public var x: UInt32
    public var y: UInt32
    public var mode: DRMMode?

    public init(id: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, mode: DRMMode?) {
        self.id = id
        self.framebufferID = framebufferID
        self.x = x
        self.y = y
        self.mode = mode
    }
}

/// A dumb buffer added as a framebuffer and mapped for writing (never for reading: scanout
/// memory is often write-combined, 5–15× slower to read — research/render_perf.md §3).
/// Destroyed (unmapped, RmFB, DESTROY_DUMB) when the last reference goes away.
public final class DumbBuffer {
    public let framebufferID: UInt32
    public let size: PixelSize
    /// Pixels (32-bit words) per row: the kernel's pitch / 4.
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    private let release: () -> Void

    public init(framebufferID: UInt32, size: PixelSize, stride: Int, pixels: UnsafeMutablePointer<UInt32>, release: @escaping () -> Void) {
        self.framebufferID = framebufferID
        self.size = size
        self.stride = stride
        self.pixels = pixels
        self.release = release
    }

    deinit { self.release() }
}
