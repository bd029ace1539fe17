import CVitrineShims
import Glibc
import VitrineCore
import VitrineSystem

extension FBDevOutput {
    /// Powers the panel down or up with `FBIOBLANK` (`FB_BLANK_POWERDOWN` / `FB_BLANK_UNBLANK`,
    /// include/uapi/linux/fb.h; the argument is passed by value, "0 or vesa level + 1").
    /// - Throws: when the driver does not implement blanking (EINVAL) or refuses it.
    public func setDisplayPower(on: Bool) throws(VitrineError) {
        let level = on ? FB_BLANK_UNBLANK : FB_BLANK_POWERDOWN
        do {
            _ = try Syscall.ioctl(self.device.descriptor.rawValue, UInt(FBIOBLANK), value: UInt(level), name: "FBIOBLANK")
        } catch {
            throw VitrineError(.unsupported, "\(self.device.path) cannot \(on ? "unblank" : "blank") the panel", cause: error)
        }
        // The driver may have lost the picture: the next frame copies everything again.
        if on { self.presentQueue.invalidateBuffers() }
    }
}
