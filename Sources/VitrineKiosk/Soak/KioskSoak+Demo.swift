import VitrineCore
import VitrineGraphics
import VitrineRuntime
import VitrineUI

/// The demo's own checks after a soak: its screens and buttons are known.
extension KioskSoak {
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
}
