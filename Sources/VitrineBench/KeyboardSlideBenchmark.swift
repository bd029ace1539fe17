import VitrineCore
import VitrineUI

/// `keyboard-slide` (issue 32): the on-screen keyboard sliding up over the library example's
/// 10,000-row list when its search field is tapped, and down again when the field lets the
/// focus go, at 1920×1080 (`TextEntryScene`).
///
/// Each frame drawn is timed as the scene rows time theirs: CPU time from the frame clock's tick
/// to the composited frame. The slide-in is every frame from the tap until the keyboard's spring
/// rests (UIKit's 0.5 s, damping 0.75: SceneController+Keyboard.swift); the slide-out every
/// frame after `window.focus(nil)` (damping 1) until the loop is idle. 10 of each after a warm-up
/// pair (the warm-up builds the keyboard and draws its keys for the first time), 3 with
/// `--quick`; each turn checks the keyboard came up where it belongs and went away.
///
/// The peer is issue 18's target for a 1080p frame's p99 on one core, 4 ms
/// (`PresentLatencyProbe.drawingBudget`), as for the scene rows.
struct KeyboardSlideBenchmark: Benchmark {
    let name = "keyboard-slide"

    /// Which slide a frame belongs to.
    private enum Slide {
        case up
        case down
    }

    func run(_ context: BenchContext) throws -> [BenchRow] {
        guard TextEntryScene.isAvailable else {
            context.note("keyboard-slide: skipped, \(TextEntryScene.config) is not here (run the bench from the repository's root)")
            return []
        }
        context.report("bench: keyboard-slide: the on-screen keyboard up and down over Examples/library's 10,000-row list at 1920x1080")
        let text = try TextEntryScene(row: self.name)
        let window = text.run.window
        guard let clock = window.frameClock else { throw VitrineError(.invalidData, "keyboard-slide: the window has no frame clock") }
        var up = TimingSamples()
        var down = TimingSamples()
        var damaged = 0
        var slide: Slide?
        var presented = false
        let render = clock.onFrame
        clock.onFrame = { time in
            presented = false
            let spent = TimingSamples.cpuTime { render?(time) }
            // Only frames that drew something (a tick with nothing to draw presents nothing).
            guard presented else { return }
            switch slide {
            case .up: up.append(spent)
            case .down: down.append(spent)
            case nil: break
            }
        }
        let present = window.present
        window.present = { frame, damage in
            presented = true
            if slide != nil { damaged += damage.area }
            present?(frame, damage)
        }
        let repeats = context.options.quick ? 3 : 10
        for turn in 0...repeats {
            slide = turn > 0 ? .up : nil
            try text.tapField()
            try text.advance(until: { text.keyboardIsUp }, seconds: 3, row: self.name, what: "the keyboard did not come to rest up")
            try Self.checkUp(text)
            slide = turn > 0 ? .down : nil
            window.focus(nil)
            text.run.settle()
            slide = nil
            guard text.keyboard?.isHidden == true, text.controller.focusedField == nil else {
                throw VitrineError(.invalidData, "keyboard-slide: the keyboard did not go away when the field lost the focus")
            }
        }
        let frames = TimingSamples(up.milliseconds + down.milliseconds)
        let count = frames.milliseconds.count
        let screen = Double(TextEntryScene.size.width * TextEntryScene.size.height)
        let target = PresentLatencyProbe.drawingBudget
        context.note(
            "keyboard-slide: ours = CPU time per frame drawn while the on-screen keyboard slides up over \(TextEntryScene.config)'s 10,000-row list "
                + "(its search field tapped) and down (the focus taken away), \(repeats) of each after a warm-up pair, 1920x1080, scale 1: "
                + "\(up.milliseconds.count) frames up, p99 \(String(fixed: up.percentile(99) ?? 0, decimals: 2)) ms; "
                + "\(down.milliseconds.count) down, p99 \(String(fixed: down.percentile(99) ?? 0, decimals: 2)) ms; "
                + "damage \(String(fixed: count > 0 ? Double(damaged) / Double(count) / screen * 100 : 0, decimals: 1)) % of the screen a frame; "
                + "peer = issue 18's \(String(fixed: target, decimals: 0)) ms target for a 1080p frame's p99")
        return [
            BenchRow(
                name: self.name, oursMilliseconds: frames.percentile(99), peer: "target", peerMilliseconds: target, p50Milliseconds: frames.median,
                p99Milliseconds: frames.percentile(99))
        ]
    }

    /// Throws unless the field has the focus and the keyboard rests along the screen's bottom.
    private static func checkUp(_ text: TextEntryScene) throws {
        guard text.controller.focusedField === text.field, let keyboard = text.keyboard else {
            throw VitrineError(.invalidData, "keyboard-slide: the tap did not focus the search field")
        }
        let top = text.run.window.size.height - keyboard.preferredHeight
        guard abs(keyboard.frame.minY - top) < 0.5 else {
            throw VitrineError(.invalidData, "keyboard-slide: the keyboard rests \(keyboard.frame.minY) points down, not \(top)")
        }
    }
}
