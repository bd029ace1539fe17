import VitrineCore
import VitrineGraphics
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineUI

/// The soak of issue 16: random touches (`TouchSoak`) through the built-in demo, headless, the
/// scene `vitrine demo` shows, mounted by the `HeadlessRunner` as the panel's runner mounts it;
/// then the checks that the kiosk came out of it sane:
/// - it settles, and every component is at rest (`restingProblem`, also asked during the soak);
/// - it still responds: touches alone bring it back to the main screen, and a known sequence of
///   taps (Show sheet, Hide sheet, Details, a tap outside the sheet) reaches the states it
///   should, read back through the scene's state dump;
/// - it still draws: those taps present frames, and the main screen at the end is the picture a
///   fresh demo shows.
///
/// `vitrine soak` runs it (scripts/test.sh: 100,000 events); a unit test runs a shorter one.
public final class DemoSoak {
    public let scene: KioskScene
    public let runner: HeadlessRunner
    public let soak: TouchSoak

    /// What the soak and the checks after it found.
    public struct Outcome: Sendable {
        public var report: TouchSoak.Report
        /// Everything that was wrong with the demo, in order; empty when it came out sane.
        public var problems: [String]
        /// The resident size grew by `residentGrowthLimitKiB` or more after the warm-up.
        public var memoryProblem: String?
        /// Frames presented by the taps after the soak.
        public var framesPresentedAfter: Int
    }

    /// The most the resident size may grow after the warm-up: 1 MiB (issue 16). A leak of one
    /// small object per event (48 bytes or more) over 90,000 events is above it; allocator noise
    /// is far below it.
    public static let residentGrowthLimitKiB = 1024

    /// - Parameters:
    ///   - size: the screen in pixels (`vitrine demo`'s headless size by default).
    public init(seed: UInt64, size: PixelSize? = nil) throws(VitrineError) {
        let configuration = KioskDemo.configuration
        self.scene = KioskScene(configuration: configuration)
        self.runner = try HeadlessRunner(scene: self.scene, size: size ?? configuration.display.headlessSize, scale: configuration.scale)
        self.soak = TouchSoak(runner: self.runner, seed: seed)
        self.soak.restingProblem = { [unowned self] in self.restingProblem() }
        self.soak.onWarmedUp = { [unowned self] in
            // The baseline is read after the same touches as the end: back to the main screen,
            // then the known taps (which leave a dismissed content sheet and a hidden split
            // sheet with their pictures behind, as the end has them).
            self.runner.settle(limit: 30)
            self.warmUpProblems = self.checkResponds()
        }
    }

    private var warmUpProblems: [String] = []

    var controller: SceneController? { self.scene.controller }
    var state: JSONValue { self.scene.state() }

    /// Plays `events` random events, then checks the demo settles, responds and draws.
    public func run(events: Int) -> Outcome {
        var report = self.soak.run(events: events)
        var problems: [String] = self.warmUpProblems.map { "after the warm-up: \($0)" }
        if let problem = report.problem {
            problems.append("after \(report.problemAfterEvents ?? 0) events, with nothing moving: \(problem)")
        }
        if !self.runner.settle(limit: 30) { problems.append("the animations did not settle within 30 s after the last event") }
        if let problem = self.restingProblem() { problems.append("after the last event, settled: \(problem)") }
        let before = self.soak.framesPresented
        problems += self.checkResponds()
        let presented = self.soak.framesPresented - before
        if presented == 0 { problems.append("the taps after the soak presented no frame: the scene stopped drawing") }
        // Read again on the main screen with nothing shown, as the baseline was (and before a
        // fresh demo is made to compare the picture with).
        if report.residentAtEndKiB != nil {
            ProcessMemory.releaseFreeMemory()
            report.residentAtEndKiB = ProcessMemory.current()?.residentKiB
        }
        if problems.isEmpty, let difference = self.differenceFromFreshMainScreen() { problems.append(difference) }
        var memoryProblem: String?
        if let growth = report.residentGrowthKiB, growth >= Self.residentGrowthLimitKiB, !ProcessMemory.runsUnderAddressSanitizer {
            memoryProblem =
                ("the resident size grew by \(growth) KiB after the warm-up (\(report.residentAfterWarmUpKiB ?? 0) → \(report.residentAtEndKiB ?? 0) KiB); the limit is \(Self.residentGrowthLimitKiB) KiB")
        }
        return Outcome(report: report, problems: problems, memoryProblem: memoryProblem, framesPresentedAfter: presented)
    }

    // MARK: - At rest

