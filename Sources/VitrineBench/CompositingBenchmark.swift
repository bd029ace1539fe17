import CPixman
import Glibc
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineUI

/// `sheet-drag-1080p` (the ten-layer rows are `LayersBenchmark`).
///
/// - sheet-drag-1080p: the per-frame work of dragging a ContentSheet at 1080p: a photo, a dark
///   blurred backdrop over it, and a sheet with rounded top corners covering 55% of the height,
///   moved a few pixels per frame; each frame is `Compositor.render()` plus the copy of the damage
///   into a scanout buffer (`HeadlessOutput.present`, the same copy DRM does). p50/p99 are compared
///   with one full-frame `memcpy` measured in the same run — the physical floor. The sheet casts
///   its shadow as ContentSheet's does (`SheetShadow`, a rounded cap under its top edge); the
///   same drag without the shadow runs interleaved with it, and the note gives what the shadow
///   costs.
struct CompositingBenchmark: Benchmark {
    let name = "composite"
    let rowNames = ["sheet-drag-1080p"]
    static let size = PixelSize(width: 1920, height: 1080)

    func run(_ context: BenchContext) throws -> [BenchRow] {
        context.options.wants("sheet-drag-1080p") ? [try self.sheetDrag(context)] : []
    }

    private func sheetDrag(_ context: BenchContext) throws -> BenchRow {
        context.report("bench: composite: sheet drag at 1080p")
        let frames = context.options.quick ? 60 : 300
        let scene = try SheetDragScene(size: Self.size, shadow: true)
        let bare = try SheetDragScene(size: Self.size, shadow: false)
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: Self.size, loop: loop)
        let bareOutput = HeadlessOutput(logicalSize: Self.size, loop: loop)
        var direction = -1.0
        // Warm up: both scanout buffers filled once, as they are long before anyone drags.
        for _ in 0..<4 {
            scene.move(by: 3 * direction)
            bare.move(by: 3 * direction)
            output.present(scene.compositor.frame, damage: scene.compositor.render())
            bareOutput.present(bare.compositor.frame, damage: bare.compositor.render())
            loop.advance(by: .milliseconds(17))
        }
        // A full-frame memcpy between two ordinary buffers: the floor for moving a frame.
        let a = PixelBuffer(size: Self.size)
        let b = PixelBuffer(size: Self.size)
        let bytes = a.bytesPerRow * a.height
        var copyCPU = TimingSamples()
        for _ in 0..<context.options.runs(normal: 41) { copyCPU.append(TimingSamples.cpuTime { memcpy(b.pixels, a.pixels, bytes) }) }
        var wall = TimingSamples()
        var cpu = TimingSamples()
        var bareCPU = TimingSamples()
        for frame in 0..<frames {
            if frame % 40 == 0 { direction = -direction }
            scene.move(by: 3 * direction)
            bare.move(by: 3 * direction)
            let start = TimingSamples.now()
            cpu.append(TimingSamples.cpuTime { output.present(scene.compositor.frame, damage: scene.compositor.render()) })
            wall.append(TimingSamples.now() - start)
            bareCPU.append(TimingSamples.cpuTime { bareOutput.present(bare.compositor.frame, damage: bare.compositor.render()) })
            loop.advance(by: .milliseconds(17))
        }
        let withShadow = cpu.percentile(99) ?? 0
        let withoutShadow = bareCPU.percentile(99) ?? 0
        let floor = copyCPU.median ?? 0
        context.note(
            "sheet-drag-1080p: each frame is Compositor.render() + the copy of its damage to a scanout buffer; times are this thread's CPU time "
                + "(CLOCK_THREAD_CPUTIME_ID), so time the scheduler gave other processes on this shared machine is not counted; "
                + "wall clock: p50 \(String(fixed: wall.median ?? 0, decimals: 3)) ms, p99 \(String(fixed: wall.percentile(99) ?? 0, decimals: 3)) ms; "
                + "ratio = p99 ÷ one full-frame memcpy (\(String(fixed: floor, decimals: 3)) ms for 8.3 MB); "
                + "the same drag without the sheet's shadow, interleaved: p99 \(String(fixed: withoutShadow, decimals: 3)) ms "
                + "(the shadow: \(String(fixed: withoutShadow > 0 ? (withShadow / withoutShadow - 1) * 100 : 0, decimals: 1)) %)")
        return BenchRow(
            name: "sheet-drag-1080p", oursMilliseconds: cpu.percentile(99), peer: "memcpy", peerMilliseconds: floor,
            p50Milliseconds: cpu.median, p99Milliseconds: cpu.percentile(99))
    }
}

