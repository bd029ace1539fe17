import Testing
import VitrineCore
import VitrineReplay

/// A minimal protocol-B recording: `absinfo` lines as written, then `events` (one list per frame).
func multitouchRecording(slots: String = "[0, 9, 0, 0, 0]", x: String = "[0, 4095, 0, 0, 16]", extraAxis: String = "", frames: [String]) -> String {
    """
    version: 1
    devices:
    - node: /dev/input/event5
      evdev:
        name: "ELAN Touchscreen"
        id: [3, 1267, 10498, 273]
        absinfo:
          47: \(slots)
          53: \(x)
          54: [0, 4095, 0, 0, 26]
          57: [0, 65535, 0, 0, 0]\(extraAxis)
      events:
    \(frames.map { "  - evdev:\n" + $0 }.joined(separator: "\n"))

    """
}

/// One finger down at (1024, 2048) at `seconds`, as a frame of `multitouchRecording`.
func fingerDown(seconds: String = "0") -> String {
    """
        - [\(seconds), 0, 3, 47, 0]
        - [\(seconds), 0, 3, 57, 100]
        - [\(seconds), 0, 3, 53, 1024]
        - [\(seconds), 0, 3, 54, 2048]
        - [\(seconds), 0, 0, 0, 0]
    """
}

/// The held-out reproducers of issue 16 (and what the fuzz targets found): every number from the
/// file is bounded before it reaches an integer conversion, an allocation or a loop, and each
/// bad one is an error naming the file and the line.
@Suite("Replay of recordings and scripts with numbers out of bounds")
struct ReplayBoundsTests {
    func script(_ event: String) -> String {
        "[{\"t\": 0, \"id\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 1},\n\(event)]"
    }

