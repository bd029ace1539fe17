import VitrineCore
import VitrineRuntime

/// Drives a `TestPattern` on an output: one frame per frame-clock callback, drawing only what
/// moves, and measuring the interval between callbacks on the loop's clock.
public final class TestPatternRun {
    public let output: DisplayOutput
    private let clock: Clock
    private var frame: PixelBuffer
    private var pattern: TestPattern
    /// The number of the frame last presented (the barcode shows it).
    public private(set) var frameNumber: UInt64 = 0
    /// Loop time at each frame callback.
    public private(set) var callbackTimes: [MonotonicTime] = []
    /// The frame clock's presentation times handed to each callback.
    public private(set) var presentationTimes: [MonotonicTime] = []
    private var running = false

    public init(output: DisplayOutput, clock: Clock) {
        self.output = output
        self.clock = clock
        self.frame = PixelBuffer(size: output.size)
        self.pattern = TestPattern(size: output.size)
        output.frameClock.onFrame = { [weak self] time in self?.nextFrame(time) }
        output.onEvent = { [weak self] event in self?.outputChanged(event) }
    }

    /// Shows frame 1 in full and starts animating.
    public func start() {
        self.running = true
        self.frameNumber = 1
        self.pattern.draw(into: self.frame, frame: 1)
        self.output.present(self.frame, damage: Region(self.frame.bounds))
        self.output.frameClock.requestFrame()
    }

    /// Stops asking for frames; the last frame stays on screen.
    public func stop() {
        self.running = false
    }

    private func nextFrame(_ time: FrameTime) {
        guard self.running else { return }
        self.callbackTimes.append(self.clock.now)
        self.presentationTimes.append(time.presentationTime)
        let previous = self.frameNumber
        self.frameNumber += 1
        let damage = self.pattern.drawMoving(into: self.frame, frame: self.frameNumber, previous: previous)
        self.output.present(self.frame, damage: damage)
        self.output.frameClock.requestFrame()
    }

    private func outputChanged(_ event: OutputEvent) {
        guard case .resumed = event, self.output.size != self.frame.size else { return }
        // A different display appeared: redraw everything at its size.
        self.frame = PixelBuffer(size: self.output.size)
        self.pattern = TestPattern(size: self.output.size)
        self.pattern.draw(into: self.frame, frame: self.frameNumber)
        self.output.present(self.frame, damage: Region(self.frame.bounds))
        self.output.frameClock.requestFrame()
    }

    /// Interval statistics over the callbacks, skipping the first `warmup` intervals.
    public func intervalStatistics(warmup: Int = 5) -> IntervalStatistics? {
        IntervalStatistics(times: self.callbackTimes, skipping: warmup)
    }
}

/// Summary of the gaps between consecutive timestamps, in milliseconds.
public struct IntervalStatistics: Sendable, Equatable {
    public var count: Int
    public var mean: Double
    public var median: Double
    public var minimum: Double
    public var maximum: Double
    public var p95: Double

    public init?(times: [MonotonicTime], skipping: Int = 0) {
        guard times.count >= 2 else { return nil }
        var gaps: [Double] = []
        for i in 1..<times.count { gaps.append((times[i] - times[i - 1]).milliseconds) }
        if gaps.count > skipping + 2 { gaps.removeFirst(skipping) }
        let sorted = gaps.sorted()
        self.count = gaps.count
        self.mean = gaps.reduce(0, +) / Double(gaps.count)
        self.median = sorted[sorted.count / 2]
        self.minimum = sorted.first!
        self.maximum = sorted.last!
        self.p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.down)))]
    }
}
