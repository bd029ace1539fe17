import Glibc
import VitrineCore
import VitrineGraphics
import VitrineSystem

/// Vitrine's scene rows against Qt Quick (issue 34): each scene played by Vitrine headless
/// (`SceneSession`, as the scene rows time it) and drawn by the Qt Quick peer (`QtQuickPeer`)
/// from the same layout at the same positions, frame by frame, the two taking turns. A row's
/// ours and peer are the p99s, each the median of the turns' p99s; the note gives the p50s and
/// both ratios. One frame from each side is saved and compared by where its rows or photos
/// are (`QtQuickLayoutCheck`); a row whose layouts differ shows no times, with a note saying how.
struct QtQuickBenchmark: Benchmark {
    let name = "qtquick"

    static let scenes: [(gesture: SceneGesture, panel: SceneBenchmark.Panel)] = [
        (.listFling100, SceneBenchmark.panels[0]), (.listFling10000, SceneBenchmark.panels[0]),
        (.pageSlide, SceneBenchmark.panels[0]), (.pageSlide, SceneBenchmark.panels[1]),
        (.sheetDrag, SceneBenchmark.panels[0])
    ]

    static func rowName(_ gesture: SceneGesture, _ panel: SceneBenchmark.Panel) -> String { "qt-" + gesture.rowName(on: panel) }

    var rowNames: [String] { Self.scenes.map { Self.rowName($0.gesture, $0.panel) } }

    /// Where each row's scene, pictures and saved frames go (kept after the run, to look at).
    static let folder = "/tmp/vitrine-bench-qtquick"

    func run(_ context: BenchContext) throws -> [BenchRow] {
        let wanted = Self.scenes.filter { context.options.wants(Self.rowName($0.gesture, $0.panel)) }
        guard !wanted.isEmpty else { return [] }
        let peer: QtQuickPeer
        switch QtQuickPeer.locate(context: context) {
        case .success(let found): peer = found
        case .failure(let unavailable):
            // Rows without times, so the table shows them and the note says why.
            context.note("qt-*: skipped, \(unavailable.reason)")
            return wanted.map { BenchRow(name: Self.rowName($0.gesture, $0.panel), peer: "Qt Quick: not installed") }
        }
        context.note(
            "qt-*: ours = Vitrine's CPU time per frame of the scene row's gesture, peer = Qt Quick's (software scene graph, offscreen platform, \(peer.origin)) "
                + "for the same frames at the same positions; each the median over the turns of each turn's p99 (p50 in the note); Docs/rendering.md lists how the two sides' work differs"
        )
        var rows: [BenchRow] = []
        for (gesture, panel) in wanted {
            let name = Self.rowName(gesture, panel)
            if !Directory.exists(gesture.example) {
                context.note("\(name): skipped, \(gesture.example) is not here (run the bench from the repository's root)")
                continue
            }
            if let row = try self.measure(gesture, on: panel, name: name, peer: peer, context: context) { rows.append(row) }
        }
        return rows
    }