    @Test("a script time of 1e13 or 1e17 ms is an error at its line, not a trap in the time conversions")
    func scriptTimes() throws {
        for t in ["1e13", "1e17", "604800001"] {
            #expect(
                recordingError(self.script("{\"t\": \(t), \"id\": 0, \"phase\": \"up\"}"), file: "s.json")
                    == "s.json line 2: \"t\" \(Double(t)!) is more than 604800000 ms (a week) after the start")
        }
        // A week to the millisecond still plays, from a month of uptime, and ends on time.
        let run = ReplayRun(
            recording: try InputRecording.parse(self.script("{\"t\": 604800000, \"id\": 0, \"phase\": \"up\"}"), file: "s.json"), file: "s.json")
        try run.source.start()
        run.loop.runUntilIdle(limit: MonotonicTime(nanoseconds: .max))
        #expect(run.lines == ["t=0us #0 began (1.00, 1.00)", "t=604800000000us #0 ended (1.00, 1.00)"])
    }

    @Test("a script position of 1e17 is an error naming the coordinate and the line")
    func scriptPositions() {
        #expect(
            recordingError("[{\"t\": 0, \"id\": 0, \"phase\": \"down\", \"x\": 1e17, \"y\": 1}]", file: "s.json")
                == "s.json line 1: \"x\" 1e+17 is more than 100000 points off the screen's origin")
        #expect(
            recordingError(self.script("{\"t\": 5, \"id\": 0, \"phase\": \"move\", \"x\": 0, \"y\": -100001}"), file: "s.json")
                == "s.json line 2: \"y\" -100001.0 is more than 100000 points off the screen's origin")
    }

    @Test("a recorded seconds field of 1e13 is an error at its line, not an overflow")
    func recordingSeconds() throws {
        let text = multitouchRecording(frames: [fingerDown(), fingerDown(seconds: "10000000000000")])
        let error = recordingError(text, file: "r.yml")
        #expect(
            error == "r.yml line 20: the event's time 10000000000000 s is more than 604800 s (a week) after the recording started; replay a shorter recording")
        // One week is still replayed.
        let run = ReplayRun(recording: try InputRecording.parse(multitouchRecording(frames: [fingerDown(seconds: "604800")]), file: "r.yml"), file: "r.yml")
        try run.source.start()
        run.loop.runUntilIdle(limit: MonotonicTime(nanoseconds: .max))
        #expect(run.frames.first?.timestamp == 604_800_000_000)
    }

    @Test("ABS_MT_SLOT's maximum is bounded by the kernel's 1024 slots: 2^31 − 1 and 10^7 are errors, 1023 replays")
    func slotCounts() throws {
        for maximum in ["2147483647", "10000000", "1024"] {
            #expect(
                recordingError(multitouchRecording(slots: "[0, \(maximum), 0, 0, 0]", frames: [fingerDown()]), file: "r.yml")
                    == "r.yml line 8: absinfo 47 (ABS_MT_SLOT) must be [0, n − 1, …] with at most 1024 slots; the kernel allows no more")
        }
        #expect(recordingError(multitouchRecording(slots: "[-5, 3, 0, 0, 0]", frames: [fingerDown()]), file: "r.yml")?.contains("ABS_MT_SLOT") == true)
        let run = ReplayRun(
            recording: try InputRecording.parse(multitouchRecording(slots: "[0, 1023, 0, 0, 0]", frames: [fingerDown()]), file: "r.yml"), file: "r.yml")
        try run.playToEnd()
        #expect(run.lines.first == "t=0us #0 began (320.00, 400.00)")
    }

    @Test("an axis with min == max is an error, as libinput rejects the device; an unused one at 0 is dropped as libinput drops it")
    func flatAxis() throws {
        #expect(
            recordingError(multitouchRecording(x: "[100, 100, 0, 0, 0]", frames: [fingerDown()]), file: "r.yml")
                == "r.yml line 9: absinfo 53: minimum and maximum are both 100; libinput rejects a device with min == max on an axis")
        #expect(
            recordingError(multitouchRecording(x: "[0, 0, 0, 0, 0]", frames: [fingerDown()]), file: "r.yml")?.hasPrefix(
                "r.yml line 9: absinfo 53: minimum and maximum are both 0") == true)
        // ABS_MISC + 1 (0x29) at 0…0: libinput disables it and keeps the device.
        let text = multitouchRecording(extraAxis: "\n      41: [0, 0, 0, 0, 0]", frames: [fingerDown()])
        guard case .libinputRecord(let recording) = try InputRecording.parse(text, file: "r.yml") else {
            Issue.record("not a recording")
            return
        }
        #expect(recording.devices[0].absinfo[41] == nil)
        #expect(recording.devices[0].absinfo[53] != nil)
    }

    @Test("YAML nested 50,000 deep is an error at the line where it passes 64, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        #expect(recordingError(deep, file: "d.yml") == "d.yml line 1: lists and mappings nest more than 64 deep")
        let lines = (0..<70).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n") + "x\n"
        #expect(recordingError(lines, file: "d.yml")?.hasPrefix("d.yml line 65: lists and mappings nest more than 64 deep") == true)
        let shallow = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(recordingError(shallow, file: "d.yml") != "d.yml line 1: lists and mappings nest more than 64 deep")
    }

    /// A recording with `count` events in frames of five (a finger moving), written compactly.
    func longRecording(events count: Int) -> String {
        var frames: [String] = []
        frames.reserveCapacity(count / 5 + 1)
        for index in 0..<(count / 5) {
            let (seconds, micros) = (index / 100, (index % 100) * 10_000)
            frames.append(
                "    - [\(seconds), \(micros), 3, 53, \(index % 4096)]\n    - [\(seconds), \(micros), 3, 54, 100]\n"
                    + "    - [\(seconds), \(micros), 3, 53, 7]\n    - [\(seconds), \(micros), 3, 54, 9]\n    - [\(seconds), \(micros), 0, 0, 0]")
        }
        return multitouchRecording(frames: frames)
    }

    @Test("the YAML tree grows linearly: 8× the events cost well under 8 × 3 the time (copying the open list made it 64×)")
    func linearTree() throws {
        func duration(events: Int, runs: Int) throws -> Duration {
            let text = self.longRecording(events: events)
            var best = Duration.seconds(1_000)
            for _ in 0..<runs {
                let clock = ContinuousClock()
                let start = clock.now
                guard case .libinputRecord(let recording) = try InputRecording.parse(text, file: "long.yml") else {
                    throw VitrineError(.invalidRecording, "not a recording")
                }
                best = min(best, clock.now - start)
                #expect(recording.devices[0].events.count == events)
            }
            return best
        }
        // The fastest of two runs of the small file, so a busy moment cannot make it look slow.
        let ratio = try duration(events: 80_000, runs: 1) / duration(events: 10_000, runs: 2)
        #expect(ratio < 24, "80,000 events took \(ratio)× as long as 10,000")
    }

    @Test("a frame of more than 10^6 events is an error at its line, before any is read")
    func eventCount() {
        let frame = "      [" + String(repeating: "0, ", count: InputRecording.maximumEvents) + "0]"
        #expect(
            recordingError(multitouchRecording(frames: [frame]), file: "r.yml")
                == "r.yml line 14: more than 1000000 events; replay a shorter recording (cut it with a text editor at a SYN_REPORT)")
    }
}
