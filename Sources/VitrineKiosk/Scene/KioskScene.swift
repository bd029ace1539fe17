import VitrineCore
import VitrineGraphics
import VitrineMotion
import VitrineUI

/// A kiosk's interface, built from a `KioskConfiguration` into a `Window`: the onboarding pager,
/// then the main screen with its split sheet and buttons, and the content sheet they present.
///
/// It is the same whether it runs on a panel (`vitrine run`, `vitrine demo`) or headless
/// (`vitrine replay`, tests): only the window's output and input differ. `state()` is the JSON
/// the replay command writes (Docs/components.md, "State dump").
public final class KioskScene {
    /// Which screen is in front.
    public enum Screen: String, Sendable { case onboarding, main }

    public let window: Window
    public let configuration: KioskConfiguration
    public let splitSheet: SplitSheet
    public private(set) var pager: OnboardingPager?
    public private(set) var contentSheet: ContentSheet?
    public private(set) var screen: Screen
    /// Component callbacks, in the order they fired (`contentSheet.willShow`, `splitSheet.showing=true`, …).
    public private(set) var callbacks: [String] = []
    /// Buttons of the main screen, in configuration order.
    public private(set) var buttons: [Button] = []

    let theme: Theme
    let onboardingView = View()
    public let progressBar: ProgressBar
    let pageIndicator: PageIndicator
    private var pageViews: [OnboardingPageView] = []
    private var completedView: OnboardingPageView?
    private let splitBody: SheetBodyView
    private let images: SceneImages
    private let mainTitle: Label
    var mainTitleLabel: Label { self.mainTitle }
    private let photo: ImageView?

    /// - Throws: `VitrineError` naming the configuration field of an image that cannot be loaded.
    public init(configuration: KioskConfiguration, window: Window, images: SceneImages) throws(VitrineError) {
        self.configuration = configuration
        self.window = window
        self.images = images
        var theme = configuration.theme
        theme.fontFamily = configuration.theme.fontFamily
        self.theme = theme
        let root = window.root
        root.backgroundColor = configuration.main.backgroundColor

        // Main screen: the split sheet fills the window; its main pane holds the photo and buttons.
        self.splitSheet = SplitSheet(frame: root.bounds, theme: theme)
        let settings = configuration.splitSheet
        self.splitSheet.displaceContent = settings.displaceContent
        self.splitSheet.showHandle = settings.showHandle
        self.splitSheet.minimumSheetHeight = settings.minimumSheetHeight
        self.splitSheet.snappingDistance = settings.snappingDistance
        self.splitSheet.animationDuration = settings.animationDuration
        self.splitSheet.swipeUpToShowAllowed = settings.swipeUpToShowAllowed
        self.photo = try configuration.main.image.map { path throws(VitrineError) in ImageView(image: try images.image(path, field: "main.image"), scaleMode: .fill) }
        self.mainTitle = Label(text: configuration.main.title, style: TextStyle(font: FontDescriptor(family: theme.fontFamily, weight: .bold), pointSize: 34, maximumLines: 1), color: .white)
        self.splitBody = SheetBodyView(content: settings.content, image: try settings.content.image.map { p throws(VitrineError) in try images.image(p, field: "splitSheet.image") }, theme: theme)
        self.progressBar = ProgressBar(theme: theme)
        self.pageIndicator = PageIndicator(theme: theme)
        self.pageIndicator.dotColor = Color(white: 1, alpha: 0.35)
        self.pageIndicator.currentDotColor = .white
        self.progressBar.track.backgroundColor = Color(white: 1, alpha: 0.25)
        self.progressBar.fill.backgroundColor = .white
        self.screen = configuration.onboarding.pages.isEmpty ? .main : .onboarding

        let layout = SceneLayout(scene: self)
        root.addSubview(layout)
        layout.addSubview(self.splitSheet)
        let pane = MainPane(scene: nil)
        self.splitSheet.mainView.addSubview(pane)
        pane.pinToEdges()
        if let photo = self.photo {
            pane.addSubview(photo)
            photo.pinToEdges()
        }
        pane.addSubview(self.mainTitle)
        for (index, button) in configuration.main.buttons.enumerated() {
            let view = Button(title: button.title, theme: theme) { [unowned self] in self.perform(configuration.main.buttons[index].action) }
            self.buttons.append(view)
            pane.addSubview(view)
        }
        pane.scene = self
        self.splitSheet.sheetView.addSubview(self.splitBody)
        self.splitSheet.onShowingChange = { [unowned self] showing in
            self.record("splitSheet.showing=\(showing)")
            self.updateToggleTitles()
        }
        self.splitSheet.onRest = { [unowned self] detent in self.record("splitSheet.rest=\(detent.rawValue)") }
        try self.buildOnboarding(layout: layout)
        self.updateToggleTitles()
    }

