import Glibc
import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineUI

/// Nothing Vitrine draws by itself flashes more than three times a second (WCAG 2.2 SC 2.3.1,
/// Three Flashes or Below Threshold): the kiosk's own moving things — a focused field's caret,
/// the "more time" countdown, reach mode's slide — run for seconds of manual clock, every frame
/// looked at in regions.
///
/// WCAG 2.2's general flash: a pair of opposing changes in relative luminance of 10 % or more of
/// the maximum, where the darker image is below 0.80, over a combined area of 25 % of any 10°
/// visual field (341 × 256 pixels of a 1024 × 768 screen at a typical distance, so about
/// 170 × 128). Three flashes are six such changes. The regions here are 80 × 80 points (40 × 40
/// pixels of the half-scale pictures): a quarter of WCAG's area, so stricter than it; no region
/// may change direction more than six times in any one second (60 frames).
@Suite("Flashes: at most three a second in anything the kiosk animates by itself")
struct FlashTests {
    /// Each region's mean relative luminance, frame by frame.
    struct Recording {
        static let region = 40
        var columns = 0
        var rows = 0
        var frames: [[Double]] = []

        /// WCAG 2.2's relative luminance of each 8-bit sRGB level (Color.relativeLuminance).
        static let linear: [Double] = (0..<256).map { level in
            let value = Double(level) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }

        mutating func add(_ image: PixelBuffer) {
            self.columns = image.width / Self.region
            self.rows = image.height / Self.region
            var means = [Double](repeating: 0, count: self.columns * self.rows)
            for y in 0..<(self.rows * Self.region) {
                let row = image.row(y)
                let base = (y / Self.region) * self.columns
                for x in 0..<(self.columns * Self.region) {
                    let pixel = row[x]
                    let l =
                        0.2126 * Self.linear[Int((pixel >> 16) & 0xFF)] + 0.7152 * Self.linear[Int((pixel >> 8) & 0xFF)] + 0.0722
                        * Self.linear[Int(pixel & 0xFF)]
                    means[base + x / Self.region] += l
                }
            }
            let count = Double(Self.region * Self.region)
            self.frames.append(means.map { $0 / count })
        }

        /// For each region, the frames at which its luminance turned: a change of at least 0.1
        /// against the direction of the last one, the darker of the two below 0.80.
        func reversals() -> [[Int]] {
            (0..<(self.columns * self.rows)).map { index in
                var turns: [Int] = []
                var direction = 0
                var reference = self.frames.first?[index] ?? 0
                for (frame, means) in self.frames.enumerated() {
                    let value = means[index]
                    let delta = value - reference
                    guard abs(delta) >= 0.1, min(value, reference) < 0.8 else { continue }
                    let now = delta > 0 ? 1 : -1
                    if now != direction { turns.append(frame) }
                    direction = now
                    reference = value
                }
                return turns
            }
        }

        /// The most changes of direction any region makes within `window` frames (one second).
        func mostReversals(inFrames window: Int) -> (count: Int, region: Int) {
            var worst = (count: 0, region: 0)
            for (region, turns) in self.reversals().enumerated() {
                var start = 0
                for end in turns.indices {
                    while turns[end] - turns[start] >= window { start += 1 }
                    if end - start + 1 > worst.count { worst = (end - start + 1, region) }
                }
            }
            return worst
        }
    }

    /// The most of `times` (frame numbers) within any `window` frames.
    static func most(_ times: [Int], within window: Int) -> Int {
        var best = 0
        var start = 0
        for end in times.indices {
            while times[end] - times[start] >= window { start += 1 }
            best = max(best, end - start + 1)
        }
        return best
    }

    /// Runs `seconds` of frames at 60 Hz, recording each; `each` sees every frame's number.
    static func record(_ run: KioskRun, seconds: Double, into recording: inout Recording, each: (Int) -> Void = { _ in }) {
        for frame in 0..<Int(seconds * 60) {
            run.run.advance(1.0 / 60)
            if let image = run.run.screenshot { recording.add(image) }
            each(frame)
        }
    }

    static let small = PixelSize(width: 640, height: 400)

    @Test("a focused field's caret blinks at 600 ms on, 600 ms off: at most two changes, one flash, a second")
    func caret() throws {
        #expect(TextField.blinkHalfPeriod == .milliseconds(600))
        let run = try KioskRun(example: "library", size: Self.small, scale: 0.5)
        let field = try #require(run.view("query") as? TextField)
        // A tap, without letting everything settle: that would run the clock until the caret
        // stops blinking, 10 s after the tap.
        let centre = field.windowFrame.center
        run.run.touch(TouchFrame(timestamp: UInt64(run.run.loop.now.microseconds), contacts: [TouchContact(id: 0, phase: .began, x: centre.x, y: centre.y)]))
        run.run.advance(0.05)
        run.run.touch(TouchFrame(timestamp: UInt64(run.run.loop.now.microseconds), contacts: [TouchContact(id: 0, phase: .ended, x: centre.x, y: centre.y)]))
        run.run.advance(1)
        #expect(run.run.window.focusedView === field)
        var recording = Recording()
        var shown = field.caretIsShown
        var toggles: [Int] = []
        Self.record(run, seconds: 3, into: &recording) { frame in
            if field.caretIsShown != shown { toggles.append(frame) }
            shown = field.caretIsShown
        }
        #expect(toggles.count >= 4, "the caret blinks: \(toggles)")
        #expect(Self.most(toggles, within: 60) <= 2, "\(toggles)")
        let worst = recording.mostReversals(inFrames: 60)
        #expect(worst.count <= 6, "region \(worst.region) turns \(worst.count) times in a second")
    }

    @Test("the more-time countdown changes once a second; it and reach mode's slide turn no region more than six times a second")
    func countdownAndReach() throws {
        let run = try KioskRun(example: "tickets", size: Self.small, scale: 0.5)
        run.tap(try #require(run.view("screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[1]]")))
        let ask = try #require(run.controller.moreTimeAt)
        run.run.loop.advance(by: ask - run.run.loop.now)
        #expect(run.state["accessibility"]?["asking_more_time"] == .bool(true))
        let card = try #require(run.view("moreTime")?.subviews.first)
        let labels = card.subviews.compactMap { $0 as? Label }
        let countdown = try #require(labels.last)
        var text = countdown.text
        var changes: [Int] = []
        var recording = Recording()
        Self.record(run, seconds: 3, into: &recording) { frame in
            if countdown.text != text { changes.append(frame) }
            text = countdown.text
        }
        #expect(changes.count == 3 && Self.most(changes, within: 60) == 1, "\(changes)")
        var worst = recording.mostReversals(inFrames: 60)
        #expect(worst.count <= 6, "countdown: region \(worst.region) turns \(worst.count) times in a second")
        // Reach mode down and back up, twice, as fast as a visitor can tap.
        run.controller.resetIdle()
        var slide = Recording()
        for _ in 0..<4 {
            run.controller.perform(.reach)
            Self.record(run, seconds: 0.5, into: &slide)
        }
        worst = slide.mostReversals(inFrames: 60)
        #expect(
            worst.count <= 6,
            "reach: region \(worst.region) of \(slide.columns) a row turns \(worst.count) times in a second: \(slide.reversals()[worst.region])")
    }
}
