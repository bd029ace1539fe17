import CVitrineShims
import Glibc
import VitrineCore

/// The address of a Unix socket: a path, or an abstract name written `@name` (unix(7)). The one
/// place a `sockaddr_un` is filled — the control socket's server and client, the systemd
/// notifier, the bench's echo and the tests all use it.
public struct UnixSocketAddress {
    /// As given: a path, or `@name`.
    public let path: String
    private var storage = sockaddr_un()
    private let length: socklen_t

    /// The longest path a `sockaddr_un` holds with its terminating NUL: 107 bytes (unix(7)).
    public static let longestPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// - Parameters:
    ///   - what: what the socket is, for the error: "the control socket".
    ///   - example: a path that would do, for the error's hint.
    /// - Throws: `invalidArgument` naming the path when it is empty, holds a NUL byte or does not
    ///   fit.
    public init(path: String, what: String = "the socket", example: String = "/run/vitrine/control.sock") throws(VitrineError) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.longestPath, !bytes.contains(0) else {
            throw VitrineError(
                .invalidArgument, "\(what) path \(path) is empty or longer than \(Self.longestPath) bytes",
                hint: "use a shorter path, e.g. \(example)")
        }
        self.path = path
        let abstract = bytes.first == UInt8(ascii: "@")
        self.storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &self.storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
            // An abstract name starts with a NUL byte instead of the '@'.
            if abstract { raw[0] = 0 }
        }
        // An abstract name is exactly its bytes; a path ends with the NUL the storage holds.
        self.length = socklen_t(CVitrineShims_sockaddrUnPathOffset() + bytes.count + (abstract ? 0 : 1))
    }

    /// Whether this is an abstract name (`@name`): no file in the file system.
    public var isAbstract: Bool { self.path.utf8.first == UInt8(ascii: "@") }

    /// Calls `body` with the address as `connect`, `bind` and `sendto` take it.
    public mutating func withSockaddr<R, E: Error>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws(E) -> R) throws(E) -> R {
        let length = self.length
        return try withUnsafePointer(to: &self.storage) { (pointer) throws(E) -> R in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(E) -> R in try body(address, length) }
        }
    }

    /// A new socket of `type` (`SOCK_STREAM`, `SOCK_DGRAM`; `SOCK_CLOEXEC` is added) bound to
    /// this address.
    /// - Throws: `socket` or `bind` with its errno (EADDRINUSE, EACCES, ENOENT…).
    public mutating func bind(type: Int32, nonBlocking: Bool = false) throws(SystemError) -> OwnedDescriptor {
        let descriptor = try Self.socket(type: type, nonBlocking: nonBlocking)
        let fd = descriptor.rawValue
        let path = self.path
        _ = try self.withSockaddr { (pointer, length) throws(SystemError) in try Syscall.retrying("bind(\(path))") { Glibc.bind(fd, pointer, length) } }
        return descriptor
    }

    /// A new socket of `type` connected to this address.
    /// - Throws: `socket` or `connect` with its errno (ENOENT or ECONNREFUSED: nobody listens;
    ///   EACCES: the file's mode refuses this user).
    public mutating func connect(type: Int32) throws(SystemError) -> OwnedDescriptor {
        let descriptor = try Self.socket(type: type, nonBlocking: false)
        let fd = descriptor.rawValue
        let path = self.path
        _ = try self.withSockaddr { (pointer, length) throws(SystemError) in
            try Syscall.retrying("connect(\(path))") { Glibc.connect(fd, pointer, length) }
        }
        return descriptor
    }

    private static func socket(type: Int32, nonBlocking: Bool) throws(SystemError) -> OwnedDescriptor {
        let flags = type | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return OwnedDescriptor(adopting: try Syscall.retrying("socket(AF_UNIX)") { Glibc.socket(AF_UNIX, flags, 0) })
    }
}
