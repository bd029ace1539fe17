import VitrineCore
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineUI

/// `spinner`: what a spinner costs (issue 35). A receipt screen — a QR code, a progress bar, a
/// spinner beside its caption — headless at 1920×1080 (scale 1) and 3840×2160 (scale 2):
/// - `spinner-frame-1080p`, `spinner-frame-2160p`: p99 thread CPU time of a frame while the
///   spinner turns (from the frame's start to its present: the arc drawn again, its square
///   composited and copied), against the scene rows' p99 targets, 4 ms at 1080p and 12 ms at
///   2160p (Docs/rendering.md);
/// - `spinner-hidden-10s`: thread CPU time of 10 s of the manual clock with the spinner hidden by
///   its `visible` bind, against the same 10 s with it showing: hidden, it asks for no frame, so
///   the loop has nothing to do.
struct SpinnerBenchmark: Benchmark {
    let name = "spinner"
    var rowNames: [String] { ["spinner-frame-1080p", "spinner-frame-2160p", "spinner-hidden-10s"] }

    static let config = #"""
        {"version": 2, "state": {"busy": true},
         "screens": {"receipt": {"title": "Your ticket", "content": {"type": "hstack", "spacing": 40, "padding": 40, "alignment": "center", "children": [
           {"type": "qrCode", "text": "https://museum.example/receipt/2026-12-05/0042"},
           {"type": "vstack", "width": "fill", "spacing": 16, "children": [
             {"type": "text", "text": "Printing your ticket", "style": "title2"},
             {"type": "progress", "value": 0.4},
             {"type": "hstack", "spacing": 12, "alignment": "center", "children": [
               {"type": "spinner", "visible": {"bind": "state.busy"}},
               {"type": "text", "text": "Checking your card"}]}]}]}}}}
        """#

    func run(_ context: BenchContext) throws -> [BenchRow] {
        context.report("bench: spinner: a turning spinner's frames at 1080p and 2160p, and 10 s with it hidden (headless)")
        let frames = context.options.quick ? 60 : 600
        var rows: [BenchRow] = []
        for (name, size, scale, target) in [
            ("spinner-frame-1080p", PixelSize(width: 1920, height: 1080), 1.0, 4.0), ("spinner-frame-2160p", PixelSize(width: 3840, height: 2160), 2.0, 12.0)
        ] {
            let samples = try Self.frameTimes(frames: frames, size: size, scale: scale)
            rows.append(
                BenchRow(
                    name: name, oursMilliseconds: samples.percentile(99), peer: "p99 target", peerMilliseconds: target, p50Milliseconds: samples.median,
                    p99Milliseconds: samples.percentile(99)))
        }
        let (hidden, shown) = try Self.idle(seconds: 10)
        rows.append(BenchRow(name: "spinner-hidden-10s", oursMilliseconds: hidden, peer: "spinner showing", peerMilliseconds: shown))
        context.note(
            "spinner: frame rows = p99 thread CPU time from a frame's start to its present while only the spinner moves (\(frames) frames; targets: the scene rows' 4 ms at 1080p, 12 ms at 2160p); "
                + "spinner-hidden-10s = thread CPU time of 10 s of the manual clock with the spinner hidden, peer the same 10 s with it showing")
        return rows
    }

    static func kiosk(size: PixelSize, scale: Double) throws -> (HeadlessRunner, KioskScene) {
        let check = KioskConfigLoader.check(text: Self.config, file: "<spinner bench>", baseDirectory: "/")
        if let error = check.error { throw error }
        let scene = KioskScene(configuration: check.configuration, baseDirectory: check.baseDirectory)
        return (try HeadlessRunner(scene: scene, size: size, scale: scale), scene)
    }

    /// Thread CPU time of each frame (start to present) over `frames` frames of a turning spinner.
    static func frameTimes(frames: Int, size: PixelSize, scale: Double) throws -> TimingSamples {
        let (run, _) = try Self.kiosk(size: size, scale: scale)
        var samples = TimingSamples()
        var started: Double?
        run.window.onFrame = { _ in started = TimingSamples.threadCPUNow() }
        let present = run.window.present
        run.window.present = { frame, damage in
            present?(frame, damage)
            if let start = started { samples.append(TimingSamples.threadCPUNow() - start) }
            started = nil
        }
        run.advance(Double(frames) / 60)
        return samples
    }

    /// Thread CPU time of `seconds` of the manual clock with the spinner hidden, then showing.
    static func idle(seconds: Double) throws -> (hidden: Double, shown: Double) {
        let (run, scene) = try Self.kiosk(size: PixelSize(width: 1920, height: 1080), scale: 1)
        guard let controller = scene.controller else { throw VitrineError(.invalidData, "spinner: the receipt screen did not mount") }
        controller.stateValues["busy"] = .bool(false)
        run.advance(0.5)
        let hidden = TimingSamples.cpuTime { run.advance(seconds) }
        controller.stateValues["busy"] = .bool(true)
        run.advance(0.5)
        let shown = TimingSamples.cpuTime { run.advance(seconds) }
        return (hidden, shown)
    }
}
