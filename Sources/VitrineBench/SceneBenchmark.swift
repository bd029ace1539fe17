import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineUI

/// `museum-swipe-back-1080p`: the frames of an interactive swipe back in the museum example
/// (Examples/museum/kiosk.json, from an exhibit page to its gallery list), headless at
/// 1920×1080, each frame's CPU time from the frame clock's tick to the composited frame.
/// Compared with one 60 Hz frame, 16.7 ms: the budget a frame must fit in.
struct SceneBenchmark: Benchmark {
    let name = "museum-swipe-back-1080p"

    /// Where the example is, from the repository's root (where `scripts/test.sh` runs the bench).
    static let museum = "Examples/museum/kiosk.json"

    func run(_ context: BenchContext) throws -> [BenchRow] {
        guard Directory.exists(Self.museum) else {
            context.note("\(self.name): skipped, \(Self.museum) is not here (run the bench from the repository's root)")
            return []
        }
        context.report("bench: \(self.name): swiping back from an exhibit in the museum example at 1920x1080")
        let loaded = try KioskConfigLoader.load(path: Self.museum)
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 1920, height: 1080))
        guard let controller = scene.controller, let clock = run.window.frameClock else { return [] }
        var frames = TimingSamples()
        let render = clock.onFrame
        clock.onFrame = { time in frames.append(TimingSamples.cpuTime { render?(time) }) }
        let swipes = context.options.quick ? 2 : 8
        for _ in 0..<swipes {
            try controller.show(screen: "chronometer")
            run.settle()
            frames = TimingSamples()
            // A finger from the left edge across 60% of the screen in 400 ms, at 125 Hz, then lifted.
            let width = run.window.size.width
            let steps = 50
            for i in 0...steps {
                let x = 40 + width * 0.6 * Double(i) / Double(steps)
                let phase: TouchContact.Phase = i == 0 ? .began : (i == steps ? .ended : .moved)
                let at = run.loop.now
                run.touch(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: phase, x: x, y: 500)]))
                run.advance(0.008)
            }
            run.settle()
            guard controller.navigationStack.map(\.model.id) == ["home", "instruments"] || controller.navigationStack.count == 1 else {
                throw VitrineError(.invalidData, "\(self.name): the swipe did not go back (stack \(controller.navigationStack.map(\.model.id)))")
            }
        }
        context.note(
            "\(self.name): ours = CPU time per frame over an interactive swipe back (\(frames.milliseconds.count) frames of the last swipe), "
                + "museum example at 1920x1080, scale 1; peer = the 16.7 ms of one 60 Hz frame")
        return [
            BenchRow(
                name: self.name, oursMilliseconds: frames.percentile(99), peer: "60 Hz frame", peerMilliseconds: 1000.0 / 60,
                p50Milliseconds: frames.median, p99Milliseconds: frames.percentile(99))
        ]
    }
}
