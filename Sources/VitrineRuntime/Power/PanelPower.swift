/// What the panel shows, as display power sets it.
public enum PanelState: Sendable, Equatable, CustomStringConvertible {
    case on
    /// The backlight at `level` of its normal brightness (0…1).
    case dimmed(level: Double)
    case blank

    public var description: String {
        switch self {
        case .on: return "on"
        case .dimmed(let level): return "dimmed to \(Int((level * 100).rounded())) %"
        case .blank: return "blank"
        }
    }
}

/// One way of switching a panel: DPMS on a DRM connector, FBIOBLANK on a framebuffer, a sysfs
/// backlight, the headless twin, or pausing frames. `apply` never throws: a backend that fails
/// logs it once and the others still act.
public protocol PanelPower: AnyObject {
    /// For logs: "DPMS on card0 HDMI-A-1", "backlight /sys/class/backlight/rpi_backlight".
    var name: String { get }
    func apply(_ state: PanelState)
}

/// Several backends acting together, in order (frames pause first, then the screen goes dark;
/// on waking the light comes back before the frames resume).
public final class PanelPowerGroup: PanelPower {
    public let members: [PanelPower]

    public init(_ members: [PanelPower]) {
        self.members = members
    }

    public var name: String { self.members.map(\.name).joined(separator: " + ") }

    public func apply(_ state: PanelState) {
        if state == .blank {
            for member in self.members { member.apply(state) }
        } else {
            for member in self.members.reversed() { member.apply(state) }
        }
    }
}

/// The headless twin: records every state it was given, so tests can assert what the panel did.
public final class HeadlessPanelPower: PanelPower {
    /// The last `retainedStates` states applied, oldest first (a headless kiosk can run for
    /// years: its record must not grow with them).
    public private(set) var states: [PanelState] = []
    /// How many states were applied in all.
    public private(set) var applyCount = 0
    /// A day's schedule is a few changes; tests look at the last handful.
    public static let retainedStates = 64
    public let name = "headless panel"

    public init() {}

    public var state: PanelState { self.states.last ?? .on }

    public func apply(_ state: PanelState) {
        if self.states.count == Self.retainedStates { self.states.removeFirst() }
        self.states.append(state)
        self.applyCount += 1
    }
}
