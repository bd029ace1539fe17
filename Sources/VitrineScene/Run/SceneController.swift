import VitrineCore
import VitrineGraphics
import VitrineMotion
import VitrineUI

/// A `SceneModel` on screen: the first screen in a navigation stack, the onboarding over it, a
/// content sheet presenting any screen, and every action routed here (`perform`).
///
/// It is the same on a panel (`Runner`), headless (`HeadlessRunner`, `vitrine replay`,
/// `vitrine render`) and in tests. `state()` is the JSON the replay command writes (schema
/// `vitrine-state/2`, Docs/components.md, "State dump").
///
/// ```swift
/// let model = SceneModel(screens: [
///     ScreenModel(id: "home", title: "Lobby", content: ViewNode(.stack(StackNode(spacing: 16, padding: EdgeInsets(all: 32), children: [
///         ViewNode(.text(TextNode("Welcome", style: .largeTitle))),
///         ViewNode(.button(ButtonNode("Opening hours", action: .push("hours")))),
///     ])))),
///     ScreenModel(id: "hours", title: "Opening hours", content: ViewNode(.text(TextNode("9:00 – 18:00")))),
/// ])
/// let scene = SceneController(model: model, images: FileImageSource())
/// ```
public final class SceneController: Scene {
    public let model: SceneModel
    /// The theme the screens are built with: `baseTheme` under the visitor's settings (larger
    /// text, high contrast; `setVisitorSettings`).
    public internal(set) var theme: Theme
    /// The config's theme, which idle goes back to.
    public let baseTheme: Theme
    public let images: ImageSource
    public let registry: ViewRegistry
    /// What bound texts, images and repeated rows read; replaced by the runtime when a data file
    /// changes, or by the control socket's `set`.
    public let data: DataStore
    /// The language texts are shown in (nil for a kiosk in one language).
    public internal(set) var language: String?
    public var onEvent: ((SceneEvent) -> Void)?
    /// Logs what cannot be done (a push whose screen fails to build), instead of throwing from a tap.
    public var logger = Logger("scene")

    public private(set) weak var window: Window?
    public private(set) var navigation: NavigationStack?
    public private(set) var onboarding: OnboardingView?
    public internal(set) var contentSheet: ContentSheet?
    /// The screen the content sheet presents.
    public internal(set) var presentedScreen: ScreenView?
    /// How many entries each of `emitted`, `callbacks` and `actions` keeps: 256, enough for
    /// the state dump to show a visitor's whole session (a few dozen taps), a few tens of KB
    /// however long the kiosk runs.
    public static let logCapacity = 256
    /// The `emit` events, oldest first (the last `logCapacity`).
    public internal(set) var emitted = BoundedLog<SceneEvent>(capacity: SceneController.logCapacity)
    /// Component callbacks and navigation, in order (the last `logCapacity`): `push exhibit`,
    /// `contentSheet.didShow`, `splitSheet.rest=shown`.
    public private(set) var callbacks = BoundedLog<String>(capacity: SceneController.logCapacity)
    /// Actions performed, with the config path of what asked (the last `logCapacity`).
    public internal(set) var actions = BoundedLog<String>(capacity: SceneController.logCapacity)

