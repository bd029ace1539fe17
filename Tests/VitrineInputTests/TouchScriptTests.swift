import Testing
import VitrineCore
import VitrineReplay

@Suite("Touch scripts and replay timing")
struct TouchScriptTests {
    func run(_ json: String) throws -> ReplayRun {
        let run = ReplayRun(recording: try InputRecording.parse(json, file: "s.json"), file: "s.json")
        return try run.playToEnd()
    }

    func scriptError(_ json: String) -> String? { recordingError(json, file: "s.json") }

    @Test("events with equal t form one frame, positions are points as written, whatever the transform")
    func frames() throws {
        let json = """
            [{"t": 0, "id": 0, "phase": "down", "x": 100, "y": 200},
             {"t": 0, "id": 1, "phase": "down", "x": 300.5, "y": 200},
             {"t": 16, "id": 0, "phase": "move", "x": 120, "y": 210},
             {"t": 32.5, "id": 0, "phase": "up"},
             {"t": 32.5, "id": 1, "phase": "cancel", "x": 301, "y": 201}]
            """
        let run = ReplayRun(
            recording: try InputRecording.parse(json, file: "s.json"), file: "s.json",
            transform: TouchTransform(nativeSize: PixelSize(width: 1280, height: 800), rotation: .clockwise90, scale: 2))
        try run.playToEnd()
        #expect(
            run.lines == [
                "t=0us #0 began (100.00, 200.00) #1 began (300.50, 200.00)",
                "t=16000us #0 moved (120.00, 210.00) #1 stationary (300.50, 200.00)",
                "t=32500us #0 ended (120.00, 210.00) #1 cancelled (301.00, 201.00)"
            ])
        #expect(run.frames.allSatisfy { $0.device == "script" })
        #expect(run.warnings.isEmpty)
    }

    @Test("compact JSON with tabs reads the same")
    func compact() throws {
        let run = try self.run("[{\"t\":0,\"id\":3,\"phase\":\"down\",\"x\":1,\"y\":2},\n\t{\"t\":1e1,\"id\":3,\"phase\":\"up\"}]")
        #expect(run.lines == ["t=0us #3 began (1.00, 2.00)", "t=10000us #3 ended (1.00, 2.00)"])
    }

    @Test("every mistake in a script names its line")
    func mistakes() {
        #expect(
            self.scriptError(
                "[{\"t\": 0, \"id\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 1},\n {\"t\": 5, \"id\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 1}]")
                == "s.json line 2: contact 0 goes down again without an \"up\" or \"cancel\"")
        #expect(
            self.scriptError("[{\"t\": 0, \"id\": 0, \"phase\": \"move\", \"x\": 1, \"y\": 1}]") == "s.json line 1: contact 0 has a \"move\" but is not down")
        #expect(
            self.scriptError("[\n{\"t\": 0, \"id\": 0, \"phase\": \"tap\"}]") == "s.json line 2: \"phase\" must be \"down\", \"move\", \"up\" or \"cancel\"")
        #expect(
            self.scriptError("[{\"t\": 0, \"id\": 32, \"phase\": \"down\", \"x\": 1, \"y\": 1}]") == "s.json line 1: \"id\" must be a whole number from 0 to 31"
        )
        #expect(self.scriptError("[{\"t\": 0, \"id\": 0, \"phase\": \"down\", \"x\": 1}]") == "s.json line 1: a \"down\" needs \"x\" and \"y\"")
        #expect(
            self.scriptError("[{\"t\": 9, \"id\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 1},\n{\"t\": 3, \"id\": 0, \"phase\": \"up\"}]")
                == "s.json line 2: \"t\" 3.0 goes back in time; events must be in order")
        #expect(
            self.scriptError("[{\"t\": 0, \"id\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 1},\n{\"t\": 0, \"id\": 0, \"phase\": \"up\"}]")
                == "s.json line 2: contact 0 has two events at t = 0.0; one frame holds one event per contact")
        #expect(
            self.scriptError("[{\"t\": 0, \"id\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 1}")
                == "s.json line 1: did not find expected ',' or ']' while parsing a flow sequence (at the end of the file)")
    }

    @Test("a script that ends with a contact down cancels it, and says so")
    func endsDown() throws {
        let run = try self.run(
            "[{\"t\": 0, \"id\": 2, \"phase\": \"down\", \"x\": 5, \"y\": 6}, {\"t\": 8, \"id\": 2, \"phase\": \"move\", \"x\": 7, \"y\": 6}]")
        #expect(run.lines.last == "t=8000us #2 cancelled (7.00, 6.00)")
        #expect(run.warnings.count == 1)
    }

    @Test("nothing arrives before start; frames arrive at their offsets from start on the loop's clock")
    func timing() throws {
        let loop = ManualEventLoop(now: MonotonicTime(seconds: 5))
        let recording = try InputRecording.load(Recordings.path("fast-flick.yml"))
        let source = ReplaySource(recording: recording, file: "fast-flick.yml", transform: panel, loop: loop)
        var frames: [TouchFrame] = []
        source.onFrame = { frames.append($0) }
        loop.advance(by: .seconds(1))
        #expect(frames.isEmpty)
        try source.start()
        loop.runDueActions()
        #expect(frames.map(\.timestamp) == [6_000_000])
        loop.advance(by: .microseconds(7_999))
        #expect(frames.count == 1)
        loop.advance(by: .microseconds(1))
        #expect(frames.map(\.timestamp) == [6_000_000, 6_008_000])
        loop.advance(by: .milliseconds(100))
        #expect(frames.count == 7)
        #expect(source.isFinished)
    }
}
