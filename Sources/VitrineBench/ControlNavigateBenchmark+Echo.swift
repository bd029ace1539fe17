import Glibc
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

extension ControlNavigateBenchmark {
    // MARK: - The echo

    /// A Unix stream socket on an epoll loop that greets with `hello` and answers its k-th line
    /// with `replies[k]` — what the control server's read, send and loop cost without a command.
    final class Echo {
        let path: String
        private let loop: EpollEventLoop
        private let hello: [UInt8]
        private let replies: [[UInt8]]
        private let listener: OwnedDescriptor
        private var listenWatch: WatchID?
        private var connection: OwnedDescriptor?
        private var connectionWatch: WatchID?
        private var input: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 65536)
        private var answered = 0
        private(set) var failure: VitrineError?

        init(path: String, loop: EpollEventLoop, hello: [UInt8], replies: [[UInt8]]) throws(VitrineError) {
            self.path = path
            self.loop = loop
            self.hello = hello
            self.replies = replies
            var address = try UnixSocketAddress(path: path, what: "the echo socket", example: "/tmp/echo.sock")
            do throws(SystemError) {
                self.listener = try address.bind(type: Int32(SOCK_STREAM.rawValue), nonBlocking: true)
                let fd = self.listener.rawValue
                try Syscall.retrying("listen(\(path))") { listen(fd, 4) }
            } catch {
                throw VitrineError(.ioFailure, "cannot listen on the echo socket \(path)", cause: error)
            }
            let fd = self.listener.rawValue
            do {
                self.listenWatch = try loop.watch(fileDescriptor: fd) { [weak self] in self?.accept() }
            } catch {
                throw VitrineError(.ioFailure, "cannot accept on the echo socket \(path)", cause: error)
            }
        }

        /// Stops listening, disconnects and removes the socket file.
        func close() {
            if let watch = self.listenWatch { self.loop.unwatch(watch) }
            self.listenWatch = nil
            self.disconnect()
            if self.listener.isOpen {
                self.listener.close()
                unlink(self.path)
            }
        }

        private func fail(_ message: String, errno code: Int32? = nil) {
            if self.failure == nil {
                self.failure = VitrineError(.ioFailure, "echo \(self.path): \(message)", cause: code.map { SystemError("echo", errno: $0) })
            }
            self.disconnect()
            self.loop.stop()
        }

        private func disconnect() {
            if let watch = self.connectionWatch { self.loop.unwatch(watch) }
            self.connectionWatch = nil
            self.connection?.close()
            self.connection = nil
        }

        private func accept() {
            let fd: Int32
            do {
                fd = try Syscall.retrying("accept") { Glibc.accept(self.listener.rawValue, nil, nil) }
            } catch {
                if error.errno != EAGAIN && error.errno != ECONNABORTED { self.fail("accept failed", errno: error.errno) }
                return
            }
            guard self.connection == nil else {
                Glibc.close(fd)
                return self.fail("a second client connected")
            }
            let connection = OwnedDescriptor(adopting: fd)
            self.connection = connection
            do {
                self.connectionWatch = try self.loop.watch(fileDescriptor: fd) { [weak self] in self?.readable() }
            } catch {
                return self.fail("cannot watch the connection: \(error)")
            }
            self.send(self.hello)
        }

        private func readable() {
            guard let connection = self.connection else { return }
            let count: Int
            do {
                count = try Syscall.retryingSize("recv") {
                    self.chunk.withUnsafeMutableBytes { recv(connection.rawValue, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                }
            } catch {
                if error.errno == EAGAIN { return }
                return self.fail("recv failed", errno: error.errno)
            }
            // The client closed its end: done.
            guard count > 0 else { return self.disconnect() }
            self.input += self.chunk[..<count]
            while let newline = self.input.firstIndex(of: 10) {
                self.input.removeSubrange(...newline)
                guard self.answered < self.replies.count else { return self.fail("more lines than the \(self.replies.count) replies it has") }
                self.send(self.replies[self.answered])
                self.answered += 1
            }
        }

        private func send(_ bytes: [UInt8]) {
            guard let connection = self.connection else { return }
            let sent = bytes.withUnsafeBytes { Glibc.send(connection.rawValue, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
            if sent != bytes.count { self.fail("sent \(sent) of \(bytes.count) bytes", errno: sent < 0 ? errno : nil) }
        }
    }
}
