import Glibc
import Testing
import VitrineCore
import VitrineRuntime

@Suite("Backlight power")
struct BacklightPowerTests {
    /// A directory laid out like /sys/class/backlight with one device.
    static func makeRoot(device: String = "panel", brightness: String? = "120\n", max: String = "255\n") -> String {
        var template = Array("/tmp/vitrine-backlight-XXXXXX".utf8CString)
        let root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        mkdir(root + "/" + device, 0o755)
        if let brightness { Self.write(brightness, to: root + "/" + device + "/brightness") }
        Self.write(max, to: root + "/" + device + "/max_brightness")
        return root
    }

    static func write(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    @Test("dims to a fraction of the brightness in use, blanks to 0, and restores it on waking")
    func dimBlankRestore() throws {
        let root = Self.makeRoot()
        let light = try #require(BacklightPower.resolve(.auto, root: root))
        let file = root + "/panel/brightness"
        light.apply(.dimmed(level: 0.3))
        #expect(Self.read(file) == "36\n")
        light.apply(.blank)
        #expect(Self.read(file) == "0\n")
        light.apply(.on)
        #expect(Self.read(file) == "120\n")
        #expect(light.savedBrightness == nil)
        // A brightness changed by the administrator meanwhile is the one restored next time.
        Self.write("200\n", to: file)
        light.apply(.blank)
        light.apply(.on)
        #expect(Self.read(file) == "200\n")
    }

    @Test("a named device that is missing is reported with the devices present; auto without any is nil")
    func resolve() {
        let root = Self.makeRoot()
        let sink = MemoryLogSink()
        #expect(BacklightPower.resolve(.device("panle"), root: root, logger: Logger("power", sink: sink)) == nil)
        #expect(sink.messages.count == 1)
        #expect(sink.messages.first?.contains("no backlight \(root)/panle (present: panel)") == true)
        #expect(BacklightPower.resolve(.device("panel"), root: root)?.directory == root + "/panel")
        #expect(BacklightPower.resolve(.auto, root: root + "/panel/nothing-here") == nil)
        #expect(BacklightPower.resolve(.none, root: root) == nil)
    }

    @Test("an unwritable brightness file is logged once, naming the file and the fix, and nothing crashes")
    func unwritable() throws {
        // A file that holds a number and refuses writes even to root: a read-only sysctl.
        let root = Self.makeRoot(brightness: nil)
        symlink("/proc/sys/kernel/ngroups_max", root + "/panel/brightness")
        let sink = MemoryLogSink()
        let light = try #require(BacklightPower.resolve(.auto, root: root, logger: Logger("power", sink: sink)))
        light.apply(.dimmed(level: 0.5))
        light.apply(.blank)
        light.apply(.on)
        light.apply(.blank)
        #expect(sink.entries.count == 1)
        let message = sink.messages.first ?? ""
        #expect(message.contains("cannot write \(root)/panel/brightness"))
        #expect(message.contains("71-vitrine-backlight.rules") || message.contains("ReadWritePaths="))
        #expect(message.contains("blanking still uses the display's power switch"))
        #expect(Self.read("/proc/sys/kernel/ngroups_max") == "65536\n")
    }
}
