import Glibc
import Testing
import VitrineCore
import VitrineDRM

/// The DRM output's logic against a simulated kernel (`SimulatedKMSDevice`). The same code runs
/// on the real kernel in the QEMU system test (scripts/vm/test-display.py).
@Suite("DRMOutput")
struct DRMOutputTests {
    static func output(_ display: SimulatedDisplay, options: DRMOutputOptions = DRMOutputOptions(), sink: MemoryLogSink = MemoryLogSink()) throws(VitrineError)
        -> DRMOutput
    {
        try DRMOutput(options: options, candidates: ["/dev/dri/card0"], loop: display.loop, openDevice: display.opener(), logger: Logger("drm", sink: sink))
    }

    static func animate(_ output: DRMOutput, frames: Int, loop: ManualEventLoop, seconds: Double = 1) -> (
        frame: PixelBuffer, times: [MonotonicTime], callbacks: [MonotonicTime]
    ) {
        let frame = PixelBuffer(size: output.size)
        var times: [MonotonicTime] = []
        var callbacks: [MonotonicTime] = []
        var n = 0
        output.frameClock.onFrame = { [unowned output] time in
            n += 1
            times.append(time.presentationTime)
            callbacks.append(loop.now)
            frame.fill(PixelRect(x: n % 100, y: 0, width: 1, height: 1), with: 0xFF00_0000 | UInt32(n))
            output.present(frame, damage: Region(PixelRect(x: n % 100, y: 0, width: 1, height: 1)))
            if n < frames { output.frameClock.requestFrame() }
        }
        output.present(frame, damage: Region(frame.bounds))
        output.frameClock.requestFrame()
        loop.advance(by: .seconds(seconds))
        return (frame, times, callbacks)
    }

    @Test("the preferred mode is chosen, the first frame is a SetCrtc and the rest are page flips")
    func firstFrameModesetThenFlips() throws {
        let display = SimulatedDisplay()
        let output = try Self.output(display)
        #expect(output.size == PixelSize(width: 1280, height: 800))
        let result = Self.animate(output, frames: 5, loop: display.loop)
        let calls = display.card.calls.filter { !$0.hasPrefix("create") }
        #expect(calls.first!.hasPrefix("setcrtc 30"))
        #expect(calls.dropFirst().allSatisfy { $0.hasPrefix("flip 30") })
        #expect(calls.count == 6)
        // The scanned-out buffer holds the last frame.
        #expect(display.card.scanout(of: SimulatedDisplay.crtc)!.hasSamePixels(as: result.frame))
    }

    @Test("with real vblanks the flip timestamps drive the frame clock")
    func vblankPacing() throws {
        let display = SimulatedDisplay()
        let output = try Self.output(display)
        let result = Self.animate(output, frames: 30, loop: display.loop)
        #expect(output.presentQueue.pacing == .detect)
        let interval = Nanoseconds.seconds(1.0 / 60).value
        // Callbacks come at vblanks (the simulated grid starts at 0), one interval apart.
        for i in 2..<result.callbacks.count {
            #expect(abs((result.callbacks[i] - result.callbacks[i - 1]).value - interval) <= 1)
            #expect(result.callbacks[i].nanoseconds % interval <= 1 || interval - result.callbacks[i].nanoseconds % interval <= 1)
        }
    }

    @Test("a driver that completes flips at once is detected and paced by a timer at the refresh rate")
    func immediateFlipsArePaced() throws {
        let display = SimulatedDisplay(modes: [DRMMode(width: 1024, height: 768, refreshRate: 75, preferred: true)])
        display.card.immediateFlips = true
        let sink = MemoryLogSink()
        let output = try Self.output(display, sink: sink)
        let result = Self.animate(output, frames: 60, loop: display.loop)
        #expect(output.presentQueue.pacing == .timer)
        #expect(sink.messages.contains { $0.contains("without waiting for vblank") && $0.contains("75.00 Hz") })
        let intervals = (5..<result.callbacks.count).map { (result.callbacks[$0] - result.callbacks[$0 - 1]).value }
        // The mode's exact refresh (from its pixel clock), which is 75 Hz to within 0.01 %.
        let expected = output.frameClock.refreshInterval.value
        let nominal: Double = 1e9 / 75
        let relativeError: Double = abs(Double(expected) - nominal) / nominal
        #expect(relativeError < 1e-4)
        #expect(intervals.allSatisfy { abs($0 - expected) <= 1 })
        #expect(result.callbacks.count == 60)
    }