    private func measure(_ gesture: SceneGesture, on panel: SceneBenchmark.Panel, name: String, peer: QtQuickPeer, context: BenchContext) throws -> BenchRow? {
        context.report("bench: \(name): \(gesture.summary) at \(panel.size.width)x\(panel.size.height), Vitrine and Qt Quick taking turns")
        let folder = Self.folder + "/" + name
        _ = try? ChildProcess.runToStandardError("mkdir", ["-p", folder])
        let session = try SceneSession(gesture, panel: panel, config: try gesture.config(scratch: folder))
        let scene = QtQuickScene(gesture: gesture, scale: panel.scale, folder: folder, snapshotFrame: Self.snapshotFrame(gesture))
        scene.prepare(session)
        var saving = false
        session.afterTimedFrame = { [unowned session] in scene.frameDrawn(session, saving: saving) }
        // A warm-up turn each (Vitrine draws each page for the first time; the peer warms up
        // inside each run: its first pass is untimed), then turns.
        try session.play(recording: false)
        let turns = context.options.quick ? 2 : 5
        var ours: [(p50: Double, p99: Double)] = []
        var theirs: [(p50: Double, p99: Double)] = []
        var rendered: [(p50: Double, p99: Double)] = []
        var sceneFile = ""
        var positions: [[Double]] = []
        let qtFrame = folder + "/qt-frame.png"
        for turn in 0..<turns {
            scene.startTurn()
            saving = turn == 0
            let before = session.frames.milliseconds.count
            try session.play(recording: true)
            let frames = TimingSamples(Array(session.frames.milliseconds[before...]))
            ours.append((frames.median ?? 0, frames.percentile(99) ?? 0))
            if turn == 0 {
                sceneFile = try scene.write(size: panel.size)
                positions = scene.positions
            } else if scene.positions != positions {
                throw VitrineError(.invalidData, "\(name): the gesture drew other positions in turn \(turn + 1) than in the first")
            }
            let qt = try peer.run(scene: sceneFile, passes: 2, snapshot: turn == turns - 1 ? (scene.snapshotFrame, qtFrame) : nil)
            guard qt.flushed.milliseconds.count == positions.count else {
                throw VitrineError(.invalidData, "\(name): the Qt Quick peer timed \(qt.flushed.milliseconds.count) frames, not \(positions.count)")
            }
            theirs.append((qt.flushed.median ?? 0, qt.flushed.percentile(99) ?? 0))
            rendered.append((qt.render.median ?? 0, qt.render.percentile(99) ?? 0))
        }
        let median = { (values: [Double]) in TimingSamples(values).median ?? 0 }
        let v50 = median(ours.map(\.p50))
        let v99 = median(ours.map(\.p99))
        let q50 = median(theirs.map(\.p50))
        let q99 = median(theirs.map(\.p99))
        let r50 = median(rendered.map(\.p50))
        let r99 = median(rendered.map(\.p99))
        let ratio = { (a: Double, b: Double) in b > 0 ? String(fixed: a / b, decimals: 2) : "?" }
        context.note(
            "\(name): \(positions.count) frames a turn, \(turns) turns; Vitrine p50 \(String(fixed: v50, decimals: 2)) ms, p99 \(String(fixed: v99, decimals: 2)) ms; "
                + "Qt with its copy to the framebuffer p50 \(String(fixed: q50, decimals: 2)) ms, p99 \(String(fixed: q99, decimals: 2)) ms; Vitrine ÷ Qt: p50 \(ratio(v50, q50)), p99 \(ratio(v99, q99)); "
                + "Qt's render alone p50 \(String(fixed: r50, decimals: 2)) ms, p99 \(String(fixed: r99, decimals: 2)) ms, Vitrine ÷ that: p50 \(ratio(v50, r50)), p99 \(ratio(v99, r99))"
        )
        guard let vitrineFrame = scene.vitrineSnapshot else {
            context.note("\(name): FAILED: Vitrine's frame \(scene.snapshotFrame) was not saved")
            return BenchRow(name: name, peer: "Qt Quick: no frame to compare")
        }
        let check = QtQuickLayoutCheck(kind: scene.kind, probe: scene.probe, reference: scene.reference, positions: positions[scene.snapshotFrame])
        switch check.compare(vitrine: vitrineFrame, qt: qtFrame) {
        case .success(let summary):
            context.note("\(name): the layouts match at frame \(scene.snapshotFrame) (\(summary)); frames saved as \(vitrineFrame) and \(qtFrame)")
        case .failure(let difference):
            context.note("\(name): FAILED the layout check at frame \(scene.snapshotFrame): \(difference.reason) (see \(vitrineFrame) and \(qtFrame))")
            context.report("bench: \(name): the two sides' layouts differ: \(difference.reason)")
            return BenchRow(name: name, peer: "Qt Quick: layout differs")
        }
        return BenchRow(name: name, oursMilliseconds: v99, peer: "Qt Quick+copy", peerMilliseconds: q99, p50Milliseconds: v50, p99Milliseconds: v99)
    }

    /// A frame in the middle of the motion: the list moving, both pages on screen, the sheet
    /// on its way up.
    static func snapshotFrame(_ gesture: SceneGesture) -> Int {
        switch gesture {
        case .pageSlide: 6
        default: 10
        }
    }
}

/// Compares a frame from each side by where the things that move are, not pixel for pixel (the
/// text rasterisers differ): the list's thumbnails (top and bottom of each), the photos of the
/// two pages (their left and right edges on a row through them, top and bottom on a column),
/// the sheet's top edge. Within 2 pixels is the same.
struct QtQuickLayoutCheck {
    let kind: String
    /// A thumbnail's rect, or the second page's photo's rect in that page (pixels).
    let probe: Rect
    /// The colour around the feature (a page's background, the sheet's).
    let reference: Color
    let positions: [Double]
    static let tolerance = 2

