import Glibc
import VitrineSystem

/// A datagram socket standing in for systemd's notification socket.
public final class NotifySocket {
    private let descriptor: OwnedDescriptor
    public var fd: Int32 { self.descriptor.rawValue }
    /// The address to give `SystemdNotifier` (`@name` for an abstract socket).
    public let path: String

    public init(abstract: Bool) throws {
        let name = "vitrine-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.path = abstract ? "@" + name : "/tmp/" + name
        var address = try UnixSocketAddress(path: self.path)
        self.descriptor = try address.bind(type: Int32(SOCK_DGRAM.rawValue))
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(self.descriptor.rawValue, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next datagram, or nil after 2 s without one.
    public func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }

    deinit {
        if !self.path.hasPrefix("@") { unlink(self.path) }
    }
}
