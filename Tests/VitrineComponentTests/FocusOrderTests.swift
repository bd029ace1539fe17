import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// What a keypad reaches on every screen of every example, in order, and what speech mode says
/// for each (issue 33, "focus order goldens"): one text golden per example, so a change to the
/// reading order, a label or a place shows up in review; and the focus ring drawn on a screen.
@Suite("Focus order: every screen of every example, in the keypad's order, as speech says it")
struct FocusOrderTests {
    static let examples = ["demo", "museum", "cafe", "tickets", "library"]

    /// The example's config: the demo is Examples/kiosk.json.
    static func run(_ name: String) throws -> KioskRun {
        if name == "demo" {
            let loaded = try KioskConfigLoader.load(path: KioskRun.examples + "/kiosk.json")
            return try KioskRun(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        }
        return try KioskRun(example: name)
    }

    /// Each screen shown on its own, its focus chain walked: `screen` then one line an element.
    static func order(_ name: String) throws -> String {
        let run = try Self.run(name)
        run.run.advance(0.5)
        let phrases = AccessibilityPhrases(language: run.controller.language)
        var lines: [String] = []
        for screen in run.controller.model.screens {
            try run.controller.show(screen: screen.id)
            run.run.advance(1)
            lines.append("\(screen.id):")
            for (index, view) in run.run.window.focusChain.enumerated() {
                let said = SpokenDescription.text(for: view, phrases: phrases) ?? "(nothing to say)"
                lines.append("  \(index + 1). \(said)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("the focus order and the words of each element match the example's golden", arguments: examples)
    func matchesGolden(name: String) throws {
        let text = try Self.order(name)
        let path = GoldenImage.snapshotDirectory() + "/focus-order/\(name).txt"
        if Environment.value("VITRINE_REGENERATE_GOLDENS") == "1" {
            try Directory.create(GoldenImage.snapshotDirectory() + "/focus-order")
            try AtomicFile.write(Array(text.utf8), to: path)
            return
        }
        let golden = try FileReader.readText(path, limit: 1 << 20, what: "focus order golden")
        #expect(text == golden, "the focus order of \(name) changed; regenerate with VITRINE_REGENERATE_GOLDENS=1 and read the diff:\n\(text)")
        #expect(!text.contains("(nothing to say)"), "every actionable element of \(name) has words")
    }

    @Test("speech mode draws the focus ring around the element it says (tickets, the day pass)")
    func ringGolden() throws {
        let run = try Self.run("tickets")
        run.run.advance(0.5)
        run.controller.headsetChanged(plugged: true)
        for _ in 0..<3 { run.run.window.handle(KeyEvent(.down)) }
        run.run.advance(1)
        let image = try #require(run.run.screenshot)
        let comparison = GoldenImage.compare(image, name: "focus-ring-tickets", directory: GoldenImage.snapshotDirectory() + "/focus-order")
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }

    @Test("the museum's onboarding, swiped on a touchscreen, turns with keys alone: down to the last page, select Start, up goes back a page")
    func onboardingByKeys() throws {
        let run = try Self.run("museum")
        run.run.advance(0.5)
        #expect(run.front == "welcome")
        run.press(.down, wait: 1.5)
        #expect(run.front == "galleries-intro")
        run.press(.up, wait: 1.5)
        #expect(run.front == "welcome")
        for _ in 0..<3 { run.press(.down, wait: 1.5) }
        #expect(run.front == "ready")
        run.press(.down, wait: 1.5)
        #expect(run.run.window.focusedView.map { $0 is Button } == true, "on the last page down reaches its Start button")
        run.press(.enter, wait: 1.5)
        #expect(run.front == "home")
        #expect(!run.controller.isOnboardingShowing)
    }
}