    private(set) var builder: SceneBuilder!
    var root = SceneRootView(reachReturn: ReachReturnView(title: "", theme: .standard) {})
    /// What holds the screens, moved up while the keyboard covers the focused field.
    var sceneRoot: View { self.root }
    /// When the last touch came (the idle count starts there), and the timer that checks it.
    var lastTouch = MonotonicTime.zero
    var idleTimer: TimerID?
    /// Whether the idle action ran since the last touch (it runs once per absence).
    var wentIdle = false
    /// Whether the kiosk speaks (a headset is in, or a key or the accessibility sheet turned it
    /// on): touch exploration is on and the idle time is doubled (Docs/accessibility.md).
    public internal(set) var speechMode = false {
        // The idle time doubles in speech mode: the idle timer follows either way.
        didSet { if oldValue != self.speechMode { self.armIdleTimer() } }
    }
    /// Where utterances go (eSpeak NG through ALSA on a kiosk; the runtime sets it); nil: the
    /// transcript still records what would be said.
    public var speechOutput: (any SpeechOutput)?
    /// What speech mode said, oldest first (the last `logCapacity`): the state dump's `speech`.
    public internal(set) var transcript = BoundedLog<Utterance>(capacity: SceneController.logCapacity)
    /// The element said last: a double tap activates it.
    weak var lastSpokenElement: View?
    /// True while a screen's arrival gives the focus: that element is said after the title.
    var arrivingFocus = false
    /// Whether a headset is plugged in (the runtime says so): idle leaves speech on then.
    var headsetPlugged = false
    /// The field a keypad types into through the on-screen keyboard's keys (nil: none).
    weak var keypadField: TextField?
    /// Touch exploration's reading of the fingers (speech mode only).
    var explorer = TouchExplorer()
    /// The speech volume the visitor set with the volume keys (0…1), back to the default on idle.
    var speechVolume = SceneController.defaultSpeechVolume
    /// The binds inside emitted payloads, parsed once when the scene is made (by their text).
    var payloadBinds: [String: DataBinding] = [:]
    /// The on-screen keyboard (made for the first focused field) and how far up it is.
    var keyboard: OnScreenKeyboard?
    var keyboardMotion: ScrollMotion?
    /// How far the screens move up so the focused field stays above the keyboard.
    var keyboardLift = 0.0
    /// The keyboard layout for a language (the kiosk's `keyboard.layouts`, read from xkb by the
    /// runtime); US QWERTY until the runtime says otherwise.
    public var keyboardLayout: (String?) -> KeyboardLayout = { _ in .qwerty }

    // MARK: The visitor's settings (Settings/, SceneController+Settings, +Reach, +MoreTime)

    /// What the visitor chose on the accessibility sheet; the defaults after idle.
    public internal(set) var visitorSettings = VisitorSettings()
    /// Turns speech on or off from the accessibility sheet's Speech row: set by
    /// SceneController+Speech (to its `setSpeechMode`). Without it the sheet has no Speech row.
    public var onSpeechToggle: ((Bool) -> Void)?
    /// Whether the visitor turned speech on from the sheet (idle turns it off again; speech a
    /// headset started is the speech side's).
    var speechChosenOnSheet = false
    /// The accessibility sheet's content while it is presented.
    var accessibilitySheet: AccessibilitySheet?
    /// Whether the screens are slid down within reach (`setReachMode`).
    public internal(set) var reachMode = false
    /// The screens' way down and back in reach mode.
    var reachMotion: ScrollMotion?
    /// Called with the question's text when "Do you need more time?" appears (the speech side
    /// says it).
    public var onPrompt: ((String) -> Void)?
    /// The "more time" question while it shows, and its countdown's timer.
    var moreTimePrompt: AlertView?
    /// The kiosk's alerts (`SceneController+Alert.swift`), made with the first, and the one on
    /// screen as its model says it (built again in a new language).
    var alertQueue: AlertQueue?
    var shownAlert: (model: AlertModel, path: String)?
    var moreTimeTicker: TimerID?
    /// Whether the question was asked since the last touch (once per absence, as idle).
    var askedForMoreTime = false
    /// When the idle timer is set to fire.
    var idleTimerAt: MonotonicTime?
    /// The appear animations running, and the screen they were last played for.
    let appearances = Appearances()
    weak var appearShown: View?

    public init(model: SceneModel, theme: Theme = .standard, images: ImageSource, registry: ViewRegistry = ViewRegistry(), data: DataStore = DataStore()) {
        self.model = model
        self.theme = theme
        self.baseTheme = theme
        self.images = images
        self.registry = registry
        self.data = data
        self.language = model.defaultLanguage
        self.builder = SceneBuilder(theme: theme, images: images, registry: registry) { [unowned self] action, path in
            self.perform(action, from: path)
        }
        self.builder.data = data
        self.builder.writeState = { [unowned self] name, value in
            do {
                try self.setState(name, to: value)
            } catch {
                self.logger.error("\(error)")
            }
        }
        self.builder.submitTitle = { [unowned self] hasAction in Self.submitTitle(hasAction: hasAction, in: self.language) }
        self.builder.onFieldSubmit = { [unowned self] field in
            if self.window?.focusedView === field { self.window?.focus(nil) }
        }
        self.builder.language = self.language
        self.builder.defaultLanguage = model.defaultLanguage
        self.installState()
        self.installScan()
        self.parsePayloadBinds()
        data.onChange = { [weak self] source in self?.dataChanged(source) }
        self.logExpressionErrors()
    }

