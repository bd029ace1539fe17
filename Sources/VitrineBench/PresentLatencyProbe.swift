import VitrineCore
import VitrineHeadless
import VitrineRuntime

/// The latency rows' mechanism (`input-to-present`, `key-to-glyph`): from an input's time to the
/// presentation time of the first frame whose drawing includes it, through a `HeadlessRunner`'s
/// real loop on its virtual clock.
///
/// The loop is a `ManualEventLoop`, so the vsync grid is exact; drawing is real: each frame's
/// drawing time (thread CPU, from the frame clock's tick to the frame's submission) is spent on
/// the virtual clock before the frame is submitted, so a slow frame misses its vblank as it
/// would on the panel. With `spendsHandling`, so is the time the window takes to handle each
/// input: on the panel that runs on the loop's one thread too, and a key that filters a
/// 10,000-row list delays the frame after it. An input is delivered when the loop gets to it
/// (after a frame being drawn) and stamped with when it happened.
///
/// The bound the rows compare with is one refresh plus a stated budget (`bound`): an input read
/// just after a frame started waits one refresh for the next frame, then for that frame's
/// drawing, which starts its average drawing time plus the late-render margin before the vblank.
final class PresentLatencyProbe {
    /// The drawing a frame may take within the bound, in milliseconds: 4 ms, issue 18's p99
    /// target for a 1080p frame on one core.
    static let drawingBudget = 4.0

    /// One 60 Hz refresh + `drawingBudget` + `Runner.lateRenderMargin` (2 ms): 22.67 ms. Drawing
    /// more slowly makes a row's ratio worse, never the bound looser.
    static var bound: Double { 1000.0 / 60 + Self.drawingBudget + Double(Runner.lateRenderMargin.value) / 1e6 }

    /// Input to presentation, per input stamped at or after `measuredFrom`, in milliseconds.
    private(set) var latencies = TimingSamples()
    /// Drawing time per frame submitted, in milliseconds.
    private(set) var drawing = TimingSamples()
    /// Thread CPU time the window took to handle each input, in milliseconds.
    private(set) var handling = TimingSamples()
    /// Inputs stamped earlier are delivered but not measured (a warm-up).
    var measuredFrom: MonotonicTime

    private let loop: ManualEventLoop
    private let spendsHandling: Bool
    /// Inputs delivered and not yet drawn; inputs drawn into the frame awaiting its flip.
    private var waiting: [MonotonicTime] = []
    private var drawn: [MonotonicTime] = []
    private var frameStart = 0.0

    /// Takes over `headless`'s frame clock and window present, and sets the frame clock's
    /// late-render margin (nil: drawing starts at the flip).
    init(_ headless: HeadlessRunner, lateRenderMargin: Nanoseconds?, measuredFrom: MonotonicTime, spendsHandling: Bool) {
        self.loop = headless.loop
        self.measuredFrom = measuredFrom
        self.spendsHandling = spendsHandling
        let output = headless.output
        let clock = output.frameClock
        clock.lateRenderMargin = lateRenderMargin
        let render = clock.onFrame
        clock.onFrame = { [weak self] time in
            guard let self else {
                render?(time)
                return
            }
            self.frameStart = TimingSamples.threadCPUNow()
            let taken = self.waiting
            self.waiting = []
            let flips = output.flipCount
            render?(time)
            if output.flipCount == flips { self.waiting = taken + self.waiting } else { self.drawn += taken }
        }
        // Spend the real drawing time on the virtual clock before the frame is submitted.
        let present = headless.window.present
        headless.window.present = { [weak self] frame, damage in
            if let self {
                let took = TimingSamples.threadCPUNow() - self.frameStart
                self.drawing.append(took)
                self.loop.spend(.milliseconds(took))
            }
            present?(frame, damage)
        }
        let presented = clock.onPresent
        clock.onPresent = { [weak self] time in
            presented?(time)
            guard let self else { return }
            for input in self.drawn where input >= self.measuredFrom {
                self.latencies.append(Double((time - input).value) / 1e6)
            }
            self.drawn = []
        }
    }

    /// Schedules `handle` (which hands the input to the window) on the loop at `at`, the time
    /// the input happened.
    func deliver(at: MonotonicTime, _ handle: @escaping () -> Void) {
        _ = self.loop.schedule(at: at) { [weak self] in
            guard let self else {
                handle()
                return
            }
            self.waiting.append(at)
            let took = TimingSamples.cpuTime(handle)
            self.handling.append(took)
            if self.spendsHandling { self.loop.spend(.milliseconds(took)) }
        }
    }
}
