import Glibc
import VitrineCore
import VitrineSystem

/// A sysfs backlight: `/sys/class/backlight/<name>/brightness` (0 … `max_brightness`), the
/// kernel's backlight class ABI (Documentation/ABI/stable/sysfs-class-backlight).
///
/// Dimming and blanking remember the brightness in use before and waking writes it back, so a
/// brightness the administrator set survives. A file it cannot write is logged once, naming the
/// file and the fix (the udev rule Systemd/71-vitrine-backlight.rules, or the unit's
/// `ReadWritePaths=` under `ProtectKernelTunables=yes`); the panel's own power switch (DPMS,
/// FBIOBLANK) still blanks it.
public final class BacklightPower: PanelPower {
    public static let classDirectory = "/sys/class/backlight"

    /// The device's directory, e.g. /sys/class/backlight/rpi_backlight.
    public let directory: String
    private let logger: Logger
    /// The brightness before the first dim or blank, restored on waking.
    public private(set) var savedBrightness: Int?
    private var reported = false

    public init(directory: String, logger: Logger = Logger("power")) {
        self.directory = directory
        self.logger = logger
    }

    /// The backlight a setting names under `root`: `auto` takes the first device by name (nil
    /// when there is none), `.device(name)` that one (nil, logged, when it does not exist).
    public static func resolve(_ choice: BacklightChoice, root: String = BacklightPower.classDirectory, logger: Logger = Logger("power")) -> BacklightPower? {
        switch choice {
        case .none:
            return nil
        case .auto:
            guard let first = Directory.entryNames(root).sorted().first else { return nil }
            return BacklightPower(directory: root + "/" + first, logger: logger)
        case .device(let name):
            let path = root + "/" + name
            guard access(path + "/brightness", F_OK) == 0 else {
                let present = Directory.entryNames(root).sorted()
                logger.warning(
                    "display.power.backlight: no backlight \(path) (present: \(present.isEmpty ? "none" : present.joined(separator: ", "))); dimming is off")
                return nil
            }
            return BacklightPower(directory: path, logger: logger)
        }
    }

    public var name: String { "backlight \(self.directory)" }
    var brightnessPath: String { self.directory + "/brightness" }

    public func apply(_ state: PanelState) {
        switch state {
        case .on:
            guard let saved = self.savedBrightness else { return }
            if self.write(saved) { self.savedBrightness = nil }
        case .dimmed(let level):
            guard let normal = self.rememberBrightness() else { return }
            _ = self.write(max(normal > 0 ? 1 : 0, Int((Double(normal) * level).rounded())))
        case .blank:
            guard self.rememberBrightness() != nil else { return }
            _ = self.write(0)
        }
    }

    /// The brightness to come back to: the one saved, or the current one (saved now).
    private func rememberBrightness() -> Int? {
        if let saved = self.savedBrightness { return saved }
        guard let current = self.readNumber(self.brightnessPath) else { return nil }
        // A backlight found at 0 (switched off by someone else) comes back at full brightness.
        let normal = current > 0 ? current : (self.readNumber(self.directory + "/max_brightness") ?? current)
        self.savedBrightness = normal
        return normal
    }

    private func readNumber(_ path: String) -> Int? {
        let text: String
        do {
            text = try FileReader.readText(path, limit: FileReader.largestSystemFile, what: "a backlight file")
        } catch {
            self.reportOnce("\(error.summary) — check display.power.backlight")
            return nil
        }
        guard let value = Int(String(text.filter { !$0.isWhitespace })) else {
            self.reportOnce("\(path) does not hold a number (\(QuotedValue.quoted(text))) — is \(self.directory) a backlight?")
            return nil
        }
        return value
    }

    private func write(_ value: Int) -> Bool {
        let path = self.brightnessPath
        let code: Int32
        do throws(SystemError) {
            let file = try OwnedDescriptor.open(path, flags: O_WRONLY | O_TRUNC)
            let bytes = Array("\(value)\n".utf8)
            let fd = file.rawValue
            let written = try Syscall.retryingSize("write(\(path))") { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
            code = written == bytes.count ? 0 : EIO
        } catch {
            code = error.errno
        }
        guard code != 0 else { return true }
        let reason = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM:
            self.reportOnce(
                "cannot write \(path) (\(reason)): install Systemd/71-vitrine-backlight.rules in /etc/udev/rules.d (it lets the video group write brightness) and run udevadm trigger -s backlight; blanking still uses the display's power switch"
            )
        case EROFS:
            self.reportOnce(
                "cannot write \(path) (\(reason)): the service's ProtectKernelTunables=yes makes /sys read-only; add ReadWritePaths=\(Self.resolved(self.directory)) to a drop-in (Docs/deployment.md, \"Backlight\"); blanking still uses the display's power switch"
            )
        default:
            self.reportOnce("cannot write \(path): \(reason); blanking still uses the display's power switch")
        }
        return false
    }

    private func reportOnce(_ message: String) {
        guard !self.reported else { return }
        self.reported = true
        self.logger.warning(message)
    }

    /// The real directory behind a /sys/class symlink (what `ReadWritePaths=` must name).
    static func resolved(_ path: String) -> String {
        Directory.realPath(path) ?? path
    }
}
