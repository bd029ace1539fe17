import VitrineCore
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime

/// `input-to-present`: from a touch's timestamp to the presentation time of the first frame
/// that shows it, over a drag of the demo's onboarding pager, headless at 1280×800 on a 60 Hz
/// virtual clock (issue 7).
///
/// The loop is a `ManualEventLoop`, so the vsync grid is exact; drawing is real: each frame's
/// drawing time is measured (thread CPU time) and spent on the virtual clock before the frame is
/// submitted, so a slow frame misses its vblank as it would on the panel. Touches come at 125 Hz
/// (every 8 ms, as USB touch controllers report), not in step with the 16.7 ms refresh. The
/// frame clock renders late, as `vitrine run` does (`Runner.lateRenderMargin`).
///
/// The peer is a fixed bound: one refresh plus a stated budget. A touch read just after a
/// frame started waits one refresh for the next frame, then for that frame's drawing, which
/// starts its average drawing time plus `lateRenderMargin` before the vblank. The budget is
/// `drawingBudget` (4 ms: issue 18's p99 target for a 1080p frame on one core) plus that 2 ms
/// margin, so the bound is 16.67 + 4 + 2 = 22.67 ms whatever our drawing costs: drawing more
/// slowly makes the ratio worse, never the bound looser (until issue 18 the bound held our own
/// p99 drawing time). Ratio ≤ 1 means no touch waited longer.
struct InputLatencyBenchmark: Benchmark {
    let name = "input-to-present"
    /// The drawing a frame may take within the bound, in milliseconds.
    static let drawingBudget = 4.0

    /// One drag's touches and the presentation latency of each, in milliseconds.
    struct Drag {
        var latencies = TimingSamples()
        var drawing = TimingSamples()
    }

    func run(_ context: BenchContext) throws -> [BenchRow] {
        context.report("bench: input-to-present: dragging the demo's pager headless at 1280x800, 60 Hz virtual clock")
        let seconds = context.options.quick ? 1.0 : 4.0
        let late = try Self.drag(seconds: seconds, lateRenderMargin: Runner.lateRenderMargin)
        let atFlip = try Self.drag(seconds: seconds, lateRenderMargin: nil)
        let refresh = 1000.0 / 60
        let margin = Double(Runner.lateRenderMargin.value) / 1e6
        let bound = refresh + Self.drawingBudget + margin
        context.note(
            "input-to-present: ours = p99 touch-to-presentation over a drag (\(late.latencies.milliseconds.count) touches at 125 Hz); "
                + "peer = a fixed bound: one 60 Hz refresh + a \(String(fixed: Self.drawingBudget, decimals: 0)) ms drawing budget "
                + "+ the \(String(fixed: margin, decimals: 0)) ms late-render margin (\(String(fixed: bound, decimals: 2)) ms); "
                + "p99 drawing time \(String(fixed: late.drawing.percentile(99) ?? 0, decimals: 2)) ms; drawing at the flip instead: p99 "
                + "\(String(fixed: atFlip.latencies.percentile(99) ?? 0, decimals: 2)) ms")
        return [
            BenchRow(
                name: "input-to-present", oursMilliseconds: late.latencies.percentile(99), peer: "refresh + budget", peerMilliseconds: bound,
                p50Milliseconds: late.latencies.median, p99Milliseconds: late.latencies.percentile(99))
        ]
    }

    /// Drags a finger across the pager and back for `seconds`; measures every touch after the
    /// first 100 ms (once the pan has claimed the finger, every move changes the screen).
    static func drag(seconds: Double, lateRenderMargin: Nanoseconds?) throws -> Drag {
        let headless = try HeadlessRunner(scene: KioskScene(configuration: KioskDemo.configuration), size: PixelSize(width: 1280, height: 800))
        let loop = headless.loop
        let output = headless.output
        let clock = output.frameClock
        clock.lateRenderMargin = lateRenderMargin
        var result = Drag()
        // Touches delivered and not yet drawn; touches drawn into the frame awaiting its flip.
        var waiting: [MonotonicTime] = []
        var drawn: [MonotonicTime] = []
        var frameStart = 0.0
        let render = clock.onFrame
        clock.onFrame = { time in
            frameStart = TimingSamples.threadCPUNow()
            let taken = waiting
            waiting = []
            let flips = output.flipCount
            render?(time)
            if output.flipCount == flips { waiting = taken + waiting } else { drawn += taken }
        }
        // Spend the real drawing time on the virtual clock before the frame is submitted.
        let present = headless.window.present
        headless.window.present = { frame, damage in
            let took = TimingSamples.threadCPUNow() - frameStart
            result.drawing.append(took)
            loop.spend(.milliseconds(took))
            present?(frame, damage)
        }
        let measuredFrom = loop.now + .milliseconds(100)
        clock.onPresent = { time in
            for touch in drawn where touch >= measuredFrom {
                result.latencies.append(Double((time - touch).value) / 1e6)
            }
            drawn = []
        }
        // 125 Hz, starting 3.1 ms off the vsync grid; left from x 1100 to 200 and back.
        let start = loop.now + .microseconds(3100)
        let count = Int(seconds * 125)
        for i in 0...count {
            let at = start + .milliseconds(8 * Double(i))
            let progress = Double(i) / Double(count)
            let x = 200 + 900 * abs(1 - 2 * progress)
            let phase: TouchContact.Phase = i == 0 ? .began : (i == count ? .ended : .moved)
            // Delivered when the loop gets to it (after a frame being drawn), stamped when it happened.
            _ = loop.schedule(at: at) {
                waiting.append(at)
                let frame = TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: [TouchContact(id: 1, phase: phase, x: x, y: 400)])
                headless.window.handle(frame)
            }
        }
        loop.advance(to: start + .milliseconds(8 * Double(count) + 100))
        return result
    }
}
