import VitrineCore

/// A mode asked for on the command line or in the config: `1280x800` or `1280x800@60`.
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refreshRate: Double?

    public init(width: Int, height: Int, refreshRate: Double? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }

    /// Parses `WIDTHxHEIGHT[@HZ]`; nil when malformed.
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let dims = parts[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else { return nil }
        self.width = w
        self.height = h
        if parts.count == 2 {
            guard let hz = Double(parts[1]), hz > 0, hz.isFinite else { return nil }
            self.refreshRate = hz
        }
    }

    public var description: String {
        "\(self.width)x\(self.height)" + (self.refreshRate.map { "@" + String(fixed: $0, decimals: 2) } ?? "")
    }
}

/// Chooses connectors, modes and CRTCs the way a kiosk integrator expects.
public enum ModeSelection {
    /// A requested refresh rate matches a mode within this many Hz (59.94 answers to `@60`).
    public static let refreshTolerance = 0.5

    /// The requested mode, else the connector's preferred mode, else the largest (by area, then
    /// refresh) — Slint's and Qt's rule (research/embedded_gui.md §2).
    public static func mode(for connector: KMSConnector, request: ModeRequest?, device: String) throws(VitrineError) -> DRMMode {
        if let request {
            let matches = connector.modes.filter { mode in
                mode.width == request.width && mode.height == request.height
                    && (request.refreshRate.map { abs(mode.refreshRate - $0) <= refreshTolerance } ?? true)
            }
            guard let best = matches.max(by: { self.ranks($0, below: $1) }) else {
                throw DisplayErrors.unknownMode(request, connector: connector)
            }
            return best
        }
        if let preferred = connector.modes.first(where: \.isPreferred) { return preferred }
        guard let largest = connector.modes.max(by: { self.ranks($0, below: $1) }) else {
            throw DisplayErrors.unknownMode(ModeRequest(width: 0, height: 0), connector: connector)
        }
        return largest
    }

    /// Ordering for "largest": area, then preferred, then refresh.
    static func ranks(_ a: DRMMode, below b: DRMMode) -> Bool {
        let areaA = a.width * a.height
        let areaB = b.width * b.height
        if areaA != areaB { return areaA < areaB }
        if a.isPreferred != b.isPreferred { return !a.isPreferred }
        return a.refreshRate < b.refreshRate
    }

    /// The named connector, or the first connected one (nil when none is connected).
    public static func connector(named name: String?, in connectors: [KMSConnector], device: String) throws(VitrineError) -> KMSConnector? {
        if let name {
            guard let match = connectors.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw DisplayErrors.unknownConnector(name, device: device, available: connectors)
            }
            return match.status == .connected ? match : nil
        }
        return connectors.first { $0.status == .connected && !$0.modes.isEmpty }
    }

    /// A CRTC that can drive the connector: the one its encoder already uses (no flicker, keeps
    /// plymouth's pipe), else the first free one any of its encoders can use.
    public static func crtc(for connector: KMSConnector, device: KMSDevice, resources: KMSResources, taken: Set<UInt32> = []) throws(VitrineError) -> UInt32 {
        if connector.encoderID != 0, let encoder = try? device.encoder(connector.encoderID), encoder.crtcID != 0, !taken.contains(encoder.crtcID) {
            return encoder.crtcID
        }
        for encoderID in connector.encoderIDs {
            guard let encoder = try? device.encoder(encoderID) else { continue }
            for (index, crtc) in resources.crtcIDs.enumerated() where encoder.possibleCRTCs & (1 << UInt32(index)) != 0 && !taken.contains(crtc) {
                return crtc
            }
        }
        throw VitrineError(
            .unsupported, "no CRTC on \(device.path) can drive \(connector.name)",
            hint: "another output may be using it; unplug the other display or choose another connector")
    }
}
