import CVitrineShims
import Glibc
import Testing
import VitrineCore
import VitrineReplay
import VitrineSpeech
import VitrineSystem

/// The recordings beside the tests (`Recordings/*.yml`).
enum Recordings {
    static let folder: String = {
        var path = String(#filePath)
        path = String(path[..<path.lastIndex(of: "/")!])
        return path + "/Recordings"
    }()

    static func path(_ name: String) -> String { self.folder + "/" + name }
}

/// A temporary folder, removed with what is in it when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/vitrine-speech-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw SystemError("mkdtemp", errno: errno) }
        self.path = made
    }

    func write(_ name: String, _ text: String) throws {
        try AtomicFile.write(Array(text.utf8), to: self.path + "/" + name, durable: false)
    }

    deinit {
        for name in Directory.entryNames(self.path) { unlink(self.path + "/" + name) }
        rmdir(self.path)
    }
}

@Suite("Headset: the jack's switch, its devices and controls")
struct HeadsetTests {
    @Test("a recorded jack input device (headset in, then out) starts and stops speech mode: exactly two changes")
    func recordedStream() throws {
        let recording = try InputRecording.load(Recordings.path("headset-in-out.yml"))
        guard case .libinputRecord(let file) = recording else {
            Issue.record("the recording is not a libinput record file")
            return
        }
        let device = try #require(file.devices.first)
        #expect(device.name == "HDA Intel PCH Headphone")
        #expect(device.codes[HeadsetSwitchDecoder.EV_SW] == [HeadsetSwitchDecoder.SW_HEADPHONE_INSERT])
        var decoder = HeadsetSwitchDecoder()
        var changes: [(time: Int64, plugged: Bool)] = []
        for event in device.events {
            if let plugged = decoder.feed(type: event.type, code: event.code, value: event.value) { changes.append((event.time, plugged)) }
        }
        #expect(changes.map(\.plugged) == [true, false])
        #expect(changes.map(\.time) == [0, 3_665_721])
        #expect(!decoder.plugged)
    }

    @Test("a change counts at its SYN_REPORT; a frame that repeats the state changes nothing")
    func frames() {
        var decoder = HeadsetSwitchDecoder()
        #expect(decoder.feed(type: 5, code: 2, value: 1) == nil)
        #expect(decoder.plugged == false)
        #expect(decoder.feed(type: 0, code: 0, value: 0) == true)
        #expect(decoder.feed(type: 5, code: 2, value: 1) == nil)
        #expect(decoder.feed(type: 0, code: 0, value: 0) == nil)
        // Other switches (SW_MICROPHONE_INSERT, 4) and other events are not the headphones.
        #expect(decoder.feed(type: 5, code: 4, value: 0) == nil)
        #expect(decoder.feed(type: 0, code: 0, value: 0) == nil)
        #expect(decoder.plugged == true)
    }

    @Test("after SYN_DROPPED the rest of the frame is ignored and the state read again decides")
    func dropped() {
        var decoder = HeadsetSwitchDecoder(plugged: true)
        #expect(decoder.feed(type: 0, code: 3, value: 0) == nil)
        #expect(decoder.feed(type: 5, code: 2, value: 0) == nil)
        #expect(decoder.feed(type: 0, code: 0, value: 0) == nil)
        #expect(decoder.needsResynchronization)
        #expect(decoder.plugged == true)
        #expect(decoder.resynchronize(plugged: false) == false)
        #expect(!decoder.needsResynchronization)
        #expect(decoder.resynchronize(plugged: false) == nil)
    }

    @Test("ALSA's headphone jack controls are told by their names, phantom jacks are not headphones")
    func controlNames() {
        for name in ["Headphone Jack", "Front Headphone Jack", "Headphone Front Jack", "Headphone Mic Jack"] {
            #expect(AlsaJackWatch.isHeadphoneJack(name), "\(name)")
        }
        for name in ["Mic Jack", "Speaker Jack", "Headphone Phantom Jack", "Headphone Playback Switch", "HDMI/DP,pcm=3 Jack"] {
            #expect(!AlsaJackWatch.isHeadphoneJack(name), "\(name)")
        }
    }

    @Test("no jack input device in a folder without devices, or of files that are not evdev devices: none followed, no error")
    func noEvdevJack() throws {
        let loop = try EpollEventLoop()
        let log = MemoryLogSink()
        let empty = try TemporaryFolder()
        let watch = EvdevJackWatch(loop: loop, directory: empty.path, logger: Logger("speech", sink: log))
        #expect(watch.jacks.isEmpty)
        #expect(!watch.plugged)
        let files = try TemporaryFolder()
        try files.write("event0", "not a device")
        try files.write("mice", "")
        let notDevices = EvdevJackWatch(loop: loop, directory: files.path, logger: Logger("speech", sink: log))
        #expect(notDevices.jacks.isEmpty)
        #expect(notDevices.problems.isEmpty)
        let missing = EvdevJackWatch(loop: loop, directory: empty.path + "/gone", logger: Logger("speech", sink: log))
        #expect(missing.jacks.isEmpty)
        #expect(log.entries.filter { $0.level <= .warning }.isEmpty)
    }

    @Test("on a machine without sound cards there is no ALSA jack to follow, and no error", .enabled(if: access("/dev/snd", F_OK) != 0))
    func noAlsaJack() throws {
        let loop = try EpollEventLoop()
        let log = MemoryLogSink()
        let watch = AlsaJackWatch(loop: loop, logger: Logger("speech", sink: log))
        #expect(watch.jacks.isEmpty)
        #expect(watch.problems.isEmpty)
        #expect(!watch.plugged)
        #expect(log.entries.filter { $0.level <= .warning }.isEmpty)
    }

    @Test("with no jack at all the headset watch says once that speech starts by its key")
    func noJackAtAll() throws {
        let loop = try EpollEventLoop()
        let log = MemoryLogSink()
        let empty = try TemporaryFolder()
        let watch = HeadsetWatch(loop: loop, inputDirectory: empty.path, logger: Logger("speech", sink: log))
        #expect(log.entries.filter { $0.level <= .warning }.isEmpty)
        if watch.alsa.jacks.isEmpty {
            #expect(!watch.plugged)
            #expect(watch.followed.isEmpty)
            #expect(log.messages.filter { $0.contains("speech starts only by its key") }.count == 1)
        } else {
            #expect(log.messages.contains { $0.hasPrefix("following the headphone jack of card ") })
        }
    }
}