    /// What is stuck, when nothing animates and no finger is down: a sheet away from its
    /// detents or mid-dismissal, a transition half-way; nil when all is at rest.
    public func restingProblem() -> String? {
        guard let controller = self.controller else { return "the demo is not mounted" }
        if !self.runner.window.animator.isIdle { return "\(self.runner.window.animator.runningCount) animation(s) still run" }
        if controller.navigation?.isTransitioning == true { return "the navigation stack is stuck mid-transition" }
        if let pager = controller.onboarding?.pager, pager.isTransitioning { return "the onboarding pager is stuck mid-transition" }
        if let sheet = controller.contentSheet, sheet.isPresented || sheet.superview != nil {
            let resting: Double? =
                switch sheet.state {
                case .collapsed: sheet.collapsedHeight
                case .expanded: sheet.expandedHeight
                case .minimised: nil
                }
            guard sheet.isPresented, sheet.superview != nil, let resting else {
                return
                    "the content sheet is stuck \(sheet.isPresented ? "presented" : "dismissed") but \(sheet.superview == nil ? "off" : "on") screen, state \(sheet.state.rawValue), \(sheet.visibleHeight) points visible"
            }
            if abs(sheet.visibleHeight - resting) > 0.5 {
                return "the content sheet is \(sheet.state.rawValue) but rests at \(sheet.visibleHeight) points, not \(resting)"
            }
        }
        if let split = controller.splitSheetInFront {
            // Between hidden and shown is never a resting place; above shown it is (a still
            // release inside the expanded range rests where it is).
            if split.offset > 0.5 && split.offset < split.minimumSheetHeight - 0.5 {
                return "the split sheet rests at \(split.offset) points, between hidden and shown"
            }
            if split.offset < -0.5 || split.offset > split.expandedOffset + 0.5 {
                return "the split sheet rests at \(split.offset) points, outside 0…\(split.expandedOffset)"
            }
            if split.showing != (split.offset > 0.5) {
                return "the split sheet says showing=\(split.showing) at \(split.offset) points"
            }
        }
        return nil
    }

    // MARK: - Responding