    struct Difference: Error {
        var reason: String
    }

    func compare(vitrine: String, qt: String) -> Result<String, Difference> {
        let first: PixelBuffer
        let second: PixelBuffer
        do {
            first = try PNGCodec.read(path: vitrine)
            second = try PNGCodec.read(path: qt)
        } catch { return .failure(Difference(reason: "cannot read the saved frames: \(error)")) }
        guard first.size == second.size else {
            return .failure(Difference(reason: "Vitrine's frame is \(first.width)x\(first.height), Qt's \(second.width)x\(second.height)"))
        }
        let a = self.features(first)
        let b = self.features(second)
        let describe = { (runs: [Range<Int>]) in runs.map { "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ") }
        guard !a.isEmpty else { return .failure(Difference(reason: "no \(self.what) found in Vitrine's frame")) }
        guard a.count == b.count,
            zip(a, b).allSatisfy({ abs($0.lowerBound - $1.lowerBound) <= Self.tolerance && abs($0.upperBound - $1.upperBound) <= Self.tolerance })
        else {
            return .failure(Difference(reason: "\(self.what): Vitrine \(describe(a)), Qt \(describe(b)) (pixels)"))
        }
        let worst = zip(a, b).map { max(abs($0.lowerBound - $1.lowerBound), abs($0.upperBound - $1.upperBound)) }.max() ?? 0
        return .success("\(a.count) \(self.what) within \(worst) px: \(describe(a))")
    }

    private var what: String {
        switch self.kind {
        case "list": "thumbnail spans (y)"
        case "page": "photo spans (x on a row, then y on a column)"
        default: "sheet photo spans (y)"
        }
    }

    private func features(_ image: PixelBuffer) -> [Range<Int>] {
        switch self.kind {
        case "list":
            // Rows where most of the thumbnails' middle half differs from the row's background
            // just left of the thumbnail.
            let from = Int(self.probe.minX + self.probe.width / 4)
            let to = Int(self.probe.maxX - self.probe.width / 4)
            let reference = max(0, Int(self.probe.minX) - 4)
            return Self.runs(count: image.height, minimum: Int(self.probe.height / 2)) { y in
                let background = image[reference, y]
                var differing = 0
                for x in from..<to where Self.distance(image[x, y], background) > 40 { differing += 1 }
                return differing * 2 >= to - from
            }
        case "page":
            // On a row through the photos: where the pixels differ from the page's background;
            // on a column through the first page's photo (the second's sky is nearly the page's
            // colour). The second photo shows 200 pixels at this frame: runs of 64 count.
            let y = min(image.height - 1, Int(self.probe.midY))
            let background = self.pixel
            let across = Self.runs(count: image.width, minimum: 64) { x in Self.distance(image[x, y], background) > 40 }
            let x = min(image.width - 1, max(0, Int(self.positions[0] + self.probe.midX)))
            let down = Self.runs(count: image.height, minimum: Int(self.probe.height / 4)) { y in Self.distance(image[x, y], background) > 40 }
            return across + down
        default:
            // The sheet's photo on a column near its left edge: where the pixels differ from the
            // sheet's colour (its top and bottom move with the sheet).
            let x = min(image.width - 1, Int(self.probe.minX + self.probe.width * 0.05))
            let sheet = self.pixel
            return Self.runs(count: image.height, minimum: Int(self.probe.height / 2)) { y in Self.distance(image[x, y], sheet) > 40 }
        }
    }

    private var pixel: UInt32 { UInt32(self.reference.red) << 16 | UInt32(self.reference.green) << 8 | UInt32(self.reference.blue) }

    /// The runs of at least `minimum` consecutive indices where `test` holds.
    private static func runs(count: Int, minimum: Int, _ test: (Int) -> Bool) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for i in 0...count {
            let on = i < count && test(i)
            if on, start == nil { start = i }
            if !on, let begun = start {
                if i - begun >= minimum { out.append(begun..<i) }
                start = nil
            }
        }
        return out
    }

    /// The largest difference of one channel between two XRGB pixels.
    private static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16] {
            let x = Int((a >> shift) & 0xFF)
            let y = Int((b >> shift) & 0xFF)
            worst = max(worst, abs(x - y))
        }
        return worst
    }
}
