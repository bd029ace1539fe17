import Glibc

/// A datagram socket standing in for systemd's notification socket.
public final class NotifySocket {
    public let fd: Int32
    /// The address to give `SystemdNotifier` (`@name` for an abstract socket).
    public let path: String

    public init(abstract: Bool) throws {
        self.fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let name = "vitrine-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.path = abstract ? "@" + name : "/tmp/" + name
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(self.path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            if abstract { raw[0] = 0 }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let status = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(self.fd, $0, length) } }
        guard status == 0 else { throw NotifySocketError.bindFailed(errno) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(self.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next datagram, or nil after 2 s without one.
    public func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }

    deinit {
        close(self.fd)
        if !self.path.hasPrefix("@") { unlink(self.path) }
    }
}

public enum NotifySocketError: Error {
    case bindFailed(Int32)
}