    /// Brings the demo back to the main screen with touches only, then taps through a known
    /// sequence; returns what did not happen as it should.
    func checkResponds() -> [String] {
        var problems = self.returnToMainScreen()
        guard problems.isEmpty else { return problems }
        let top = Point(x: self.runner.window.size.width / 2, y: 8)
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
            if !ok { problems.append(what() + " (state: " + self.summary + ")") }
        }
        // The known sequence.
        let toggle = self.view("screens.main.content.children[2].children[0]")
        let details = self.view("screens.main.content.children[2].children[1]")
        guard let toggle, let details else { return ["the main screen's buttons are not on screen (state: \(self.summary))"] }
        self.tap(toggle.windowFrame.center)
        expect(self.state["split_sheet"]?["detent"]?.stringValue == "shown", "tapping Show sheet did not show the split sheet")
        self.tap(toggle.windowFrame.center)
        expect(self.state["split_sheet"]?["detent"]?.stringValue == "hidden", "tapping Hide sheet did not hide the split sheet")
        self.tap(details.windowFrame.center)
        expect(self.state["content_sheet"]?["screen"]?.stringValue == "exhibits", "tapping Details did not present the exhibits")
        expect(self.state["content_sheet"]?["state"]?.stringValue == "collapsed", "the exhibits sheet did not come to rest collapsed")
        self.tap(top)
        expect(self.state["content_sheet"]?["presented"] == .bool(false), "a tap above the exhibits sheet did not dismiss it")
        expect(self.state["screen"]?.stringValue == "main", "the main screen is not in front at the end")
        if let problem = self.restingProblem() { problems.append("after the known taps: \(problem)") }
        return problems
    }

    /// Touches alone, from wherever the soak left the demo: a tap above a content sheet, swipes
    /// and Start through the onboarding, a flick down on a split sheet. Returns what did not work.
    func returnToMainScreen() -> [String] {
        var problems: [String] = []
        let size = self.runner.window.size
        let top = Point(x: size.width / 2, y: 8)
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
            if !ok { problems.append(what() + " (state: " + self.summary + ")") }
        }
        // A content sheet goes with a tap above it (the demo's expanded height leaves 100 points).
        if self.state["content_sheet"]?["presented"] == .bool(true) {
            self.tap(top)
            expect(self.state["content_sheet"]?["presented"] == .bool(false), "a tap above the content sheet did not dismiss it")
        }
        // The onboarding: swipe left to its last page, then Start.
        for _ in 0..<6 where self.controller?.isOnboardingShowing == true {
            if let start = self.button(titled: "Start") {
                self.tap(start.windowFrame.center)
            } else {
                self.drag(from: Point(x: size.width * 0.8, y: size.height / 2), dx: -size.width * 0.6, dy: 0, ms: 200)
            }
        }
        expect(self.controller?.isOnboardingShowing == false, "swipes and Start did not leave the onboarding")
        // A split sheet: flick it down from just below its top.
        if let split = self.controller?.splitSheetInFront, split.offset > 0.5 {
            self.drag(from: Point(x: size.width / 2, y: size.height - split.offset + 20), dx: 0, dy: size.height, ms: 120)
            expect(split.detent == .hidden, "a flick down did not hide the split sheet")
        }
        return problems
    }

    /// The screen in front, the sheets and the onboarding, in one line.
    var summary: String {
        let state = self.state
        return ["screen", "onboarding", "split_sheet", "content_sheet"].map { "\($0)=\(state[$0]?.serialized() ?? "null")" }.joined(separator: " ")
    }

    /// How the picture on screen differs from a fresh demo's main screen; nil when it does not.
    func differenceFromFreshMainScreen() -> String? {
        guard let screen = self.runner.screenshot else { return "nothing is on screen" }
        do {
            let fresh = try HeadlessRunner(
                scene: KioskScene(configuration: self.scene.configuration), size: self.runner.output.size, scale: self.runner.window.scale)
            (fresh.scene as? KioskScene)?.controller?.perform(.finishOnboarding)
            fresh.settle()
            guard let expected = fresh.screenshot else { return "a fresh demo drew nothing to compare with" }
            let differing = Self.differingPixels(screen, expected)
            return differing == 0 ? nil : "the main screen at the end differs from a fresh demo's in \(differing) pixels"
        } catch {
            return "a fresh demo to compare with did not start: \(error)"
        }
    }

    /// Pixels whose channels differ by more than 2 (rounding in the blur and text can move a
    /// channel by 1–2 between identical scenes drawn along different paths).
    static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        guard a.width == b.width, a.height == b.height else { return a.width * a.height }
        var count = 0
        for y in 0..<a.height {
            let p = a.row(y)
            let q = b.row(y)
            for x in 0..<a.width {
                let u = p[x]
                let v = q[x]
                let red = abs(Int((u >> 16) & 0xFF) - Int((v >> 16) & 0xFF))
                let green = abs(Int((u >> 8) & 0xFF) - Int((v >> 8) & 0xFF))
                let blue = abs(Int(u & 0xFF) - Int(v & 0xFF))
                if max(red, green, blue) > 2 { count &+= 1 }
            }
        }
        return count
    }

    // MARK: - Touches after the soak

    private var touchTime: UInt64 { UInt64(self.runner.loop.now.microseconds) }

    func tap(_ point: Point) {
        self.runner.touch(TouchFrame(timestamp: self.touchTime, contacts: [TouchContact(id: 0, phase: .began, x: point.x, y: point.y)]))
        self.runner.advance(0.05)
        self.runner.touch(TouchFrame(timestamp: self.touchTime, contacts: [TouchContact(id: 0, phase: .ended, x: point.x, y: point.y)]))
        self.runner.settle()
    }

    /// A straight drag sampled every 8 ms, then a lift and a settle.
    func drag(from: Point, dx: Double, dy: Double, ms: Double) {
        let steps = max(1, Int(ms / 8))
        self.runner.touch(TouchFrame(timestamp: self.touchTime, contacts: [TouchContact(id: 0, phase: .began, x: from.x, y: from.y)]))
        var last = from
        for step in 1...steps {
            self.runner.advance(0.008)
            let f = Double(step) / Double(steps)
            last = Point(x: from.x + dx * f, y: from.y + dy * f)
            self.runner.touch(TouchFrame(timestamp: self.touchTime, contacts: [TouchContact(id: 0, phase: .moved, x: last.x, y: last.y)]))
        }
        self.runner.advance(0.008)
        self.runner.touch(TouchFrame(timestamp: self.touchTime, contacts: [TouchContact(id: 0, phase: .ended, x: last.x, y: last.y)]))
        self.runner.settle()
    }

    /// The view in front with config path (or `id`) `identifier`.
    func view(_ identifier: String) -> View? {
        self.find(in: self.runner.window.root) { $0.identifier == identifier }
    }

    /// The button titled `title` whose centre is on screen.
    func button(titled title: String) -> View? {
        let screen = Rect(size: self.runner.window.size)
        return self.find(in: self.runner.window.root) { ($0 as? Button)?.title == title && screen.contains($0.windowFrame.center) }
    }

    private func find(in view: View, _ matches: (View) -> Bool) -> View? {
        guard !view.isHidden else { return nil }
        for child in view.subviews.reversed() { if let found = self.find(in: child, matches) { return found } }
        return matches(view) ? view : nil
    }
}
