import CVitrineShims
import Glibc
import VitrineCore

/// The one place system calls are retried and turned into errors.
///
/// `EINTR` is retried through `InterruptedCall` (VitrineCore) and nowhere else; any other
/// failure becomes a `SystemError` naming the call. `errno` is read through the C shim straight
/// after the call, before Swift code can run.
public enum Syscall {
    /// Runs `body` until it returns something other than -1 with `EINTR`; throws on -1.
    @discardableResult
    public static func retrying(_ name: String, _ body: () -> Int32) throws(SystemError) -> Int32 {
        let (result, code) = InterruptedCall.repeating(body, errno: { CVitrineShims_errno() })
        if result == -1 { throw SystemError(name, errno: code) }
        return result
    }

    /// As `retrying`, for calls returning `ssize_t`.
    @discardableResult
    public static func retryingSize(_ name: String, _ body: () -> Int) throws(SystemError) -> Int {
        let (result, code) = InterruptedCall.repeating(body, errno: { CVitrineShims_errno() })
        if result == -1 { throw SystemError(name, errno: code) }
        return result
    }

    /// For libraries that return a negative errno instead of setting errno (libdrm, libinput).
    @discardableResult
    public static func checkNegativeErrno(_ name: String, _ result: Int32) throws(SystemError) -> Int32 {
        if result < 0 {
            // libdrm returns -1 with errno set for some calls and -errno for others.
            throw SystemError(name, errno: result == -1 ? CVitrineShims_errno() : -result)
        }
        return result
    }

    /// Sleeps for `duration` on this thread; a signal that interrupts it sleeps what remains
    /// (the thread's own `nanosleep` loop, through `InterruptedCall` like every other call).
    public static func sleep(for duration: Nanoseconds) {
        let nanoseconds = max(0, duration.value)
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        _ = InterruptedCall.repeating(
            {
                let result = nanosleep(&request, &remaining)
                request = remaining
                return result
            }, errno: { CVitrineShims_errno() })
    }

    /// The errno of the last failed call on this thread.
    public static var lastErrno: Int32 { CVitrineShims_errno() }

    /// ioctl with a pointer argument, retried on EINTR.
    @discardableResult
    public static func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer?, name: String) throws(SystemError) -> Int32 {
        try self.retrying(name) { CVitrineShims_ioctlPointer(fd, request, argument) }
    }

    /// ioctl with an integer argument, retried on EINTR.
    @discardableResult
    public static func ioctl(_ fd: Int32, _ request: UInt, value: UInt, name: String) throws(SystemError) -> Int32 {
        try self.retrying(name) { CVitrineShims_ioctlValue(fd, request, value) }
    }
}
