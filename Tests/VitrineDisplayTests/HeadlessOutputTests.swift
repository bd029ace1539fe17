import Testing
import VitrineCore
import VitrineHeadless

@Suite("HeadlessOutput")
struct HeadlessOutputTests {
    /// A frame with a distinct value in every pixel.
    static func gradient(_ size: PixelSize, salt: UInt32 = 0) -> PixelBuffer {
        let frame = PixelBuffer(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width { frame[x, y] = 0xFF00_0000 | (UInt32(y) << 12 | UInt32(x)) &+ salt }
        }
        return frame
    }

    @Test("each flip copies exactly this frame's damage plus what the buffer missed", arguments: [2, 3])
    func damageBookkeeping(bufferCount: Int) {
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 64, height: 48), bufferCount: bufferCount, loop: loop)
        let frame = PixelBuffer(size: output.size)
        let screen = Region(frame.bounds)
        var damages: [Region] = []
        var expected: [Region] = []
        var missed = Array(repeating: screen, count: bufferCount)
        var order = Array(0..<bufferCount)
        var front: Int? = nil
        for i in 0..<9 {
            let damage = Region(PixelRect(x: (i * 7) % 50, y: (i * 5) % 40, width: 6 + i, height: 4))
            frame.fill(PixelRect(x: 0, y: 0, width: 64, height: 48).intersection(damage.bounds), with: 0xFF00_0000 | UInt32(i * 1000 + 17))
            damages.append(damage)
            // The model: least recently used buffer that is not on screen.
            let buffer = order.first { $0 != front }!
            order.removeAll { $0 == buffer }
            order.append(buffer)
            for b in 0..<bufferCount { missed[b].formUnion(damage) }
            expected.append(missed[buffer])
            missed[buffer] = Region()
            front = buffer
            output.present(frame, damage: damage)
            loop.advance(by: .milliseconds(17))
            // What the viewer sees is always the whole current frame.
            #expect(output.logicalScreen()!.hasSamePixels(as: frame))
        }
        #expect(output.flips.map(\.copied) == expected)
        #expect(output.flips.count == 9)
    }

    @Test("rotation is pixel-exact in all four orientations", arguments: Rotation.allCases)
    func rotationPixelExact(rotation: Rotation) {
        let loop = ManualEventLoop()
        let logical = PixelSize(width: 37, height: 21)
        let output = HeadlessOutput(logicalSize: logical, rotation: rotation, loop: loop)
        #expect(output.size == logical)
        #expect(output.nativeSize == rotation.nativeSize(forLogical: logical))
        let frame = Self.gradient(logical)
        output.present(frame, damage: Region(frame.bounds))
        loop.advance(by: .milliseconds(20))
        let native = output.screen!
        // Check every pixel against an independent statement of the turn.
        for y in 0..<logical.height {
            for x in 0..<logical.width {
                let (nx, ny): (Int, Int)
                switch rotation {
                case .none: (nx, ny) = (x, y)
                case .clockwise90: (nx, ny) = (logical.height - 1 - y, x)
                case .upsideDown: (nx, ny) = (logical.width - 1 - x, logical.height - 1 - y)
                case .clockwise270: (nx, ny) = (y, logical.width - 1 - x)
                }
                #expect(native[nx, ny] == frame[x, y])
            }
        }
        #expect(output.logicalScreen()!.hasSamePixels(as: frame))
    }

    @Test("partial damage under rotation updates only the turned rectangle", arguments: Rotation.allCases)
    func rotatedPartialDamage(rotation: Rotation) {
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 40, height: 30), rotation: rotation, bufferCount: 2, loop: loop)
        let frame = Self.gradient(output.size)
        output.present(frame, damage: Region(frame.bounds))
        loop.advance(by: .milliseconds(17))
        output.present(frame, damage: Region())
        loop.advance(by: .milliseconds(17))
        let patch = PixelRect(x: 31, y: 2, width: 9, height: 5)
        frame.fill(patch, with: 0xFFAB_CDEF)
        output.present(frame, damage: Region(patch))
        loop.advance(by: .milliseconds(17))
        #expect(output.logicalScreen()!.hasSamePixels(as: frame))
        #expect(output.flips.last!.copied == Region(patch))
    }

    @Test("frames are paced at the virtual vsync: callbacks 1/60 s apart, presentation times on the grid")
    func framePacing() {
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 8, height: 8), refreshRate: 60, loop: loop)
        let frame = PixelBuffer(size: output.size)
        var times: [FrameTime] = []
        var callbackTimes: [MonotonicTime] = []
        output.frameClock.onFrame = { [unowned output] time in
            times.append(time)
            callbackTimes.append(loop.now)
            output.present(frame, damage: Region(PixelRect(x: 0, y: 0, width: 1, height: 1)))
            if times.count < 10 { output.frameClock.requestFrame() }
        }
        output.present(frame, damage: Region(frame.bounds))
        output.frameClock.requestFrame()
        loop.advance(by: .seconds(1))
        let interval = Nanoseconds.seconds(1.0 / 60).value
        #expect(times.count == 10)
        for i in 1..<callbackTimes.count {
            #expect(abs((callbackTimes[i] - callbackTimes[i - 1]).value - interval) <= 1)
        }
        // Each callback is told its frame appears one interval after the flip that just finished.
        for time in times {
            #expect(time.presentationTime == time.lastPresentationTime! + Nanoseconds(interval))
        }
        // And once nothing is requested, nothing is scheduled: the loop is idle.
        #expect(loop.nextDeadline == nil)
    }

    @Test("a failed flip is logged once, retried, and the frame clock keeps going")
    func failedFlipRecovers() {
        let loop = ManualEventLoop()
        let sink = MemoryLogSink()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 8, height: 8), loop: loop, logger: Logger("test", sink: sink))
        let frame = Self.gradient(output.size)
        var callbacks = 0
        output.frameClock.onFrame = { [unowned output] _ in
            callbacks += 1
            output.present(frame, damage: Region())
            if callbacks < 20 { output.frameClock.requestFrame() }
        }
        output.failingFlips = 3
        output.present(frame, damage: Region(frame.bounds))
        output.frameClock.requestFrame()
        loop.advance(by: .seconds(1))
        #expect(callbacks == 20)
        #expect(sink.entries.filter { $0.level == .error }.count == 1)
        #expect(output.logicalScreen()!.hasSamePixels(as: frame))
    }

    @Test("a frame presented while a flip is in flight waits, merged with the next")
    func coalescing() {
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 20, height: 20), loop: loop)
        let frame = PixelBuffer(size: output.size)
        output.present(frame, damage: Region(frame.bounds))
        frame.fill(PixelRect(x: 0, y: 0, width: 2, height: 2), with: 0xFFFF_0000)
        output.present(frame, damage: Region(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        frame.fill(PixelRect(x: 10, y: 10, width: 2, height: 2), with: 0xFF00_FF00)
        output.present(frame, damage: Region(PixelRect(x: 10, y: 10, width: 2, height: 2)))
        #expect(output.flips.count == 1)
        loop.advance(by: .milliseconds(50))
        #expect(output.flips.count == 2)
        #expect(output.logicalScreen()!.hasSamePixels(as: frame))
    }

    @Test("disconnect pauses, reconnect shows the last frame in full")
    func disconnectReconnect() {
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 20, height: 20), loop: loop)
        var events: [OutputEvent] = []
        output.onEvent = { events.append($0) }
        let frame = Self.gradient(output.size)
        output.present(frame, damage: Region(frame.bounds))
        loop.advance(by: .milliseconds(20))
        output.disconnect()
        frame.fill(PixelRect(x: 3, y: 3, width: 4, height: 4), with: 0xFF12_3456)
        output.present(frame, damage: Region(PixelRect(x: 3, y: 3, width: 4, height: 4)))
        loop.advance(by: .milliseconds(20))
        let flipsWhilePaused = output.flips.count
        #expect(flipsWhilePaused == 1)
        output.reconnect()
        loop.advance(by: .milliseconds(20))
        #expect(output.flips.last!.copied == Region(frame.bounds))
        #expect(output.logicalScreen()!.hasSamePixels(as: frame))
        #expect(events == [.paused(reason: "display disconnected"), .resumed])
    }
}
