import VitrineMotion

/// `springs-1000`: stepping 1,000 running springs through one animator frame, next to the
/// budget of one 60 Hz frame (issue 5: it should be negligible there).
struct SpringBenchmark: Benchmark {
    let name = "springs"

    func run(_ context: BenchContext) throws -> [BenchRow] {
        context.report("bench: springs: stepping 1000 springs")
        let frames = context.options.quick ? 120 : 600
        let samples = TimingSamples(MotionBenchmark.stepSprings(count: 1000, frames: frames))
        let budget = 1000.0 / 60
        context.note("springs-1000: the peer is the 16.667 ms budget of one 60 Hz frame; ratio = median ÷ budget")
        return [
            BenchRow(
                name: "springs-1000", oursMilliseconds: samples.median, peer: "60Hz frame budget", peerMilliseconds: budget,
                p50Milliseconds: samples.median, p99Milliseconds: samples.percentile(99))
        ]
    }
}
