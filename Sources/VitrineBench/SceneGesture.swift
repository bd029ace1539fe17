import VitrineCore
import VitrineRuntime
import VitrineScene
import VitrineUI

/// One gesture of the scene rows (`SceneBenchmark`): the example it runs in, the state it
/// starts from, the touches (125 Hz, as USB touch controllers report), and what must have
/// happened, so a row never times a gesture that did nothing.
enum SceneGesture: CaseIterable {
    case pagerSwipe
    case swipeBack
    case splitDrag
    case sheetDrag

    var config: String { self == .sheetDrag ? "Examples/cafe/kiosk.json" : "Examples/museum/kiosk.json" }

    var stem: String {
        switch self {
        case .pagerSwipe: "museum-pager-swipe"
        case .swipeBack: "museum-swipe-back"
        case .splitDrag: "museum-split-drag"
        case .sheetDrag: "cafe-sheet-drag"
        }
    }

    func rowName(on panel: SceneBenchmark.Panel) -> String { self.stem + "-" + panel.label }

    var summary: String {
        switch self {
        case .pagerSwipe: "a swipe from the onboarding's first page to its second"
        case .swipeBack: "an interactive swipe back from an exhibit to its gallery"
        case .splitDrag: "the floor plan's split sheet dragged up 300 points and let go"
        case .sheetDrag: "the espresso's content sheet over the light blur dragged up 200 points and let go"
        }
    }

    /// Brings the scene to where the gesture starts.
    func prepare(_ controller: SceneController, _ run: HeadlessRunner) throws {
        switch self {
        case .pagerSwipe: try controller.show(screen: "welcome")
        case .swipeBack: try controller.show(screen: "chronometer")
        case .splitDrag:
            try controller.show(screen: "home")
            controller.perform(.showSplitSheet)
        case .sheetDrag:
            try controller.show(screen: "coffee")
            guard let presenter = controller.presenter(of: "espresso") else {
                throw VitrineError(.invalidData, "cafe-sheet-drag: nothing in \(self.config) presents \"espresso\"")
            }
            controller.perform(presenter.action)
        }
    }

    /// The touches (the runner settles afterwards).
    func perform(_ controller: SceneController, _ run: HeadlessRunner) {
        let size = run.window.size
        switch self {
        case .pagerSwipe:
            Self.drag(run, from: Point(x: size.width * 0.8, y: size.height / 2), by: Point(x: -size.width * 0.6, y: 0), milliseconds: 250)
        case .swipeBack:
            Self.drag(run, from: Point(x: 40, y: size.height / 2), by: Point(x: size.width * 0.6, y: 0), milliseconds: 400)
        case .splitDrag:
            let top = controller.splitSheetInFront?.sheetView.windowFrame.minY ?? size.height / 2
            Self.drag(run, from: Point(x: size.width / 2, y: top + 30), by: Point(x: 0, y: -300), milliseconds: 300)
        case .sheetDrag:
            // On the sheet's header: a drag there moves the sheet (one on its list scrolls it).
            let top = controller.contentSheet?.containerView.windowFrame.minY ?? size.height / 2
            Self.drag(run, from: Point(x: size.width / 2, y: top + 22), by: Point(x: 0, y: -200), milliseconds: 300)
        }
    }

    /// Throws unless the gesture did what it should.
    func check(_ controller: SceneController, name: String) throws {
        let stack = controller.navigationStack.map(\.model.id)
        let failure: String?
        switch self {
        case .pagerSwipe:
            let page = controller.onboarding.flatMap { onboarding in onboarding.pages.firstIndex { $0 === onboarding.pager.currentPage } }
            failure = page == 1 ? nil : "the pager is on page \(page.map(String.init) ?? "none"), not the second"
        case .swipeBack:
            failure = stack == ["home", "instruments"] || stack.count == 1 ? nil : "the swipe did not go back (stack \(stack))"
        case .splitDrag:
            let detent = controller.splitSheetInFront?.detent
            failure = detent == nil || detent == .hidden ? "the split sheet is not showing (\(detent.map(\.rawValue) ?? "none"))" : nil
        case .sheetDrag:
            let state = controller.contentSheet.map { "\($0.state)" }
            failure = state == "expanded" ? nil : "the content sheet is \(state ?? "not presented"), not expanded"
        }
        if let failure { throw VitrineError(.invalidData, "\(name): \(failure)") }
    }

    /// A straight drag at 125 Hz from `from` by `by` (points) over `milliseconds`, then a lift.
    static func drag(_ run: HeadlessRunner, from: Point, by: Point, milliseconds: Double) {
        let steps = max(1, Int(milliseconds / 8))
        for i in 0...steps {
            let f = Double(i) / Double(steps)
            let phase: TouchContact.Phase = i == 0 ? .began : (i == steps ? .ended : .moved)
            let at = run.loop.now
            let contact = TouchContact(id: 0, phase: phase, x: from.x + by.x * f, y: from.y + by.y * f)
            run.touch(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: [contact]))
            run.advance(0.008)
        }
    }
}
