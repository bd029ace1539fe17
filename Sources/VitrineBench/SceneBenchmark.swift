import Glibc
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineUI

/// Real scenes (issue 18): a visitor's gestures replayed through the example configs, headless,
/// at 1920×1080 (scale 1) and 3840×2160 (scale 2, the same layout at twice the pixels). Each
/// row is the CPU time of every frame from the frame clock's tick to the composited frame, over
/// the gesture and the animation it starts until everything rests; p99 is compared with the
/// issue's target on one core of the build machine, 4 ms at 1080p and 12 ms at 4K. The note
/// gives the mean damaged area per frame.
///
/// - `museum-pager-swipe-*`: the onboarding's first page swiped to the second.
/// - `museum-swipe-back-*`: an interactive swipe back from an exhibit to its gallery list.
/// - `museum-split-drag-*`: the floor plan's split sheet dragged up 300 points and let go.
/// - `cafe-sheet-drag-*`: the espresso's content sheet, over the menu's light blur, dragged up
///   200 points and let go.
///
/// - `menu-list-fling-100-*`, `menu-list-fling-10000-*`: a menu of 100 or 10,000 items (text and
///   a thumbnail, `LongMenuConfig`, the cafe's photos) flung up 600 points in 96 ms, coasting
///   to rest; `menu-list-fling-10000-vs-100-*` compares the two p99s (issue 18: ≤ 1.2×, the
///   long list makes views only for the rows in view).
struct SceneBenchmark: Benchmark {
    let name = "scenes"

    /// A panel size: its name in the row, pixels, points per pixel, and the p99 target.
    struct Panel {
        let label: String
        let size: PixelSize
        let scale: Double
        let target: Double
    }

    static let panels = [
        Panel(label: "1080p", size: PixelSize(width: 1920, height: 1080), scale: 1, target: 4),
        Panel(label: "2160p", size: PixelSize(width: 3840, height: 2160), scale: 2, target: 12)
    ]

    var rowNames: [String] {
        Self.panels.flatMap { panel in SceneGesture.allCases.map { $0.rowName(on: panel) } + [Self.comparisonName(on: panel)] }
    }

    func run(_ context: BenchContext) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        var template = Array("/tmp/vitrine-bench-scene-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw VitrineError(.ioFailure, "scenes: cannot make a folder in /tmp", cause: SystemError("mkdtemp", errno: errno))
        }
        let scratch = String(cString: made)
        defer {
            for file in ["kiosk.json", "menu.json"] { unlink(scratch + "/" + file) }
            rmdir(scratch)
        }
        for panel in Self.panels {
            var flings: [SceneGesture: BenchRow] = [:]
            for gesture in SceneGesture.allCases
            where context.options.wants(gesture.rowName(on: panel)) || gesture.isLongList && context.options.wants(Self.comparisonName(on: panel)) {
                guard Directory.exists(gesture.example) else {
                    context.note("\(gesture.rowName(on: panel)): skipped, \(gesture.example) is not here (run the bench from the repository's root)")
                    continue
                }
                let row = try self.measure(gesture, on: panel, config: try gesture.config(scratch: scratch), context: context)
                if gesture.isLongList { flings[gesture] = row }
                if context.options.wants(row.name) { rows.append(row) }
            }
            if context.options.wants(Self.comparisonName(on: panel)), let long = flings[.listFling10000]?.p99Milliseconds,
                let short = flings[.listFling100]?.p99Milliseconds
            {
                let name = Self.comparisonName(on: panel)
                context.note("\(name): ours = p99 of the 10,000-row fling, peer = p99 of the same fling through 100 rows, one run; issue 18's bound is 1.2")
                rows.append(BenchRow(name: name, oursMilliseconds: long, peer: "100 rows", peerMilliseconds: short))
            }
        }
        return rows
    }

    static func comparisonName(on panel: Panel) -> String { "menu-list-fling-10000-vs-100-" + panel.label }

    private func measure(_ gesture: SceneGesture, on panel: Panel, config: String, context: BenchContext) throws -> BenchRow {
        let name = gesture.rowName(on: panel)
        context.report("bench: \(name): \(gesture.summary) at \(panel.size.width)x\(panel.size.height)")
        _ = ProcessMemory.releaseFreeMemory()
        let residentBefore = ProcessMemory.current()?.residentKiB
        let loaded = try KioskConfigLoader.load(path: config)
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: panel.size, scale: panel.scale)
        guard let controller = scene.controller, let clock = run.window.frameClock else {
            throw VitrineError(.invalidData, "\(name): \(config) made no scene controller")
        }
        var frames = TimingSamples()
        var damaged = 0
        let render = clock.onFrame
        clock.onFrame = { time in frames.append(TimingSamples.cpuTime { render?(time) }) }
        let present = run.window.present
        run.window.present = { frame, damage in
            damaged += damage.area
            present?(frame, damage)
        }
        let repeats = context.options.quick ? 2 : 8
        for _ in 0..<repeats {
            try gesture.prepare(controller, run)
            run.settle()
            frames = TimingSamples()
            damaged = 0
            gesture.perform(controller, run)
            run.settle()
            try gesture.check(controller, run, name: name)
        }
        if gesture.isLongList, let list = SceneGesture.list(run) {
            _ = ProcessMemory.releaseFreeMemory()
            var grown: Int?
            if let before = residentBefore, let after = ProcessMemory.current()?.residentKiB { grown = after - before }
            context.note(
                "\(name): \(list.rowCount) rows, \(list.rowViewCount) row views after the fling; the scene (config, data, photos, views, "
                    + "frame) holds \(grown.map { String(fixed: Double($0) / 1024, decimals: 1) } ?? "?") MB resident")
        }
        let screen = Double(panel.size.width * panel.size.height)
        let count = frames.milliseconds.count
        context.note(
            "\(name): ours = CPU time per frame over \(gesture.summary) (\(count) frames of the last of \(repeats)), "
                + "\(gesture.source) at \(panel.size.width)x\(panel.size.height), scale \(String(fixed: panel.scale, decimals: 0)); "
                + "damage \(String(fixed: count > 0 ? Double(damaged) / Double(count) / screen * 100 : 0, decimals: 1)) % of the screen a frame; "
                + "peer = the \(String(fixed: panel.target, decimals: 0)) ms target for p99")
        return BenchRow(
            name: name, oursMilliseconds: frames.percentile(99), peer: "target", peerMilliseconds: panel.target, p50Milliseconds: frames.median,
            p99Milliseconds: frames.percentile(99))
    }
}
