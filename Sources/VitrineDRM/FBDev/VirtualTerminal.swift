import CVitrineShims
import Glibc
import VitrineCore
import VitrineSystem

/// The virtual terminal the kiosk owns (systemd's `TTYPath=/dev/tty1` with
/// `StandardInput=tty`: fd 0), switched to graphics and to process-controlled switching, the
/// way seatd's builtin backend does it (`common/terminal.c`, research/kiosk_boot.md §3.2):
///
/// - `KD_GRAPHICS`: the kernel console stops drawing and blinking over the picture.
/// - `VT_SETMODE` with `VT_PROCESS`: a switch away (Ctrl+Alt+Fn, `chvt`) asks first with
///   SIGUSR1; the kiosk drops DRM master, pauses and answers `VT_RELDISP 1`. Switching back
///   sends SIGUSR2; the kiosk answers `VT_RELDISP VT_ACKACQ`, takes master again and repaints.
/// - `restore()` (on exit) puts back `VT_AUTO` and `KD_TEXT`.
public final class VirtualTerminal {
    /// The signals the kernel sends for release and acquire requests.
    public static let releaseSignal = SIGUSR1
    public static let acquireSignal = SIGUSR2

    public let fileDescriptor: Int32
    private let previousKDMode: UInt
    private var previousVTMode = vt_mode()
    private let logger: Logger
    private var restored = false
    /// Whether the VT is ours to draw on now.
    public private(set) var isActive = true

    /// Takes over the VT on `fd` if it is one; nil (and a note in the log) otherwise — the
    /// kiosk then runs without VT switching, as under a display test from a shell.
    ///
    /// The caller must have `releaseSignal` and `acquireSignal` blocked in its `SignalWatcher`.
    public static func takeOver(
        fd: Int32 = 0, signals: SignalWatcher, logger: Logger = Logger("vt"),
        onRelease: @escaping () -> Void, onAcquire: @escaping () -> Void
    ) -> VirtualTerminal? {
        var current = vt_mode()
        guard isatty(fd) == 1, CVitrineShims_ioctlPointer(fd, UInt(VT_GETMODE), &current) == 0 else {
            logger.info("standard input is not a virtual terminal; VT switching is not handled")
            return nil
        }
        var kdMode: UInt32 = 0
        _ = CVitrineShims_ioctlPointer(fd, UInt(KDGETMODE), &kdMode)
        let terminal = VirtualTerminal(fd: fd, previousKDMode: UInt(kdMode), logger: logger)
        terminal.previousVTMode = current
        do {
            try Syscall.ioctl(fd, UInt(KDSETMODE), value: UInt(KD_GRAPHICS), name: "KDSETMODE(KD_GRAPHICS)")
            var mode = vt_mode()
            mode.mode = CChar(VT_PROCESS)
            mode.relsig = Int16(releaseSignal)
            mode.acqsig = Int16(acquireSignal)
            try Syscall.ioctl(fd, UInt(VT_SETMODE), &mode, name: "VT_SETMODE(VT_PROCESS)")
        } catch {
            logger.warning(
                "cannot take over the virtual terminal (\(error)); the console may show through — run with TTYPath= and StandardInput=tty (Docs/deployment.md)")
            terminal.restore()
            return nil
        }
        signals.on(releaseSignal) { [weak terminal] _ in
            guard let terminal else { return }
            terminal.isActive = false
            onRelease()
            do {
                try Syscall.ioctl(fd, UInt(VT_RELDISP), value: 1, name: "VT_RELDISP(1)")
                terminal.logger.notice("switched away from the kiosk's virtual terminal; output paused")
            } catch {
                terminal.logger.error("cannot let the virtual terminal switch away: \(error)")
            }
        }
        signals.on(acquireSignal) { [weak terminal] _ in
            guard let terminal else { return }
            do {
                try Syscall.ioctl(fd, UInt(VT_RELDISP), value: UInt(VT_ACKACQ), name: "VT_RELDISP(VT_ACKACQ)")
            } catch {
                terminal.logger.warning("\(error)")
            }
            terminal.isActive = true
            onAcquire()
            terminal.logger.notice("back on the kiosk's virtual terminal; output resumed")
        }
        return terminal
    }

    private init(fd: Int32, previousKDMode: UInt, logger: Logger) {
        self.fileDescriptor = fd
        self.previousKDMode = previousKDMode
        self.logger = logger
    }

    /// Automatic switching and text mode again.
    public func restore() {
        guard !self.restored else { return }
        self.restored = true
        var mode = vt_mode()
        mode.mode = CChar(VT_AUTO)
        _ = CVitrineShims_ioctlPointer(self.fileDescriptor, UInt(VT_SETMODE), &mode)
        _ = CVitrineShims_ioctlValue(self.fileDescriptor, UInt(KDSETMODE), UInt(KD_TEXT))
    }

    deinit { self.restore() }
}
