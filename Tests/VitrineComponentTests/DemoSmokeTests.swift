import Testing
import VitrineCore
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The built-in demo (Examples/demo/kiosk.json) walked through its screens at 1280×800 and full
/// scale, in the light palette (Snapshots/demo) and the dark (Snapshots/demo-dark), each
/// compared with its golden image: one smoke test that the config, the builder, the components
/// and the renderer still draw the same picture. The components' behaviour is tested on its
/// own in VitrineUITests.
@Suite("The demo, screen by screen (smoke test)")
struct DemoSmokeTests {
    static let snapshots = GoldenImage.snapshotDirectory() + "/demo"

    enum Step: String, CaseIterable {
        case pagerFirst = "pager-page-1"
        case pagerSecond = "pager-page-2"
        case pagerCompleted = "pager-completed"
        case main = "main"
        case splitShown = "split-sheet-shown"
        case splitExpanded = "split-sheet-expanded"
        case contentCollapsed = "content-sheet-collapsed"
        case contentExpanded = "content-sheet-expanded"
    }

    static func reach(_ step: Step, _ run: KioskRun) throws {
        let controller = run.controller
        let pager = try #require(controller.onboarding?.pager)
        switch step {
        case .pagerFirst: break
        case .pagerSecond: pager.pushNext()
        case .pagerCompleted:
            for _ in 0..<3 {
                pager.pushNext()
                run.run.settle()
            }
        case .main, .splitShown, .splitExpanded, .contentCollapsed, .contentExpanded:
            controller.perform(.finishOnboarding)
            run.run.settle()
            switch step {
            case .splitShown: controller.perform(.showSplitSheet)
            case .splitExpanded: controller.splitSheetInFront?.move(to: .expanded)
            case .contentCollapsed, .contentExpanded:
                let details = try #require(controller.presenter(of: "exhibits"))
                controller.perform(details.action)
                run.run.settle()
                if step == .contentExpanded { controller.contentSheet?.move(to: .expanded) }
            default: break
            }
        }
        run.run.settle()
    }

    @Test("each screen of the demo matches its golden image, in the light and the dark palette", arguments: Step.allCases, Theme.Palette.allCases)
    func golden(step: Step, palette: Theme.Palette) throws {
        var configuration = KioskDemo.configuration
        configuration.theme = configuration.theme.withColours(of: palette)
        let run = try KioskRun(configuration: configuration)
        try Self.reach(step, run)
        let screen = try #require(run.run.screenshot)
        let directory = palette == .light ? Self.snapshots : Self.snapshots + "-dark"
        try Directory.create(directory)
        let comparison = GoldenImage.compare(screen, name: step.rawValue, directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }

    @Test("the demo's buttons do what they say: the split sheet toggles (and its button's title), Details presents, Restart goes back")
    func buttons() throws {
        let run = try KioskRun(configuration: KioskDemo.configuration)
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        #expect(run.front == "main")
        let toggle = try #require(run.view("screens.main.content.children[2].children[0]") as? Button)
        run.tap(toggle)
        #expect(run.state["split_sheet"]?["detent"]?.stringValue == "shown")
        #expect(toggle.title == "Hide sheet")
        run.tap(toggle)
        #expect(run.state["split_sheet"]?["detent"]?.stringValue == "hidden")
        #expect(toggle.title == "Show sheet")
        run.tap(try #require(run.view("screens.main.content.children[2].children[1]")))
        #expect(run.state["content_sheet"]?["screen"]?.stringValue == "exhibits")
        run.controller.perform(.dismiss)
        run.run.settle()
        run.tap(try #require(run.view("screens.main.content.children[2].children[2]")))
        #expect(run.state["onboarding"]?["showing"] == .bool(true))
        #expect(run.state["onboarding"]?["page"]?.stringValue == "welcome")
    }
}