    @Test("a requested mode is used; an unknown one lists the valid modes")
    func modeSelection() throws {
        let display = SimulatedDisplay()
        let output = try Self.output(display, options: DRMOutputOptions(mode: ModeRequest(parsing: "1920x1080@60")))
        #expect(output.size == PixelSize(width: 1920, height: 1080))
        #expect(throws: VitrineError.self) { try Self.output(SimulatedDisplay(), options: DRMOutputOptions(mode: ModeRequest(width: 800, height: 600))) }
        do {
            _ = try Self.output(SimulatedDisplay(), options: DRMOutputOptions(mode: ModeRequest(width: 800, height: 600)))
        } catch {
            #expect(error.code == .unknownMode)
            #expect(error.description.contains("1280x800@60.00 (preferred)"))
            #expect(error.description.contains("1920x1080@60.00"))
        }
    }

    @Test("without a preferred mode the largest is chosen")
    func largestMode() throws {
        let display = SimulatedDisplay(modes: [
            DRMMode(width: 800, height: 600, refreshRate: 60), DRMMode(width: 1024, height: 768, refreshRate: 60),
            DRMMode(width: 1024, height: 768, refreshRate: 70)
        ])
        let output = try Self.output(display)
        #expect(output.size == PixelSize(width: 1024, height: 768))
        #expect(abs(output.frameClock.refreshInterval.milliseconds - 1000 / 70) < 0.01)
    }

