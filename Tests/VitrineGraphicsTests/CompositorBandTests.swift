import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineGraphics

/// Painting a frame in bands for a `FrameBandSink` (the output's copy while the band is in the
/// cache): the same pixels as painting it whole, and every band final when it is handed over.
@Suite("Compositor bands")
struct CompositorBandTests {
    /// Records the frame's bands and the rows' pixels at the moment each is handed over.
    final class BandRecorder: FrameBandSink {
        var damages: [Region] = []
        var bands: [Range<Int>] = []
        /// The band's rows as they were when handed over, per band of the last frame.
        var snapshots: [(rows: Range<Int>, pixels: [UInt32])] = []
        var frame: PixelBuffer?

        func beginFrame(_ frame: PixelBuffer, damage: Region) {
            self.frame = frame
            self.damages.append(damage)
            self.snapshots = []
        }

        func bandPainted(_ rows: Range<Int>) {
            self.bands.append(rows)
            guard let frame = self.frame else { return }
            self.snapshots.append((rows, Self.pixels(of: frame, rows: rows)))
        }

        static func pixels(of frame: PixelBuffer, rows: Range<Int>) -> [UInt32] {
            rows.flatMap { y in (0..<frame.width).map { x in frame[x, y] } }
        }
    }

    @Test("a frame painted in bands of 16 rows equals one painted whole, after random changes; each band is final when handed over", arguments: 0..<4)
    func bandsEqualWhole(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let scene = CompositorTests.scene()
        // A fading group too: its scratch is painted band by band as well.
        let group = Layer(frame: Rect(x: 120, y: 10, width: 60, height: 50), name: "group")
        group.backgroundColor = Color(hex: "#FFFFFF")!
        let inner = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "inner")
        inner.backgroundColor = Color(hex: "#E53935")!
        group.addSublayer(inner)
        scene.root.addSublayer(group)
        // A photo with rounded corners that promises opaque content: what it hides is not painted,
        // so a promise wider than the picture would leave stale pixels at its corners as it moves.
        let thumb = Layer(frame: Rect(x: 60, y: 30, width: 50.5, height: 37.25), name: "thumb")
        let image = CanvasTests.photo()
        thumb.draw = { [unowned thumb] canvas in
            let bounds = Rect(size: thumb.frame.size)
            canvas.draw(image, in: bounds, mode: .fill)
            canvas.keepOnly(inside: bounds, cornerRadii: CornerRadii(all: 9))
        }
        thumb.opaqueContent = CornerRadii(all: 9)
        scene.root.addSublayer(thumb)
        let compositor = Compositor(root: scene.root, size: CompositorTests.size)
        let recorder = BandRecorder()
        compositor.bandSink = recorder
        compositor.bandBytes = 16 * 4 * CompositorTests.size.width
        let layers = [scene.card, scene.badge, group, scene.card.sublayers[0], thumb, thumb]
        for step in 0..<20 {
            recorder.bands = []
            let heard = recorder.damages.count
            let damage = compositor.render()
            // The sink hears the frame's damage before its bands; a frame without damage, nothing.
            #expect(recorder.damages.dropFirst(heard) == (damage.isEmpty ? [] : [damage]))
            // Bands from the damage's top row to its bottom row, in order, 16 rows at most.
            let rows = damage.isEmpty ? [] : Array(damage.bounds.minY..<damage.bounds.maxY)
            #expect(recorder.bands.flatMap { Array($0) } == rows, "step \(step): bands \(recorder.bands) for damage \(damage.bounds)")
            #expect(recorder.bands.allSatisfy { $0.count <= 16 })
            for snapshot in recorder.snapshots {
                #expect(
                    snapshot.pixels == BandRecorder.pixels(of: compositor.frame, rows: snapshot.rows),
                    "rows \(snapshot.rows) changed after they were handed over")
            }
            #expect(GoldenImage.worstChannelDifference(compositor.frame, CompositorTests.fullRender(scene.root)) == 0)
            let layer = layers[Int(random.next() % UInt64(layers.count))]
            switch random.next() % 4 {
            case 0: layer.frame.origin.y += Double(Int(random.next() % 61) - 30)
            case 1: layer.frame.origin.x += Double(Int(random.next() % 41) - 20) * 0.5
            case 2: layer.opacity = Double(1 + random.next() % 10) / 10
            default: layer.frame.size.height = 10 + Double(random.next() % 90)
            }
        }
        #expect(recorder.damages.count > 10)
    }

    @Test("without a sink, or with damage within one band, the frame is painted in one go")
    func oneGo() {
        let scene = CompositorTests.scene()
        let compositor = Compositor(root: scene.root, size: CompositorTests.size)
        let recorder = BandRecorder()
        compositor.bandSink = recorder
        compositor.render()
        // 512 KiB is 655 rows of 200 pixels: the whole 150-row frame is one band.
        #expect(recorder.bands == [0..<150])
        scene.badge.frame.origin.y += 3
        let damage = compositor.render()
        #expect(recorder.bands == [0..<150, damage.bounds.minY..<damage.bounds.maxY])
    }
}