    /// New data: every bound view reads it again (and so draws on the next frame). The navigation
    /// stays where it is.
    func dataChanged(_ source: String) {
        self.builder.refreshBindings(source: source)
        self.record("data=\(source)")
    }

    // MARK: - Mounting

    public func mount(in window: Window) throws(VitrineError) {
        self.window = window
        guard self.model.screen(self.model.start) != nil else {
            throw VitrineError(
                .invalidArgument, "start: no screen \"\(self.model.start)\"",
                hint: "name one of the screens: " + self.model.screens.map(\.id).joined(separator: ", "))
        }
        try self.build(stack: [self.model.start], onboardingPage: self.model.onboarding?.pages.first, onboardingShowing: true)
        window.root.backgroundColor = self.theme.background
        window.onTouch = { [weak self] frame in self?.touched(frame) }
        self.attachKeys(to: window)
        self.attachSpeech()
        self.lastTouch = window.clock?.now ?? .zero
        self.armIdleTimer()
        self.builder.onCarouselTurn = { [unowned self] carousel in self.carouselTurned(carousel) }
        self.builder.onCarouselPageArriving = { [unowned self] page in self.carouselPageArrives(page) }
        self.playAppear(in: self.frontScreenView)
    }

    /// Builds every view afresh: the navigation holding `stack` (screen ids, bottom first), and
    /// the onboarding at `onboardingPage`. A new window, a new language and the control socket
    /// come through here; sheets are gone afterwards.
    func build(stack: [String], onboardingPage: String?, onboardingShowing: Bool) throws(VitrineError) {
        guard let window = self.window else { return }
        let root = self.makeSceneRoot()
        let first = try self.screenView(stack.first ?? self.model.start, canGoBack: false)
        let navigation = NavigationStack(root: first)
        for id in stack.dropFirst() {
            let view = try self.screenView(id, canGoBack: true)
            navigation.setSwipeBack(view.model.swipeBack, for: view)
            navigation.push(view, animated: false)
        }
        navigation.onPageChange = { [unowned self] _ in self.screenChanged() }
        navigation.onTransition = { [unowned self] transition in self.transitionStarted(transition) }
        navigation.onSwipe = { [unowned self] direction in
            guard direction == .backward else { return }
            self.actions.append("swipe: pop")
            self.record("pop")
        }
        root.addSubview(navigation)
        var onboardingView: OnboardingView?
        if let onboarding = self.model.onboarding, !onboarding.pages.isEmpty {
            let view = try self.makeOnboarding(onboarding)
            if let id = onboardingPage, let page = (view.pages + [view.completedPage].compactMap { $0 }).first(where: { $0.model.id == id }) {
                view.pager.reset(to: page)
            }
            view.isHidden = !onboardingShowing
            root.addSubview(view)
            onboardingView = view
        }
        // A sheet open over the old screens closes, with its callbacks: every will… it sent gets
        // its did… (issue 29: `[present, setLanguage]` rebuilt the screens under a presenting
        // sheet and left willAddContent, willShow and willAppear open for ever).
        self.contentSheet?.dismiss(animated: false)
        self.root.removeFromSuperview()
        self.root = root
        self.navigation = navigation
        self.onboarding = onboardingView
        self.contentSheet = nil
        self.presentedScreen = nil
        self.finishingOnboarding = false
        window.root.addSubview(root)
        root.pinToEdges()
    }