    @Test("an unknown connector names the connectors that exist")
    func unknownConnector() {
        do {
            _ = try Self.output(SimulatedDisplay(), options: DRMOutputOptions(connectorName: "DSI-1"))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unknownConnector)
            #expect(error.description.contains("DSI-1") && error.description.contains("HDMI-A-1 (connected)"))
        }
    }

    @Test("rotation turns the logical size and the scanout")
    func rotation() throws {
        let display = SimulatedDisplay()
        let output = try Self.output(display, options: DRMOutputOptions(rotation: .clockwise90))
        #expect(output.size == PixelSize(width: 800, height: 1280))
        let frame = PixelBuffer(size: output.size)
        frame.fill(PixelRect(x: 0, y: 0, width: 10, height: 10), with: 0xFFFF_0000)
        output.present(frame, damage: Region(frame.bounds))
        display.loop.advance(by: .milliseconds(20))
        let native = display.card.scanout(of: SimulatedDisplay.crtc)!
        #expect(native.size == PixelSize(width: 1280, height: 800))
        // The logical top-left corner is at the native top-right.
        #expect(native[1279, 0] == 0xFFFF_0000)
        #expect(native[0, 0] == 0)
    }

    @Test("starting with no display waits; a hotplug brings a modeset and the current frame")
    func startWithoutDisplay() throws {
        let display = SimulatedDisplay(connected: false)
        let sink = MemoryLogSink()
        let output = try Self.output(display, options: DRMOutputOptions(), sink: sink)
        #expect(!output.isShowing)
        #expect(output.size == DRMOutputOptions.sizeWithoutDisplay)
        #expect(sink.messages.contains { $0.contains("waiting for one") })
        var events: [OutputEvent] = []
        output.onEvent = { events.append($0) }
        let frame = HeadlessOutputTests.gradient(output.size)
        output.present(frame, damage: Region(frame.bounds))
        display.loop.advance(by: .milliseconds(100))
        #expect(!display.card.calls.contains { $0.hasPrefix("setcrtc") })
        display.connect()
        output.handleUdevEvent(SimulatedDisplay.hotplugEvent)
        display.loop.advance(by: .milliseconds(100))
        #expect(output.isShowing)
        #expect(events == [.resumed])
        #expect(display.card.calls.contains { $0.hasPrefix("setcrtc") })
        #expect(display.card.scanout(of: SimulatedDisplay.crtc)!.hasSamePixels(as: frame))
    }

    @Test("unplugging pauses without exiting; plugging back re-shows the frame with a modeset")
    func unplugReplug() throws {
        let display = SimulatedDisplay()
        let output = try Self.output(display)
        var events: [OutputEvent] = []
        output.onEvent = { events.append($0) }
        let result = Self.animate(output, frames: 10, loop: display.loop, seconds: 0.5)
        display.disconnect()
        output.handleUdevEvent(SimulatedDisplay.hotplugEvent)
        #expect(!output.isShowing)
        #expect(output.frameClock.isPaused)
        let callsBefore = display.card.calls.count
        output.present(result.frame, damage: Region(result.frame.bounds))
        display.loop.advance(by: .milliseconds(200))
        #expect(display.card.calls.count == callsBefore)
        display.connect()
        output.handleUdevEvent(SimulatedDisplay.hotplugEvent)
        display.loop.advance(by: .milliseconds(50))
        #expect(output.isShowing)
        #expect(events == [.paused(reason: "display HDMI-A-1 disconnected"), .resumed])
        #expect(display.card.calls.last { $0.hasPrefix("setcrtc") || $0.hasPrefix("flip") }!.hasPrefix("setcrtc"))
        #expect(display.card.scanout(of: SimulatedDisplay.crtc)!.hasSamePixels(as: result.frame))
    }

    @Test("another DRM master: the error says so once, and the output takes over when it goes")
    func masterBusyRetries() throws {
        let display = SimulatedDisplay()
        display.card.otherMaster = true
        let sink = MemoryLogSink()
        let output = try Self.output(display, sink: sink)
        let frame = HeadlessOutputTests.gradient(output.size)
        output.present(frame, damage: Region(frame.bounds))
        display.loop.advance(by: .seconds(4))
        #expect(!output.isShowing)
        let errors = sink.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors[0].message.contains("another process is DRM master of /dev/dri/card0"))
        #expect(errors[0].message.contains("plymouth"))
        #expect(display.card.opens >= 3)  // reopened with back-off
        display.card.otherMaster = false
        display.loop.advance(by: .seconds(6))
        #expect(output.isShowing)
        #expect(sink.messages.contains { $0.contains("took over") })
        #expect(display.card.scanout(of: SimulatedDisplay.crtc)!.hasSamePixels(as: frame))
    }

    @Test("a failed page flip is logged once and recovered with a modeset; the clock never stalls")
    func failedFlip() throws {
        let display = SimulatedDisplay()
        let sink = MemoryLogSink()
        let output = try Self.output(display, sink: sink)
        display.loop.advance(by: .milliseconds(1))
        display.card.failNextFlips = 3
        let result = Self.animate(output, frames: 40, loop: display.loop)
        #expect(result.callbacks.count == 40)
        #expect(sink.entries.filter { $0.level == .error }.count == 1)
        #expect(display.card.calls.filter { $0.hasPrefix("setcrtc") }.count >= 2)
        #expect(display.card.scanout(of: SimulatedDisplay.crtc)!.hasSamePixels(as: result.frame))
    }

    @Test("a flip whose event never comes is given up after the timeout, not waited on forever")
    func lostFlipEvent() throws {
        let display = SimulatedDisplay()
        let sink = MemoryLogSink()
        let output = try Self.output(display, sink: sink)
        display.card.loseFlipEvents = true
        let result = Self.animate(output, frames: 5, loop: display.loop, seconds: 5)
        #expect(result.callbacks.count == 5)
        #expect(sink.messages.contains { $0.contains("did not complete within") })
    }

    @Test("shutdown restores the CRTC that was there before and frees the buffers")
    func shutdownRestores() throws {
        let display = SimulatedDisplay(previousFramebuffer: 7)
        let output = try Self.output(display)
        _ = Self.animate(output, frames: 3, loop: display.loop, seconds: 0.2)
        output.shutdown()
        #expect(display.card.calls.last { $0.hasPrefix("setcrtc") } == "setcrtc 30 fb 7")
        #expect(display.card.liveFramebuffers.isEmpty)
    }

    @Test("no card with modesetting is a clear error")
    func noDevice() {
        do {
            _ = try DRMOutput(options: DRMOutputOptions(), candidates: [], loop: ManualEventLoop(), openDevice: SimulatedDisplay().opener())
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .noDisplayDevice)
            #expect(error.description.contains("/dev/dri/card*") && error.description.contains("/dev/fb0"))
        }
    }

    @Test("permission denied names the video and render groups")
    func permissionDenied() {
        let opener: KMSDeviceOpener = { (path: String) throws(VitrineError) -> KMSDevice in
            throw DisplayErrors.cannotOpen(path, SystemError("open(\(path))", errno: EACCES))
        }
        do {
            _ = try DRMOutput(options: DRMOutputOptions(), candidates: ["/dev/dri/card0"], loop: ManualEventLoop(), openDevice: opener)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .permissionDenied)
            #expect(error.description.contains("'video' and 'render' groups"))
            #expect(error.description.contains("Permission denied"))
        }
    }

    @Test("mode strings parse and malformed ones are refused")
    func modeRequests() {
        #expect(ModeRequest(parsing: "1280x800") == ModeRequest(width: 1280, height: 800))
        #expect(ModeRequest(parsing: "1920X1080@59.94") == ModeRequest(width: 1920, height: 1080, refreshRate: 59.94))
        for bad in ["", "1280", "x800", "1280x", "1280x800@", "1280x800@abc", "-5x3", "1280x800@60@1"] {
            #expect(ModeRequest(parsing: bad) == nil)
        }
    }
}
