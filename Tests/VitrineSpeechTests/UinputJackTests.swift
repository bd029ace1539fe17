import CVitrineShims
import Glibc
import Testing
import VitrineCore
import VitrineSpeech
import VitrineSystem

/// A jack input device of the test's own, made through uinput: one switch, SW_HEADPHONE_INSERT,
/// as the kernel's ALSA jack layer registers for a headphone pin.
final class UinputJack {
    static let name = "Vitrine test headphone jack"
    private let file: OwnedDescriptor

    init() throws {
        self.file = try OwnedDescriptor.open("/dev/uinput", flags: O_WRONLY | O_NONBLOCK)
        let fd = self.file.rawValue
        try Syscall.ioctl(fd, CVitrineShims_UI_SET_EVBIT(), value: UInt(EV_SW), name: "UI_SET_EVBIT")
        try Syscall.ioctl(fd, CVitrineShims_UI_SET_SWBIT(), value: UInt(SW_HEADPHONE_INSERT), name: "UI_SET_SWBIT")
        var setup = uinput_setup()
        setup.id.bustype = UInt16(BUS_VIRTUAL)
        withUnsafeMutableBytes(of: &setup.name) { name in
            for (index, byte) in Self.name.utf8.prefix(name.count - 1).enumerated() { name[index] = byte }
        }
        try Syscall.ioctl(fd, CVitrineShims_UI_DEV_SETUP(), &setup, name: "UI_DEV_SETUP")
        try Syscall.ioctl(fd, CVitrineShims_UI_DEV_CREATE(), value: 0, name: "UI_DEV_CREATE")
    }

    /// The switch's frame: SW_HEADPHONE_INSERT, then SYN_REPORT.
    func emit(plugged: Bool) {
        var events = [input_event(), input_event()]
        events[0].type = UInt16(EV_SW)
        events[0].code = UInt16(SW_HEADPHONE_INSERT)
        events[0].value = plugged ? 1 : 0
        events[1].type = UInt16(EV_SYN)
        events[1].code = UInt16(SYN_REPORT)
        _ = events.withUnsafeBytes { Glibc.write(self.file.rawValue, $0.baseAddress, $0.count) }
    }

    deinit { _ = try? Syscall.ioctl(self.file.rawValue, CVitrineShims_UI_DEV_DESTROY(), value: 0, name: "UI_DEV_DESTROY") }
}

@Suite("A jack input device made with uinput")
struct UinputJackTests {
    /// uinput is there and may be written (a VM's root); elsewhere the test is skipped.
    static let available = access("/dev/uinput", W_OK) == 0

    @Test("plugging and pulling a headset on a SW_HEADPHONE_INSERT device reaches the loop: in, then out", .enabled(if: available))
    func pluggedAndPulled() throws {
        let jack = try UinputJack()
        let loop = try EpollEventLoop()
        let log = MemoryLogSink()
        // The kernel makes the device's node at once; udev may still be setting its permissions.
        var watch: EvdevJackWatch?
        for _ in 0..<50 {
            let candidate = EvdevJackWatch(loop: loop, logger: Logger("speech", sink: log))
            if candidate.jacks.contains(where: { $0.name == UinputJack.name }) {
                watch = candidate
                break
            }
            Syscall.sleep(for: .milliseconds(20))
        }
        let found = try #require(watch)
        #expect(found.jacks.first { $0.name == UinputJack.name }?.plugged == false)
        var changes: [Bool] = []
        found.onChange = { changed in
            guard changed.name == UinputJack.name else { return }
            changes.append(changed.plugged)
            if changes.count == 2 { loop.stop() }
        }
        loop.schedule(after: .milliseconds(50)) { jack.emit(plugged: true) }
        loop.schedule(after: .milliseconds(150)) { jack.emit(plugged: false) }
        try loop.run(for: .seconds(5))
        #expect(changes == [true, false])
    }
}
