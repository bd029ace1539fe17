import Glibc
import VitrineCore

/// A file descriptor this process owns; it is closed exactly once, when the owner goes away or
/// `close()` is called. Shared by reference so loop watches and devices can hold the same one.
public final class OwnedDescriptor {
    public private(set) var rawValue: Int32

    public init(adopting rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Opens `path`; the error names the path.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0) throws(SystemError) -> OwnedDescriptor {
        let fd = try Syscall.retrying("open(\(path))") { Glibc.open(path, flags | O_CLOEXEC, mode) }
        return OwnedDescriptor(adopting: fd)
    }

    public var isOpen: Bool { self.rawValue >= 0 }

    /// Closes now. `close` is not retried on EINTR: on Linux the fd is gone either way.
    public func close() {
        guard self.rawValue >= 0 else { return }
        _ = Glibc.close(self.rawValue)
        self.rawValue = -1
    }

    /// Gives up ownership without closing and returns the raw fd.
    public func release() -> Int32 {
        let fd = self.rawValue
        self.rawValue = -1
        return fd
    }

    /// Reads up to `count` bytes; returns nil at end of file, [] when it would block.
    public func read(upTo count: Int) throws(SystemError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let fd = self.rawValue
        let n: Int
        do {
            n = try Syscall.retryingSize("read") { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) } }
        } catch {
            if error.errno == EAGAIN { return [] }
            throw error
        }
        if n == 0 { return nil }
        buffer.removeSubrange(n...)
        return buffer
    }

    deinit { self.close() }
}
