import Testing
import VitrineCore
import VitrineReplay
import VitrineSystem

@Suite("Replay of damaged recordings")
struct ReplayFaultTests {
    func loadError(_ name: String) -> VitrineError? {
        do {
            _ = try InputRecording.load(Recordings.path(name))
            return nil
        } catch {
            return error
        }
    }

    @Test("an event with four numbers is an error naming the file and its line")
    func malformed() {
        let error = self.loadError("malformed-event.yml")
        #expect(error?.code == .invalidRecording)
        #expect(error?.message.hasSuffix("malformed-event.yml line 54: an evdev event must be [sec, usec, type, code, value] with usec below 1000000") == true)
    }

    @Test("a file cut off in the middle of a line is a YAML error at its last line, saying it may be truncated")
    func cutMidLine() throws {
        let error = self.loadError("truncated-mid-line.yml")
        let lines = try FileReader.readText(Recordings.path("truncated-mid-line.yml"), limit: InputRecording.largestFile, what: "a recording").split(
            separator: "\n", omittingEmptySubsequences: false
        ).count
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("truncated-mid-line.yml line \(lines): ") == true)
        #expect(error?.hint?.contains("truncated") == true)
    }

    @Test("a recording that stops inside a frame: the unfinished frame is dropped and the contact cancelled, both said")
    func truncatedMidFrame() throws {
        let run = try ReplayRun("truncated-mid-frame.yml").playToEnd()
        #expect(run.lines.count == 12)
        #expect(run.lines.last == "t=80000us #0 cancelled (520.00, 400.00)")
        #expect(
            run.warnings == [
                "truncated-mid-frame.yml line 98: the events of 'ELAN Touchscreen' from here on have no SYN_REPORT (the recording is truncated); they are dropped (recovered)",
                "truncated-mid-frame.yml: the recording ends with contact(s) #0 of 'ELAN Touchscreen' still down; they are cancelled, as libinput cancels the contacts of a device that goes away (recovered)"
            ])
    }

    @Test("a slot out of range is ignored as the kernel ignores it, with the line, and the drag goes on")
    func slotOutOfRange() throws {
        let run = try ReplayRun("slot-out-of-range.yml").playToEnd()
        #expect(
            run.lines == [
                "t=0us #0 began (320.00, 200.00)",
                "t=8000us #0 moved (340.00, 200.00)",
                "t=16000us #0 ended (340.00, 200.00)"
            ])
        #expect(
            run.warnings == [
                "slot-out-of-range.yml line 48: ABS_MT_SLOT 12 is outside the device's slots 0…9; ignored, as the kernel ignores it (recovered)"
            ])
    }

    @Test("a tracking id reused without a release keeps the first contact, as libinput does, with the line")
    func trackingIDReused() throws {
        let run = try ReplayRun("tracking-id-reused.yml").playToEnd()
        #expect(
            run.lines == [
                "t=0us #0 began (320.00, 200.00)",
                "t=16000us #0 moved (500.00, 200.00)",
                "t=24000us #0 ended (500.00, 200.00)"
            ])
        #expect(run.warnings.count == 1)
        #expect(run.warnings.first?.hasPrefix("tracking-id-reused.yml line 49: tracking id 701 starts in slot 0 while its contact never lifted") == true)
    }

    @Test("what is not a version-1 libinput recording is refused with the reason")
    func wrongFiles() {
        func error(_ text: String) -> String? { recordingError(text, file: "x.yml") }
        #expect(error("version: 2\ndevices: []\n") == "x.yml line 1: version 2 is not supported (only libinput record version 1)")
        #expect(error("name: something\n") == "x.yml line 1: no version: this is not a libinput record file")
        #expect(error("version: 1\ndevices: []\n") == "x.yml line 2: no devices")
        #expect(error("") == "x.yml is empty")
        #expect(
            error("version: 1\ndevices:\n- node: /dev/input/event1\n  evdev:\n    absinfo:\n      53: [0, 10]\n")
                == "x.yml line 6: absinfo 53 must be [min, max, fuzz, flat, resolution]")
        #expect(
            error(
                "version: 1\ndevices:\n- evdev: {name: a}\n  events:\n  - evdev:\n    - [0, 5000, 3, 53, 1]\n    - [0, 4000, 0, 0, 0]\n")
                == "x.yml line 7: time goes backwards (4000 µs after 5000 µs)")
    }

    @Test("a device without touch axes or keyboard keys (a mouse) is reported, said to be skipped, and produces nothing")
    func mouseOnly() throws {
        let text =
            "version: 1\ndevices:\n- node: /dev/input/event2\n  evdev:\n    name: Mouse\n    codes: {1: [272], 2: [0, 1]}\n  events:\n  - evdev:\n    - [0, 0, 1, 272, 1]\n    - [0, 0, 0, 0, 0]\n"
        let run = ReplayRun(recording: try InputRecording.parse(text, file: "m.yml"), file: "m.yml")
        try run.playToEnd()
        #expect(run.frames.isEmpty && run.keys.isEmpty)
        #expect(run.added.map(\.capabilities) == [.pointer])
        #expect(
            run.warnings.first?.hasPrefix(
                "m.yml line 3: 'Mouse' has no touch axes (ABS_MT_POSITION_X/Y with ABS_MT_SLOT, or ABS_X/Y with BTN_TOUCH) and no keyboard keys") == true)
    }
}