    // MARK: - Onboarding

    private func buildOnboarding(layout: View) throws(VitrineError) {
        let onboarding = self.configuration.onboarding
        guard !onboarding.pages.isEmpty else { return }
        for (index, page) in onboarding.pages.enumerated() {
            let image = try page.image.map { p throws(VitrineError) in try self.images.image(p, field: "onboarding.pages[\(index)].image") }
            self.pageViews.append(OnboardingPageView(settings: page, image: image, theme: self.theme))
        }
        let pager = OnboardingPager(pages: self.pageViews)
        if let completed = onboarding.completed {
            let image = try completed.image.map { p throws(VitrineError) in try self.images.image(p, field: "onboarding.completed.image") }
            let view = OnboardingPageView(settings: completed, image: image, theme: self.theme)
            let start = Button(title: onboarding.startButtonTitle, theme: self.theme) { [unowned self] in self.enterMain() }
            start.normalColor = .white
            start.highlightedColor = Color(white: 0.85)
            start.titleLabel.textColor = completed.backgroundColor
            view.button = start
            view.addSubview(start)
            self.completedView = view
            // Outside the series: swiping ends there (BoardingPass's completed controller).
            pager.setNext(view, for: self.pageViews.last!)
            pager.setNext(nil, for: view)
            pager.setPrevious(nil, for: view)
        }
        pager.onTransition = { [unowned self] transition in self.animateAlongside(transition) }
        pager.onPageChange = { [unowned self] page in
            self.record("pager.page=\(self.pageName(page))")
            self.showPage(page)
        }
        self.pager = pager
        self.onboardingView.addSubview(pager)
        self.onboardingView.addSubview(self.progressBar)
        self.onboardingView.addSubview(self.pageIndicator)
        self.pageIndicator.numberOfPages = self.pageViews.count
        layout.addSubview(self.onboardingView)
        self.showPage(self.pageViews[0])
    }

    /// Background colour, progress bar and dots follow the transition's progress (scrubbed by
    /// the finger, reversed on cancellation).
    private func animateAlongside(_ transition: PagerTransition) {
        guard let from = transition.from as? OnboardingPageView, let to = transition.to as? OnboardingPageView else { return }
        let fromIndex = self.pageIndex(from)
        let toIndex = self.pageIndex(to)
        transition.animateAlongside { [unowned self] p in
            self.onboardingView.backgroundColor = from.settings.backgroundColor.interpolated(to: to.settings.backgroundColor, fraction: p)
            self.progressBar.progress = from.settings.progress + (to.settings.progress - from.settings.progress) * p
            self.pageIndicator.currentPage = fromIndex + (toIndex - fromIndex) * p
        }
    }

    private func showPage(_ page: View) {
        guard let page = page as? OnboardingPageView else { return }
        self.onboardingView.backgroundColor = page.settings.backgroundColor
        self.progressBar.progress = page.settings.progress
        self.pageIndicator.currentPage = self.pageIndex(page)
        self.pageIndicator.isHidden = page === self.completedView
    }

    private func pageIndex(_ page: OnboardingPageView) -> Double {
        Double(self.pageViews.firstIndex { $0 === page } ?? self.pageViews.count)
    }

    func pageName(_ page: View) -> String {
        if page === self.completedView { return "completed" }
        return self.pageViews.firstIndex { $0 === page }.map(String.init) ?? "?"
    }

    /// Leaves onboarding for the main screen (the completed page's button).
    public func enterMain() {
        guard self.screen == .onboarding else { return }
        self.screen = .main
        self.record("screen=main")
        let view = self.onboardingView
        let fade = SpringAnimation(value: 1, target: 0, parameters: SpringParameters(response: 0.35, dampingRatio: 1), tolerance: SettleTolerance.pixels.perUnit(of: 255))
        fade.onUpdate = { value in view.alpha = value }
        fade.onComplete = { view.isHidden = true }
        self.window.animator.run(fade)
    }

