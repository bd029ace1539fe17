import Glibc

/// The one place `EINTR` is retried.
///
/// A system call a signal interrupts fails with `EINTR` and did nothing; calling it again is
/// always right for the calls Vitrine makes (`close` excepted, which is never retried: on Linux
/// the fd is gone either way). `Syscall` in VitrineSystem turns the result into a `SystemError`;
/// VitrineCore, which imports nothing, calls this directly.
public enum InterruptedCall {
    /// Calls `body` until it returns something other than -1 with `EINTR`. Returns its last
    /// result and, when that is -1, the errno `readErrno` saw (read straight after the call,
    /// before other code can change it); 0 otherwise.
    public static func repeating<Result: SignedInteger>(_ body: () -> Result, errno readErrno: () -> Int32) -> (result: Result, errno: Int32) {
        while true {
            let result = body()
            if result != -1 { return (result, 0) }
            let code = readErrno()
            if code != EINTR { return (result, code) }
        }
    }

    /// As `repeating`, reading the C library's `errno`; -1 becomes a `SystemError` naming `name`.
    @discardableResult
    public static func retrying<Result: SignedInteger>(_ name: String, _ body: () -> Result) throws(SystemError) -> Result {
        let (result, code) = Self.repeating(body, errno: { Glibc.errno })
        if result == -1 { throw SystemError(name, errno: code) }
        return result
    }
}
