import Glibc
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// Issue 16: the one reader refuses what is not a regular file without blocking or opening it,
/// refuses a file over its limit before reading it, and says so naming the path; atomic writes
/// never replace anything but a regular file.
@Suite("FileReader and AtomicFile refuse what is not a regular file")
struct FileReaderTests {
    @Test("a FIFO is refused at once, naming the path and what it is (it used to block the open until a writer came)")
    func fifo() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-filereader")
        defer { directory.remove() }
        let fifo = directory.file("image.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        let error = try thrownError {
            try FileReader.read(fifo, limit: 1 << 20, what: "an image file", field: "main.image")
        }
        #expect(error.message == "\(fifo) is a FIFO, not a regular file")
        #expect(error.hint == "point main.image at a file")
        #expect(throws: VitrineError.self) { try FileReader.check(fifo, limit: 1 << 20, what: "a font file") }
    }

    @Test("a character device, a directory and a socket are refused by type")
    func otherTypes() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-filereader")
        defer { directory.remove() }
        let device = try thrownError { try FileReader.read("/dev/zero", limit: 1 << 20, what: "a config file") }
        #expect(device.message == "/dev/zero is a character device, not a regular file")
        let folder = try thrownError { try FileReader.read(directory.path, limit: 1 << 20, what: "a config file") }
        #expect(folder.message == "\(directory.path) is a directory, not a regular file")
        let socketPath = directory.file("control.sock")
        var address = try UnixSocketAddress(path: socketPath)
        let bound = try address.bind(type: Int32(SOCK_STREAM.rawValue))
        defer { bound.close() }
        let socketError = try thrownError { try FileReader.read(socketPath, limit: 1 << 20, what: "a data file") }
        #expect(socketError.message == "\(socketPath) is a socket, not a regular file")
    }

    @Test("a 5,000-character path is named by its start and its end, not echoed whole")
    func longPath() throws {
        let path = "/tmp/" + String(repeating: "a/", count: 2_490) + "menu.json"
        let error = try thrownError { try FileReader.read(path, limit: 1 << 20, what: "a data file") }
        #expect(error.message.count < 250, "\(error.message.count) characters")
        #expect(error.message.hasSuffix("a/menu.json (a path of \(path.count) characters)"), "\(error.message)")
    }

    @Test("a file over the limit is refused before it is read, naming its size and the limit")
    func overLimit() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-filereader")
        defer { directory.remove() }
        let path = directory.file("kiosk.json")
        // A sparse 100 MiB file: its size says 100 MiB, nothing is on disk.
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(fd, 100 << 20) == 0)
        close(fd)
        let before = ProcessMemory.current()?.peakResidentKiB ?? 0
        let error = try thrownError { try FileReader.read(path, limit: 16 << 20, what: "a config file") }
        #expect(error.message == "\(path) is 100.0 MiB, more than the 16.0 MiB a config file may have")
        #expect(error.code == .invalidData)
        // Nothing was read: the peak did not grow by the file's size.
        #expect((ProcessMemory.current()?.peakResidentKiB ?? 0) - before < 50 << 10)
        // Exactly the limit is fine.
        #expect(try FileReader.read(path, limit: 100 << 20, what: "a config file").count == 100 << 20)
    }

    @Test("a /proc file that says it is empty is read to its end; a missing file is not found")
    func procAndMissing() throws {
        let status = try FileReader.readText("/proc/self/status", limit: FileReader.largestSystemFile, what: "a system file")
        #expect(status.contains("VmRSS:"))
        let truncated = try thrownError { try FileReader.read("/proc/self/status", limit: 16, what: "a system file") }
        #expect(truncated.message == "/proc/self/status holds more than the 16 bytes a system file may have")
        let missing = try thrownError { try FileReader.read("/nonexistent/vitrine.json", limit: 16, what: "a config file") }
        #expect(missing.code == .notFound)
        #expect(missing.message == "file not found: /nonexistent/vitrine.json")
    }

    @Test("an atomic write refuses to replace a FIFO, a device node or a symbolic link, and leaves it as it was")
    func atomicWriteRefusesNonFiles() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-atomicfile")
        defer { directory.remove() }
        let fifo = directory.file("state.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        let error = try thrownError { try AtomicFile.write(Array("{}".utf8), to: fifo) }
        #expect(error.message == "cannot replace \(fifo): it is a FIFO, not a regular file")
        #expect(Self.type(of: fifo) == S_IFIFO)
        #expect(Directory.entryNames(directory.path) == ["state.json"], "no temporary file is left")

        let link = directory.file("link.json")
        #expect(symlink("/etc/hostname", link) == 0)
        let linkError = try thrownError { try AtomicFile.write(Array("{}".utf8), to: link) }
        #expect(linkError.message == "cannot replace \(link): it is a symbolic link, not a regular file")
        #expect(linkError.hint?.contains("/etc/hostname") == true)

        // A prepared write whose target became a FIFO before the commit is refused too.
        let later = directory.file("later.json")
        let pending = try AtomicFile.prepare(Array("{}".utf8), for: later)
        #expect(mkfifo(later, 0o644) == 0)
        #expect(throws: VitrineError.self) { try pending.commit() }
        #expect(Self.type(of: later) == S_IFIFO)

        // A regular file is still replaced.
        let file = directory.file("ok.json")
        try AtomicFile.write(Array("1".utf8), to: file)
        try AtomicFile.write(Array("2".utf8), to: file)
        #expect(try FileReader.readText(file, limit: 16, what: "a state dump") == "2")

        // As root, a real character device (what /dev/full is) made with mknod.
        if getuid() == 0 {
            let device = directory.file("full")
            #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0)
            let deviceError = try thrownError { try AtomicFile.write(Array("{}".utf8), to: device) }
            #expect(deviceError.message == "cannot replace \(device): it is a character device, not a regular file")
            #expect(Self.type(of: device) == S_IFCHR)
        }
    }

    static func type(of path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }
}
