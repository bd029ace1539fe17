import CVitrineShims
import Glibc
import VitrineCore
import VitrineSystem

/// Switches the active virtual terminal to graphics mode (`KD_GRAPHICS`) so the kernel console
/// stops drawing over the framebuffer and the cursor stops blinking, and back to `KD_TEXT` on
/// `restore()`. Opening `/dev/tty0` addresses whichever VT is in the foreground.
public final class ConsoleMode {
    private let tty: OwnedDescriptor
    private let previousMode: UInt
    private let logger: Logger
    private var restored = false

    /// Returns nil (with a warning) where there is no VT or no permission: fbdev still works,
    /// the console may just draw over it.
    public static func enterGraphics(ttyPath: String = "/dev/tty0", logger: Logger) -> ConsoleMode? {
        do {
            let tty = try OwnedDescriptor.open(ttyPath, flags: O_RDWR | O_NOCTTY)
            var mode: UInt32 = 0
            try Syscall.ioctl(tty.rawValue, UInt(KDGETMODE), &mode, name: "KDGETMODE")
            try Syscall.ioctl(tty.rawValue, UInt(KDSETMODE), value: UInt(KD_GRAPHICS), name: "KDSETMODE(KD_GRAPHICS)")
            return ConsoleMode(tty: tty, previousMode: UInt(mode), logger: logger)
        } catch {
            logger.warning(
                "cannot switch \(ttyPath) to graphics mode (\(error)); the text console may show through — run from a VT or as a member of the 'tty' group")
            return nil
        }
    }

    private init(tty: OwnedDescriptor, previousMode: UInt, logger: Logger) {
        self.tty = tty
        self.previousMode = previousMode
        self.logger = logger
    }

    /// Puts the VT back in the mode it had (text, normally).
    public func restore() {
        guard !self.restored else { return }
        self.restored = true
        do {
            try Syscall.ioctl(
                self.tty.rawValue, UInt(KDSETMODE), value: self.previousMode == UInt(KD_GRAPHICS) ? UInt(KD_TEXT) : self.previousMode, name: "KDSETMODE")
        } catch {
            self.logger.warning("cannot restore the console mode: \(error)")
        }
    }

    deinit { self.restore() }
}
