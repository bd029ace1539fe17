import Testing
import VitrineCore
import VitrineKiosk
import VitrineTestSupport
import VitrineUI

/// Each component at rest in each state, drawn by the demo scene at half a pixel per point
/// (640×400 px), compared with the PNGs in `Snapshots/`.
@Suite("Components at rest")
struct ComponentGoldenTests {
    static let snapshots = GoldenImage.snapshotDirectory()

    enum Step: String, CaseIterable {
        case pagerFirst = "pager-page-1"
        case pagerSecond = "pager-page-2"
        case pagerCompleted = "pager-completed"
        case splitHidden = "split-sheet-hidden"
        case splitShown = "split-sheet-shown"
        case splitExpanded = "split-sheet-expanded"
        case contentCollapsed = "content-sheet-collapsed"
        case contentExpanded = "content-sheet-expanded"
    }

    static func reach(_ step: Step, _ headless: HeadlessScene) {
        let scene = headless.scene
        switch step {
        case .pagerFirst: break
        case .pagerSecond: scene.pager?.push()
        case .pagerCompleted: for _ in 0..<3 { scene.pager?.push(); headless.settle() }
        case .splitHidden, .splitShown, .splitExpanded, .contentCollapsed, .contentExpanded:
            scene.enterMain()
            headless.settle()
            switch step {
            case .splitShown: scene.splitSheet.show(true)
            case .splitExpanded: scene.splitSheet.move(to: .expanded)
            case .contentCollapsed: scene.presentContentSheet()
            case .contentExpanded:
                scene.presentContentSheet()
                headless.settle()
                scene.contentSheet?.move(to: .expanded)
            default: break
            }
        }
        headless.settle()
    }

    @Test("each component at rest matches its golden image", arguments: Step.allCases)
    func golden(step: Step) throws {
        let headless = try HeadlessScene(configuration: .demo, size: Size(width: 1280, height: 800), scale: 0.5)
        Self.reach(step, headless)
        let screen = try #require(headless.screenshot)
        let comparison = GoldenImage.compare(screen, name: step.rawValue, directory: Self.snapshots)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }
}
