import VitrineCore
import VitrineRuntime
import VitrineUI

/// `key-to-glyph` (issue 32): from a key's time to the presentation time of the first frame
/// whose drawing includes what it typed, through the real loop on a 60 Hz virtual clock
/// (`PresentLatencyProbe`, as `input-to-present`), in the library example at 1920×1080
/// (`TextEntryScene`).
///
/// The search field is tapped and the keyboard rests up; then words are typed and deleted
/// letter by letter, each key a `KeyEvent` (as a keyboard plugged into the panel sends it)
/// handed to `Window.handle(_:)`. Every key changes the screen: the field's text, and the list,
/// which re-filters the 10,000 titles as the field writes `state.query`. That handling runs on
/// the loop's thread on the panel, so its time is spent on the virtual clock as the drawing's
/// is. The gaps between keys are seeded random, 90–210 ms (a brisk typist's 150 ms on average),
/// in microseconds, so keys fall at every phase of the 16.7 ms refresh. The first word is a
/// warm-up (its glyphs drawn for the first time); 300 keys are measured after it, 60 with
/// `--quick`.
///
/// The peer is the probe's fixed bound: one refresh + the 4 ms drawing budget + the 2 ms
/// late-render margin = 22.67 ms. Ratio ≤ 1 means no key waited longer for its glyph.
struct KeyToGlyphBenchmark: Benchmark {
    let name = "key-to-glyph"

    /// Words typed in turn, each then deleted: words of the catalogue's titles (Examples/library/
    /// data/make-catalogue.py), so the list narrows and widens again as a search does.
    static let words = ["winter", "salt", "lighthouse", "quiet", "north"]
    /// The shortest and longest gap between two keys, in microseconds.
    static let gaps = 90_000...210_000

    func run(_ context: BenchContext) throws -> [BenchRow] {
        guard TextEntryScene.isAvailable else {
            context.note("key-to-glyph: skipped, \(TextEntryScene.config) is not here (run the bench from the repository's root)")
            return []
        }
        context.report("bench: key-to-glyph: typing into Examples/library's search over 10,000 titles at 1920x1080, 60 Hz virtual clock")
        let measured = context.options.quick ? 60 : 300
        let text = try TextEntryScene(row: self.name)
        try text.tapField()
        try text.advance(until: { text.keyboardIsUp }, seconds: 3, row: self.name, what: "the keyboard did not come to rest up")
        guard text.controller.focusedField === text.field else { throw VitrineError(.invalidData, "key-to-glyph: the tap did not focus the search field") }

        // When each key happens: 3.1 ms off the vsync grid, then the seeded gaps.
        let keys = Self.keys(measured: measured)
        let loop = text.run.loop
        var random = SplitMix64(seed: 32)
        var times = [loop.now + .microseconds(3100)]
        let span = UInt64(Self.gaps.upperBound - Self.gaps.lowerBound + 1)
        for _ in keys.dropFirst() { times.append(times[times.count - 1] + .microseconds(Int64(Self.gaps.lowerBound) + Int64(random.next() % span))) }
        let warmUp = Self.words[0].count * 2
        let probe = PresentLatencyProbe(text.run, lateRenderMargin: Runner.lateRenderMargin, measuredFrom: times[warmUp], spendsHandling: true)
        for (key, at) in zip(keys, times) {
            probe.deliver(at: at) {
                text.run.window.handle(KeyEvent(key, timestamp: UInt64(at.microseconds), device: "bench"))
            }
        }
        loop.advance(to: times[times.count - 1] + .seconds(1))

        let count = keys.count - warmUp
        guard text.field.text.isEmpty, probe.latencies.milliseconds.count == count else {
            throw VitrineError(
                .invalidData,
                "key-to-glyph: \(probe.latencies.milliseconds.count) of \(count) keys reached the screen, and the field holds \(text.field.text.count) characters, not 0"
            )
        }
        let latencies = probe.latencies
        let bound = PresentLatencyProbe.bound
        context.note(
            "key-to-glyph: ours = p99 key-to-presentation in \(TextEntryScene.config)'s search (10,000 titles filtered as it changes) at 1920x1080, "
                + "\(count) keys (words typed, then deleted) at 90–210 ms after a warm-up word; p50 \(String(fixed: latencies.median ?? 0, decimals: 2)) ms; "
                + "p99 handling (the field and the filter) \(String(fixed: probe.handling.percentile(99) ?? 0, decimals: 2)) ms, "
                + "p99 drawing (layout and render) \(String(fixed: probe.drawing.percentile(99) ?? 0, decimals: 2)) ms, both spent on the virtual clock; "
                + "peer = the fixed bound of input-to-present: one 60 Hz refresh + the \(String(fixed: PresentLatencyProbe.drawingBudget, decimals: 0)) ms drawing budget "
                + "+ the 2 ms late-render margin (\(String(fixed: bound, decimals: 2)) ms)")
        return [
            BenchRow(
                name: self.name, oursMilliseconds: latencies.percentile(99), peer: "refresh + budget", peerMilliseconds: bound,
                p50Milliseconds: latencies.median, p99Milliseconds: latencies.percentile(99))
        ]
    }

    /// The warm-up word typed and deleted, then at least `measured` keys more, the words in
    /// turn: each word's letters, then as many backspaces, so the field ends empty (one turn of
    /// the words after the first is 60 keys: 300 and 60 are whole turns).
    static func keys(measured: Int) -> [KeyEvent.Key] {
        func typed(_ word: String) -> [KeyEvent.Key] { word.map { .text(String($0)) } + Array(repeating: .backspace, count: word.count) }
        var keys = typed(Self.words[0])
        let warmUp = keys.count
        var next = 1
        while keys.count - warmUp < measured {
            keys += typed(Self.words[next % Self.words.count])
            next += 1
        }
        return keys
    }
}
