import Glibc
import VitrineCore

/// A `sockaddr_un` for a path; the error names the path when it does not fit (108 bytes, unix(7)).
struct UnixSocketAddress {
    private var storage = sockaddr_un()

    init(path: String) throws(VitrineError) {
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: self.storage.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
            throw VitrineError(
                .invalidArgument, "the control socket path \(path) is empty or longer than \(capacity - 1) bytes",
                hint: "use a shorter path, e.g. /run/vitrine/control.sock")
        }
        self.storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &self.storage.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
    }

    mutating func withSockaddr<R, E: Error>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws(E) -> R) throws(E) -> R {
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        return try withUnsafePointer(to: &self.storage) { (pointer) throws(E) -> R in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(E) -> R in try body(address, length) }
        }
    }
}
