import VitrineCore
import VitrineSystem

/// What copying to the screen costs, and what the two ways of cutting it down save (issue 18's
/// 4K page slides, Docs/rendering.md "Copying to the screen"):
///
/// - `present-bands-pager-2160p`, `present-bands-swipe-back-2160p`: the museum's pager swipe and
///   interactive swipe back at 3840×2160, with the frame handed to the output band by band as it
///   is composited (`FrameBandSink`, 1 MiB bands: the copy reads each band while it is in the
///   cache) against the same gesture painted whole and copied at present. The two scenes take
///   turns, 7 turns after a warm-up; ours and the peer are median frame CPU times (p50 and p99
///   are ours).
/// - `present-scanout-copy-2160p`: copying a whole 3840×2160 frame into a scanout-sized buffer with
///   streaming stores (`ScanoutStores.copyRow`, what every output does) against plain stores
///   (`UnsafeMutablePointer.update`), interleaved, thread CPU time.
struct BandedPresentBenchmark: Benchmark {
    let name = "present"
    let rowNames = ["present-bands-pager-2160p", "present-bands-swipe-back-2160p", "present-scanout-copy-2160p"]

    func run(_ context: BenchContext) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        let panel = SceneBenchmark.panels[1]
        for (gesture, name) in [(SceneGesture.pagerSwipe, "present-bands-pager-2160p"), (.swipeBack, "present-bands-swipe-back-2160p")]
        where context.options.wants(name) {
            guard Directory.exists(gesture.example) else {
                context.note("\(name): skipped, \(gesture.example) is not here (run the bench from the repository's root)")
                continue
            }
            context.report("bench: \(name): \(gesture.summary) at 3840x2160, in bands and whole")
            let config = try gesture.config(scratch: "/tmp")
            let banded = try SceneSession(gesture, panel: panel, config: config, bands: true)
            let whole = try SceneSession(gesture, panel: panel, config: config, bands: false)
            let turns = context.options.quick ? 2 : 8
            for turn in 0..<turns {
                // Who goes first alternates, so a change of load falls on both alike.
                for session in turn % 2 == 0 ? [banded, whole] : [whole, banded] { try session.play(recording: turn > 0) }
            }
            guard let one = banded.run.output.logicalScreen(), let other = whole.run.output.logicalScreen(), one.hasSamePixels(as: other) else {
                throw VitrineError(.invalidData, "\(name): the banded and the whole frame put different pixels on the screen")
            }
            context.note(
                "\(name): ours = median CPU time per frame with the frame handed to the output in 1 MiB bands as it is composited, peer = the same gesture "
                    + "painted whole and copied at present (\(banded.frames.milliseconds.count) and \(whole.frames.milliseconds.count) frames, taking turns); "
                    + "both screens end identical; p99 whole: \(String(fixed: whole.frames.percentile(99) ?? 0, decimals: 3)) ms")
            rows.append(
                BenchRow(
                    name: name, oursMilliseconds: banded.frames.median, peer: "painted whole", peerMilliseconds: whole.frames.median,
                    p50Milliseconds: banded.frames.median, p99Milliseconds: banded.frames.percentile(99)))
        }
        if context.options.wants("present-scanout-copy-2160p") { rows.append(self.scanoutCopy(context)) }
        return rows
    }

    /// A whole 4K frame copied with streaming stores and with plain stores, interleaved.
    private func scanoutCopy(_ context: BenchContext) -> BenchRow {
        let size = SceneBenchmark.panels[1].size
        let frame = PhotoLikeFrame.make(size: size)
        let streamed = PixelBuffer(size: size, format: .xrgb8888)
        let plain = PixelBuffer(size: size, format: .xrgb8888)
        let everything = Region(frame.bounds)
        var ours = TimingSamples()
        var peer = TimingSamples()
        let runs = context.options.runs(normal: 21)
        for run in -1..<runs {
            let stream = TimingSamples.cpuTime { RotatedCopy.copy(everything, from: frame, rotation: .none, into: streamed, rows: ScanoutStores.copyRow) }
            let store = TimingSamples.cpuTime { RotatedCopy.copy(everything, from: frame, rotation: .none, into: plain) }
            if run >= 0 {
                ours.append(stream)
                peer.append(store)
            }
        }
        let same = streamed.hasSamePixels(as: frame) && plain.hasSamePixels(as: frame)
        context.note(
            "present-scanout-copy-2160p: ours = a 3840x2160 frame (33 MB) copied into a scanout-sized buffer with streaming stores (ScanoutStores.copyRow), "
                + "peer = the same with plain stores, \(runs) runs each, interleaved, thread CPU time; both copies \(same ? "equal the frame" : "DIFFER from the frame")"
        )
        return BenchRow(
            name: "present-scanout-copy-2160p", oursMilliseconds: ours.median, peer: "plain stores", peerMilliseconds: peer.median,
            p50Milliseconds: ours.median,
            p99Milliseconds: ours.percentile(99))
    }
}