/// The sheet-drag scene: photo, dark blurred backdrop, and a sheet of real text (`SheetText`),
/// with or without the shadow ContentSheet casts (`shadowView`: a rounded cap the sheet's width
/// and 13 points tall under its top edge, whose layer shadow reaches up).
final class SheetDragScene {
    let root: Layer
    let sheet: Layer
    let shadowCap: Layer?
    let compositor: Compositor

    /// Moves the sheet (and its shadow) down by `dy` points.
    func move(by dy: Double) {
        self.sheet.frame.origin.y += dy
        self.shadowCap?.frame.origin.y += dy
    }

    init(size: PixelSize, shadow: Bool = true) throws {
        let width = Double(size.width)
        let height = Double(size.height)
        self.root = Layer(frame: Rect(x: 0, y: 0, width: width, height: height), name: "root")
        let photo = Layer(frame: self.root.frame, name: "photo")
        let image = PhotoLikeFrame.make(size: size)
        photo.draw = { canvas in canvas.draw(image, in: Rect(x: 0, y: 0, width: width, height: height), mode: .fill) }
        self.root.addSublayer(photo)
        let backdrop = Layer(frame: self.root.frame, name: "backdrop")
        backdrop.backdrop = LayerBackdrop(style: .dark, sigma: 20)
        self.root.addSublayer(backdrop)
        if shadow {
            let cap = Layer(frame: Rect(x: 0, y: height * 0.45, width: width, height: ContentSheet.cornerRadius + 1), name: "shadow")
            cap.backgroundColor = .white
            cap.cornerRadii = .top(ContentSheet.cornerRadius)
            cap.shadow = SheetShadow.standard
            self.root.addSublayer(cap)
            self.shadowCap = cap
        } else {
            self.shadowCap = nil
        }
        self.sheet = Layer(frame: Rect(x: 0, y: height * 0.45, width: width, height: height * 0.55 + 40), name: "sheet")
        self.sheet.backgroundColor = .white
        self.sheet.cornerRadii = .top(12)
        let text = try SheetText(width: width)
        self.sheet.draw = { canvas in text.draw(in: canvas) }
        self.root.addSublayer(self.sheet)
        self.compositor = Compositor(root: self.root, size: size)
    }
}

/// What the sheet-drag scene's sheet shows: the demo's opening hours as the split sheet lays
/// them out (a title 2 heading, then body rows with a secondary value on the right and a
/// hairline between), laid out once in Inter through the real text path. The sheet's backing
/// caches it, so its drawing is not per frame; the rows are there so the composited pixels are
/// a sheet's, not flat grey.
struct SheetText {
    let lines: [(layout: TextLayout, origin: Point, colour: Color)]
    let separators: [Rect]
    let separatorColour: Color

    static let rows = [
        ("Monday to Friday", "9:00 – 18:00"), ("Saturday", "10:00 – 16:00"), ("Sunday", "closed"), ("Holidays", "see the notice board"),
        ("Tickets", "front desk"), ("Guided tours", "11:00 and 15:00"), ("Café", "ground floor"), ("Lockers", "level −1"),
        ("Cloakroom", "free of charge"), ("Audio guides", "eight languages"), ("Lifts", "every floor")
    ]

    init(width: Double) throws {
        let library = try FontLibrary()
        let theme = Theme.standard
        let body = theme.textStyle(.body, maximumLines: 1)
        let trailing = theme.textStyle(.body, alignment: .right, maximumLines: 1)
        var lines = [
            (
                try TextLayout("Opening hours", style: theme.textStyle(.title2, maximumLines: 1), width: width - 80, library: library), Point(x: 40, y: 28),
                theme.label
            )
        ]
        var separators: [Rect] = []
        for (index, row) in Self.rows.enumerated() {
            let y = 80 + Double(index) * 44
            lines.append((try TextLayout(row.0, style: body, width: width / 2, library: library), Point(x: 40, y: y + 11), theme.label))
            lines.append(
                (try TextLayout(row.1, style: trailing, width: width / 2 - 40, library: library), Point(x: width / 2, y: y + 11), theme.secondaryLabel))
            separators.append(Rect(x: 40, y: y + 43, width: width - 40, height: 1))
        }
        self.lines = lines
        self.separators = separators
        self.separatorColour = theme.separator
    }

    func draw(in canvas: Canvas) {
        for line in self.lines { canvas.draw(line.layout, at: line.origin, color: line.colour) }
        for rule in self.separators { canvas.fill(rule, color: self.separatorColour) }
    }
}
