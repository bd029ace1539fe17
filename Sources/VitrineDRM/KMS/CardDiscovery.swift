import Glibc
import VitrineCore
import VitrineSystem
import VitrineUdev

/// Finds DRM cards: an explicit path, `VITRINE_DRM_DEVICE`, or every `card*` node udev knows.
public enum CardDiscovery {
    /// The environment variable that overrides discovery, like `--device`.
    public static let environmentVariable = "VITRINE_DRM_DEVICE"

    /// Card paths to try, in order.
    public static func candidates(explicit: String?, udev: UdevContext?) -> [String] {
        if let explicit { return [explicit] }
        if let fromEnvironment = Environment.value(self.environmentVariable), !fromEnvironment.isEmpty { return [fromEnvironment] }
        if let udev {
            let nodes = udev.devices(subsystem: "drm", sysnamePattern: "card[0-9]*").compactMap(\.devnode)
            if !nodes.isEmpty { return nodes }
        }
        // Without udev (initramfs, containers): list /dev/dri directly.
        return Directory.entryNames("/dev/dri").filter { $0.hasPrefix("card") && $0.dropFirst(4).allSatisfy(\.isNumber) }
            .sorted { (Int($0.dropFirst(4)) ?? 0) < (Int($1.dropFirst(4)) ?? 0) }
            .map { "/dev/dri/" + $0 }
    }
}

/// What `vitrine list-displays` prints: every card, its connectors, their status and modes.
public struct DisplayInventory: Sendable {
    public struct Card: Sendable {
        public var path: String
        public var driver: String
        public var supportsKMS: Bool
        public var connectors: [KMSConnector]
        /// What each CRTC shows now (framebuffer 0: off).
        public var crtcs: [KMSCRTCState]
        /// Why the card could not be read, if it could not.
        public var error: String?

        public init(path: String, driver: String, supportsKMS: Bool, connectors: [KMSConnector], crtcs: [KMSCRTCState], error: String?) {
            self.path = path
            self.driver = driver
            self.supportsKMS = supportsKMS
            self.connectors = connectors
            self.crtcs = crtcs
            self.error = error
        }
    }

    public var cards: [Card]

    public init(cards: [Card]) { self.cards = cards }

    /// Opens each card read-only-ish (no master needed) and probes its connectors.
    public static func scan(candidates: [String], open: KMSDeviceOpener) -> DisplayInventory {
        var cards: [Card] = []
        for path in candidates {
            do {
                let device = try open(path)
                let kms = device.supportsKMS
                let connectors = kms ? ((try? DRMOutput.probeConnectors(device, probe: true)) ?? []) : []
                let crtcIDs = kms ? ((try? device.resources().crtcIDs) ?? []) : []
                let crtcs = crtcIDs.compactMap { try? device.crtcState($0) }
                cards.append(Card(path: path, driver: device.driverName, supportsKMS: kms, connectors: connectors, crtcs: crtcs, error: nil))
            } catch {
                cards.append(Card(path: path, driver: "?", supportsKMS: false, connectors: [], crtcs: [], error: error.description))
            }
        }
        return DisplayInventory(cards: cards)
    }

    /// The mode the first card with a lit CRTC shows now, and that card: read from the CRTCs
    /// alone (no connector probe, no `SET_MASTER`), so it works while a kiosk owns the screen.
    /// Used to map touch onto the screen when no size is given.
    public static func currentMode(candidates: [String], open: KMSDeviceOpener) -> (card: String, mode: DRMMode)? {
        for path in candidates {
            guard let device = try? open(path), device.supportsKMS, let ids = try? device.resources().crtcIDs else { continue }
            for id in ids {
                if let state = try? device.crtcState(id), state.framebufferID != 0, let mode = state.mode { return (path, mode) }
            }
        }
        return nil
    }

    /// The text report.
    public var report: String {
        if self.cards.isEmpty { return "no DRM cards found (no /dev/dri/card*)\n" }
        var text = ""
        for card in self.cards {
            if let error = card.error {
                text += "\(card.path): \(error)\n"
                continue
            }
            text += "\(card.path): driver \(card.driver)\(card.supportsKMS ? "" : ", no modesetting (render-only)")\n"
            for connector in card.connectors {
                var line = "  \(connector.name): \(connector.status)"
                if connector.widthMM > 0 { line += ", \(connector.widthMM)x\(connector.heightMM) mm" }
                text += line + "\n"
                for mode in connector.modes { text += "    \(mode)\n" }
            }
            for crtc in card.crtcs {
                let mode = crtc.mode.map { ", \($0.width)x\($0.height)@\(String(fixed: $0.refreshRate, decimals: 2))" } ?? ""
                text += "  CRTC \(crtc.id): framebuffer \(crtc.framebufferID)\(mode)\n"
            }
        }
        return text
    }
}