    // MARK: - Actions

    /// Runs a button's action.
    public func perform(_ action: ButtonAction) {
        self.record("button=\(action.rawValue)")
        switch action {
        case .toggleSplitSheet:
            self.splitSheet.show(!self.splitSheet.showing)
        case .presentContentSheet:
            self.presentContentSheet()
        case .restartOnboarding:
            guard let pager = self.pager else { return }
            self.contentSheet?.dismiss(animated: false)
            self.splitSheet.show(false, animated: false)
            pager.reset()
            self.onboardingView.isHidden = false
            self.onboardingView.alpha = 1
            self.screen = .onboarding
            self.record("screen=onboarding")
        }
    }

    /// Presents the configured content sheet (a new one each time, like the original's
    /// `present(inContentSheet:)`).
    public func presentContentSheet() {
        guard self.contentSheet?.isPresented != true else { return }
        let settings = self.configuration.contentSheet
        let image = try? settings.content.image.map { p throws(VitrineError) in try self.images.image(p, field: "contentSheet.image") }
        var dismiss: () -> Void = {}
        let content = SceneSheetContent(settings: settings, image: image ?? nil, theme: self.theme) { dismiss() }
        let sheet = ContentSheet(content: content, theme: self.theme)
        dismiss = { [weak sheet] in sheet?.dismiss() }
        sheet.showDefaultHeader = settings.showDefaultHeader
        sheet.blurBackground = settings.blurBackground
        sheet.blurStyle = settings.blurStyle
        sheet.dismissOnTouchOutside = settings.dismissOnTouchOutside
        sheet.enablePanGesture = settings.enablePanGesture
        sheet.onEvent = { [unowned self] name in self.record("contentSheet.\(name)") }
        self.contentSheet = sheet
        sheet.present(in: self.window.root)
    }

    private func updateToggleTitles() {
        for (index, button) in self.buttons.enumerated() where self.configuration.main.buttons[index].action == .toggleSplitSheet {
            let title = self.configuration.main.buttons[index].title
            button.title = self.splitSheet.showing ? title.replacingFirst("Show", with: "Hide") : title
        }
    }

    func record(_ event: String) {
        self.callbacks.append(event)
    }

    // MARK: - Layout

    func layout(in bounds: Rect) {
        self.splitSheet.frame = bounds
        self.onboardingView.frame = bounds
        self.pager?.frame = bounds
        self.progressBar.frame = Rect(x: 0, y: bounds.height - 4, width: bounds.width, height: 4)
        self.pageIndicator.frame = Rect(x: 0, y: bounds.height - 40, width: bounds.width, height: 24)
        self.splitSheet.sheetContentHeight = self.splitBody.place(width: bounds.width)
        self.splitBody.frame = Rect(x: 0, y: 0, width: bounds.width, height: self.splitSheet.sheetContentHeight)
    }
}

/// The main screen inside the split sheet's main pane: title at the top, buttons centred in
/// what is left of the pane (it shrinks as the sheet rises when `displaceContent` is set).
final class MainPane: View {
    weak var scene: KioskScene?

    init(scene: KioskScene?) {
        self.scene = scene
        super.init()
        self.clipsToBounds = true
    }

    override func layoutSubviews() {
        guard let scene = self.scene else { return }
        let bounds = self.bounds
        scene.mainTitleLabel.frame = Rect(x: 32, y: 24, width: bounds.width - 64, height: 48)
        let buttonWidth = min(300, bounds.width - 64)
        let stack = Double(scene.buttons.count) * 64 - 12
        var y = max(90, (bounds.height - stack) / 2)
        for button in scene.buttons {
            button.frame = Rect(x: (bounds.width - buttonWidth) / 2, y: y, width: buttonWidth, height: 52)
            y += 64
        }
    }
}

/// Lays the scene out whenever the window (or the split sheet's main pane) changes size.
final class SceneLayout: View {
    unowned let scene: KioskScene

    init(scene: KioskScene) {
        self.scene = scene
        super.init(frame: scene.window.root.bounds)
    }

    override func layoutSubviews() {
        self.scene.layout(in: self.bounds)
    }
}

extension String {
    /// "Show sheet" → "Hide sheet": the toggle button's title while the sheet shows.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        self.hasPrefix(target) ? replacement + self.dropFirst(target.count) : self
    }
}
