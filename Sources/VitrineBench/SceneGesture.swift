import Glibc
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
    case listFling100
    case listFling10000
    case pageSlide
    case carouselSlide

    /// The config the gesture runs in; a long menu is written into `scratch` first.
    func config(scratch: String) throws(VitrineError) -> String {
        switch self {
        case .sheetDrag: "Examples/cafe/kiosk.json"
        case .listFling100, .listFling10000: try LongMenuConfig.write(rows: self.rows, into: scratch, examples: Self.absolute("Examples"))
        case .pageSlide: try PageSlideConfig.write(into: scratch, examples: Self.absolute("Examples"))
        case .carouselSlide: try CarouselSlideConfig.write(into: scratch, examples: Self.absolute("Examples"))
        default: "Examples/museum/kiosk.json"
        }
    }

    /// The example the gesture needs, relative to the repository.
    var example: String {
        switch self {
        case .sheetDrag: "Examples/cafe/kiosk.json"
        case .listFling100, .listFling10000: "Examples/cafe/images"
        case .pageSlide, .carouselSlide: "Examples/museum/images"
        default: "Examples/museum/kiosk.json"
        }
    }

    /// A fling through `LongMenuConfig`'s menu.
    var isLongList: Bool { self == .listFling100 || self == .listFling10000 }

    /// Whether the scene is written into a scratch folder (a long menu, the page slide, the
    /// slideshow).
    var isWritten: Bool { self.isLongList || self == .pageSlide || self == .carouselSlide }

    /// Where the scene comes from, for the bench's note.
    var source: String {
        switch self {
        case .listFling100, .listFling10000: "LongMenuConfig's menu (photos from Examples/cafe/images)"
        case .pageSlide: "PageSlideConfig's two pages (photos from Examples/museum/images)"
        case .carouselSlide: "CarouselSlideConfig's slideshow (photos from Examples/museum/images)"
        default: self.example
        }
    }

    /// A long menu's length.
    var rows: Int { self == .listFling10000 ? 10_000 : 100 }

    private static func absolute(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
    }

    var stem: String {
        switch self {
        case .pagerSwipe: "museum-pager-swipe"
        case .swipeBack: "museum-swipe-back"
        case .splitDrag: "museum-split-drag"
        case .sheetDrag: "cafe-sheet-drag"
        case .listFling100: "menu-list-fling-100"
        case .listFling10000: "menu-list-fling-10000"
        case .pageSlide: "page-slide"
        case .carouselSlide: "carousel-auto-advance"
        }
    }

    func rowName(on panel: SceneBenchmark.Panel) -> String { self.stem + "-" + panel.label }

    var summary: String {
        switch self {
        case .pagerSwipe: "a swipe from the onboarding's first page to its second"
        case .swipeBack: "an interactive swipe back from an exhibit to its gallery"
        case .splitDrag: "the floor plan's split sheet dragged up 300 points and let go"
        case .sheetDrag: "the espresso's content sheet over the light blur dragged up 200 points and let go"
        case .listFling100, .listFling10000: "a menu of \(self.rows) rows (text + thumbnail) flung up 600 points in 96 ms, coasting to rest"
        case .pageSlide: "a page of a photo and paragraphs pushed over another, sliding in from the right"
        case .carouselSlide: "a full-screen slideshow's photo turning to the next by itself (the carousel's auto-advance)"
        }
    }

    /// Brings the scene to where the gesture starts.
    func prepare(_ controller: SceneController, _ run: HeadlessRunner) throws {
        switch self {
        case .pagerSwipe: try controller.show(screen: "welcome")
        case .swipeBack:
            // The way a visitor comes: home, the gallery, the exhibit. (Showing the exhibit
            // directly builds a gallery that was never drawn, and the swipe's first frame then
            // draws all of it: that is a push's first frame, not a swipe back's.)
            try controller.show(screen: "home")
            run.settle()
            controller.perform(.push("instruments"))
            run.settle()
            controller.perform(.push("chronometer"))
        case .splitDrag:
            try controller.show(screen: "home")
            controller.perform(.showSplitSheet)
        case .sheetDrag:
            try controller.show(screen: "coffee")
            guard let presenter = controller.presenter(of: "espresso") else {
                throw VitrineError(.invalidData, "cafe-sheet-drag: nothing in Examples/cafe/kiosk.json presents \"espresso\"")
            }
            controller.perform(presenter.action)
        case .listFling100, .listFling10000:
            // Back to the top, so every repeat flings through rows it has not shown.
            Self.scrollView(run)?.scroll(to: 0, animated: false)
        case .pageSlide: try controller.show(screen: "first")
        case .carouselSlide:
            guard Self.carousel(run)?.isAutoAdvancing == true else {
                throw VitrineError(.invalidData, "carousel-auto-advance: the slideshow is not turning by itself")
            }
        }
    }

    /// The slideshow's carousel.
    static func carousel(_ run: HeadlessRunner) -> CarouselView? {
        func find(_ view: View) -> CarouselView? {
            if let carousel = view as? CarouselView { return carousel }
            for child in view.subviews { if let found = find(child) { return found } }
            return nil
        }
        return find(run.window.root)
    }

    /// The long menu's list and the scroll view around it.
    static func list(_ run: HeadlessRunner) -> ListView? {
        func find(_ view: View) -> ListView? {
            if let list = view as? ListView { return list }
            for child in view.subviews { if let found = find(child) { return found } }
            return nil
        }
        return find(run.window.root)
    }

    static func scrollView(_ run: HeadlessRunner) -> ScrollView? {
        var view: View? = Self.list(run)
        while let current = view, !(current is ScrollView) { view = current.superview }
        return view as? ScrollView
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
        case .listFling100, .listFling10000:
            Self.drag(run, from: Point(x: size.width / 2, y: size.height * 0.75), by: Point(x: 0, y: -600), milliseconds: 96)
        case .pageSlide: controller.perform(.push("second"))
        case .carouselSlide:
            // Its turn is a background timer (`runUntilIdle` does not wait for it): the clock is
            // moved to it, and the slide it starts is what the frames time.
            if let carousel = Self.carousel(run), let due = carousel.nextCheck { run.loop.advance(to: due) }
        }
    }

    /// Throws unless the gesture did what it should.
    func check(_ controller: SceneController, _ run: HeadlessRunner, name: String) throws {
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
        case .listFling100, .listFling10000:
            failure = Self.listFailure(run)
        case .pageSlide:
            failure = stack == ["first", "second"] ? nil : "the push did not land on the second page (stack \(stack))"
        case .carouselSlide:
            let turns = Self.carousel(run)?.autoAdvances ?? 0
            failure = turns > 0 ? nil : "the slideshow did not turn by itself"
        }
        if let failure { throw VitrineError(.invalidData, "\(name): \(failure)") }
    }

    /// Nil when the flung menu rests scrolled, with its rows' views where their rows belong.
    private static func listFailure(_ run: HeadlessRunner) -> String? {
        guard let list = Self.list(run), let scroller = Self.scrollView(run) else { return "no list on screen" }
        guard scroller.contentOffset > 1000 else { return "the fling scrolled \(scroller.contentOffset) points, not past 1000" }
        for view in list.allRows {
            guard let index = Int(view.row.title.dropFirst(5)).map({ $0 - 1 }), let frame = list.rowFrame(section: 0, row: index) else {
                return "a row view shows \(view.row.title)"
            }
            let top = view.windowFrame.minY - list.windowFrame.minY
            if abs(top - frame.minY) > 0.001 || view.frame.height != frame.height {
                return "\(view.row.title) is drawn \(top) points down the list, not \(frame.minY)"
            }
        }
        return list.rowViewCount < 80 ? nil : "\(list.rowViewCount) row views for one screen"
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
