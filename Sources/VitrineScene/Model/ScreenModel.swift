import VitrineCore
import VitrineGraphics
import VitrineUI

/// One screen: a title and navigation items for its bar, a background, a view tree, and
/// optionally a split sheet holding another screen.
public struct ScreenModel: Sendable, Equatable {
    /// A bar button: text, icon, or both, and what it does.
    public struct BarItem: Sendable, Equatable {
        public var title: TextValue
        public var icon: String?
        public var action: SceneAction
        public init(_ title: TextValue, icon: String? = nil, action: SceneAction) {
            self.title = title
            self.icon = icon
            self.action = action
        }
    }

    /// What is behind the content.
    public enum Background: Sendable, Equatable {
        /// The theme's `background`.
        case theme
        case color(Color)
        /// An image filling the screen (cropped around `focus`), over a colour.
        case image(path: String, focus: Point, color: Color)
    }

    /// Whether the bar shows.
    public enum BarVisibility: String, Sendable, Equatable, CaseIterable {
        /// When the screen has a title or items, or can go back.
        case automatic
        case visible
        case hidden
    }

    /// Unique among the scene's screens; actions name screens by it.
    public var id: String
    public var title: TextValue
    public var leftItem: BarItem?
    public var rightItem: BarItem?
    public var bar: BarVisibility
    public var background: Background
    public var content: ViewNode
    /// A sheet over this screen (SplitSheet) holding another screen's content.
    public var splitSheet: SplitSheetModel?
    /// Whether a swipe right leaves the screen (a payment screen must not be left by a swipe;
    /// its Back item and its own buttons still can).
    public var swipeBack = true
    /// Where it is in the config (`screens.home`), for messages.
    public var path: String

    public init(
        id: String, title: TextValue = "", leftItem: BarItem? = nil, rightItem: BarItem? = nil, bar: BarVisibility = .automatic,
        background: Background = .theme, content: ViewNode = ViewNode(.stack(StackNode())), splitSheet: SplitSheetModel? = nil, path: String? = nil
    ) {
        self.id = id
        self.title = title
        self.leftItem = leftItem
        self.rightItem = rightItem
        self.bar = bar
        self.background = background
        self.content = content
        self.splitSheet = splitSheet
        self.path = path ?? "screens.\(id)"
    }

    /// Every action on the screen (bar items and views), with where it is.
    public var actions: [(action: SceneAction, path: String)] {
        var result: [(action: SceneAction, path: String)] = []
        if let item = self.leftItem { result.append((item.action, self.path + ".left.action")) }
        if let item = self.rightItem { result.append((item.action, self.path + ".right.action")) }
        return result + self.content.actions
    }

    public var images: [ImageValue] {
        var result = self.content.images
        if case .image(let path, _, _) = self.background { result.append(.path(path)) }
        return result
    }
}

/// A split sheet on a screen: which screen it holds, and the original's options
/// (Docs/components.md, "SplitSheet").
public struct SplitSheetModel: Sendable, Equatable {
    public var screen: String
    public var displaceContent = true
    public var showHandle = true
    public var minimumSheetHeight = 400.0
    public var snappingDistance = 150.0
    public var animationDuration = 0.6
    public var swipeUpToShowAllowed = true
    /// Shown when the screen appears.
    public var initiallyShown = false

    public init(screen: String) { self.screen = screen }
}

/// The onboarding: pages the visitor swipes through before the first screen.
public struct OnboardingModel: Sendable, Equatable {
    /// Screen ids, in order.
    public var pages: [String]
    /// Shown after the last page, outside the series (swiping stops there).
    public var completed: String?
    /// The progress bar's value on each page; nil: page i of n shows (i + 1) / n.
    public var progress: [Double]?
    public var showsPageIndicator = true
    public var showsProgressBar = true

    public init(pages: [String], completed: String? = nil) {
        self.pages = pages
        self.completed = completed
    }

    /// The progress bar's value on page `index` (the completed page: 1).
    public func progress(atPage index: Int?) -> Double {
        guard let index else { return 1 }
        if let values = self.progress, index < values.count { return values[index] }
        return Double(index + 1) / Double(max(1, self.pages.count))
    }
}

/// What happens when nobody has touched the panel for a while.
public struct IdleModel: Sendable, Equatable {
    /// Seconds without a touch.
    public var after: Double
    /// `.popToRoot`, `.restartOnboarding`, or `.push(attract screen)`.
    public var action: SceneAction

    public init(after: Double, action: SceneAction) {
        self.after = after
        self.action = action
    }
}

/// A whole interface: its screens, the one it starts on, an onboarding before it, the languages
/// it speaks and what it does when left alone.
public struct SceneModel: Sendable, Equatable {
    public var screens: [ScreenModel]
    /// The first screen of the navigation.
    public var start: String
    public var onboarding: OnboardingModel?
    /// Language codes the texts are written in (`en`, `de`); empty for a kiosk in one language.
    public var languages: [String]
    /// The language a visitor sees first, and again after the idle reset.
    public var defaultLanguage: String?
    public var idle: IdleModel?
    /// The state's values at the start, after the idle reset and at `restartOnboarding` (the
    /// config's `state`, an object); nil for a scene without state.
    public var state: JSONValue?
    /// What a barcode or QR scan does (the config's `onScan`); the code is `scan.code` to binds.
    public var onScan: SceneAction?
    /// The keypad, the mounting height and the "more time" question (Docs/accessibility.md).
    public var accessibility = AccessibilityModel()

    public init(
        screens: [ScreenModel], start: String? = nil, onboarding: OnboardingModel? = nil, languages: [String] = [], defaultLanguage: String? = nil,
        idle: IdleModel? = nil, state: JSONValue? = nil
    ) {
        self.state = state
        self.screens = screens
        self.start = start ?? screens.first?.id ?? ""
        self.onboarding = onboarding
        self.languages = languages
        self.defaultLanguage = defaultLanguage ?? languages.first
        self.idle = idle
    }

    public func screen(_ id: String) -> ScreenModel? { self.screens.first { $0.id == id } }

    /// The screens reachable from the start and the onboarding through actions and split sheets.
    public var reachableScreens: Set<String> {
        var seen: Set<String> = []
        // Appended one by one: Swift 6.0 (Debian 13's) cannot type-check the sum in reasonable time.
        var queue: [String] = [self.start]
        queue += self.onboarding?.pages ?? []
        if let completed = self.onboarding?.completed { queue.append(completed) }
        queue += self.idle?.action.targets ?? []
        queue += self.onScan?.targets ?? []
        while let id = queue.popLast() {
            guard seen.insert(id).inserted, let screen = self.screen(id) else { continue }
            queue += screen.actions.flatMap(\.action.targets)
            if let sheet = screen.splitSheet { queue.append(sheet.screen) }
        }
        return seen
    }
}