    func makeOnboarding(_ model: OnboardingModel) throws(VitrineError) -> OnboardingView {
        var pages: [ScreenView] = []
        for id in model.pages { pages.append(try self.screenView(id, canGoBack: false, page: true)) }
        let completed = try model.completed.map { id throws(VitrineError) in try self.screenView(id, canGoBack: false, page: true) }
        let view = OnboardingView(model: model, pages: pages, completed: completed, theme: self.theme)
        let alongside = view.pager.onTransition
        view.pager.onTransition = { [unowned self] transition in
            alongside?(transition)
            self.transitionStarted(transition)
        }
        view.onPageChange = { [unowned self] page in
            self.record("onboarding.page=\(page.model.id)")
            self.screenChanged()
        }
        self.onboarding = view
        return view
    }

    /// A fresh view of screen `id` (every push builds one, as a navigation controller would).
    public func screenView(_ id: String, canGoBack: Bool, page: Bool = false, hidesBar: Bool = false) throws(VitrineError) -> ScreenView {
        guard var model = self.model.screen(id) else {
            throw VitrineError(.invalidArgument, "no screen \"\(id)\"", hint: "screens: " + self.model.screens.map(\.id).joined(separator: ", "))
        }
        if hidesBar { model.bar = .hidden }
        let back =
            canGoBack
            ? BarButtonItem(title: Self.backTitle(in: self.language), icon: "back") { [unowned self] in self.perform(.pop, from: model.path + ".back") } : nil
        let sheet = model.splitSheet.flatMap { self.model.screen($0.screen) }
        let view = try ScreenView(model: model, builder: self.builder, backItem: back, sheetScreen: sheet, clearBackground: page)
        if let split = view.splitSheet {
            split.onShowingChange = { [unowned self, unowned view] showing in
                self.record("splitSheet.showing=\(showing)")
                view.splitShowingChanged(showing)
            }
            split.onRest = { [unowned self] detent in self.record("splitSheet.rest=\(detent.rawValue)") }
        }
        return view
    }

    /// "Back" in the languages kiosks are most often set up in (Apple's and Android's own
    /// translations of their back buttons); others read "Back".
    static let backTitles = [
        "de": "Zurück", "fr": "Retour", "es": "Atrás", "it": "Indietro", "nl": "Terug", "pt": "Voltar", "pl": "Wstecz", "sv": "Tillbaka",
        "da": "Tilbage", "nb": "Tilbake", "fi": "Takaisin", "cs": "Zpět", "tr": "Geri", "ru": "Назад", "uk": "Назад", "el": "Πίσω",
        "ja": "戻る", "zh": "返回", "ko": "뒤로"
    ]

    static func backTitle(in language: String?) -> String {
        language.flatMap { self.backTitles[$0] ?? self.backTitles[String($0.prefix { $0 != "-" })] } ?? "Back"
    }

    // MARK: - What is in front

    /// The screens of the navigation stack, bottom first.
    public var navigationStack: [ScreenView] { self.navigation?.stack.compactMap { $0 as? ScreenView } ?? [] }
    /// The navigation's top screen.
    public var topScreen: ScreenView? { self.navigation?.currentPage as? ScreenView }
    /// Whether the onboarding covers the screens.
    public var isOnboardingShowing: Bool { self.onboarding.map { !$0.isHidden && !self.finishingOnboarding } ?? false }
    /// The id of the screen in front: an onboarding page, or the navigation's top.
    public var frontScreenID: String? {
        if self.isOnboardingShowing, let page = self.onboarding?.pager.currentPage as? ScreenView { return page.model.id }
        return self.topScreen?.model.id
    }

    var finishingOnboarding = false

    func setOnboardingFinished(_ finishing: Bool) { self.finishingOnboarding = finishing }

    func screenChanged() {
        self.window?.focus(nil)
        let stack = self.navigationStack.map { JSONValue.string($0.model.id) }
        self.onEvent?(SceneEvent(.screen, name: self.frontScreenID ?? "", payload: .object([("stack", .array(stack))]), time: self.now))
        self.appearAfterScreenChange()
        self.announceScreen()
    }

    var now: MonotonicTime { self.window?.clock?.now ?? self.window?.lastFrameTime?.presentationTime ?? .zero }

    func record(_ callback: String) {
        self.callbacks.append(callback)
    }
}
