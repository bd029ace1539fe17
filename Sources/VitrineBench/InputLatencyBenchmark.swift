import VitrineCore
import VitrineKiosk
import VitrineRuntime

/// `input-to-present`: from a touch's timestamp to the presentation time of the first frame
/// that shows it, over a drag of the demo's onboarding pager, headless at 1280×800 on a 60 Hz
/// virtual clock (issue 7).
///
/// The loop, the drawing time spent on the virtual clock and the bound are
/// `PresentLatencyProbe`'s. Touches come at 125 Hz (every 8 ms, as USB touch controllers
/// report), not in step with the 16.7 ms refresh. The frame clock renders late, as `vitrine run`
/// does (`Runner.lateRenderMargin`).
///
/// The peer is the probe's fixed bound: one refresh + the 4 ms drawing budget + the 2 ms margin
/// = 22.67 ms, whatever our drawing costs (until issue 18 the bound held our own p99 drawing
/// time). Ratio ≤ 1 means no touch waited longer.
struct InputLatencyBenchmark: Benchmark {
    let name = "input-to-present"

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
        let margin = Double(Runner.lateRenderMargin.value) / 1e6
        let bound = PresentLatencyProbe.bound
        context.note(
            "input-to-present: ours = p99 touch-to-presentation over a drag (\(late.latencies.milliseconds.count) touches at 125 Hz); "
                + "peer = a fixed bound: one 60 Hz refresh + a \(String(fixed: PresentLatencyProbe.drawingBudget, decimals: 0)) ms drawing budget "
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
        // The touch's own handling is not spent (a pan's is a few microseconds).
        let probe = PresentLatencyProbe(headless, lateRenderMargin: lateRenderMargin, measuredFrom: loop.now + .milliseconds(100), spendsHandling: false)
        // 125 Hz, starting 3.1 ms off the vsync grid; left from x 1100 to 200 and back.
        let start = loop.now + .microseconds(3100)
        let count = Int(seconds * 125)
        for i in 0...count {
            let at = start + .milliseconds(8 * Double(i))
            let progress = Double(i) / Double(count)
            let x = 200 + 900 * abs(1 - 2 * progress)
            let phase: TouchContact.Phase = i == 0 ? .began : (i == count ? .ended : .moved)
            probe.deliver(at: at) {
                headless.window.handle(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: [TouchContact(id: 1, phase: phase, x: x, y: 400)]))
            }
        }
        loop.advance(to: start + .milliseconds(8 * Double(count) + 100))
        return Drag(latencies: probe.latencies, drawing: probe.drawing)
    }
}
