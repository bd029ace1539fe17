import VitrineCore
import VitrineGraphics
import VitrineRuntime
import VitrineUI

/// What a main-screen button does.
public enum ButtonAction: String, Sendable, Equatable, CaseIterable {
    /// Shows the split sheet, or hides it when it shows ("Show …" titles read "Hide …" meanwhile).
    case toggleSplitSheet
    /// Presents the content sheet.
    case presentContentSheet
    /// Goes back to the first onboarding page.
    case restartOnboarding
}

/// One onboarding page.
public struct PageSettings: Sendable, Equatable {
    public var title: String
    public var body: String
    /// A PNG/JPEG path, or `builtin:<name>` for the demo's drawn images.
    public var image: String?
    public var backgroundColor: Color
    /// 0…1, shown by the progress bar while this page is on screen.
    public var progress: Double

    /// A page's background when the config gives none: dark, so the white text reads on it.
    public static let defaultBackgroundColor = Color(hex: "#1C1C1E")!

    public init(title: String, body: String, image: String? = nil, backgroundColor: Color, progress: Double) {
        self.title = title
        self.body = body
        self.image = image
        self.backgroundColor = backgroundColor
        self.progress = progress
    }
}

/// One main-screen button: its title and what it does.
public struct ButtonSettings: Sendable, Equatable {
    public var title: String
    public var action: ButtonAction

    public init(title: String, action: ButtonAction) {
        self.title = title
        self.action = action
    }
}

/// The text, image and list a sheet shows.
public struct SheetContentSettings: Sendable, Equatable {
    public var title: String
    public var text: String
    public var image: String?
    public var items: [String]

    public init(title: String, text: String, image: String? = nil, items: [String] = []) {
        self.title = title
        self.text = text
        self.image = image
        self.items = items
    }
}

/// A version 1 kiosk config, as written: its screen, input, look, onboarding, main screen and
/// the two sheets (the fixed template Vitrine had before screens). `KioskConfigLoader` reads it
/// and converts it to the scene model (`converted`), so version 1 files run unchanged.
public struct KioskConfigurationV1: Sendable, Equatable {
    public var version = 1
    public var display = DisplayConfiguration()
    public var input = InputSettings()
    public var theme = Theme()
    /// Pixels per point.
    public var scale = 1.0
    public var onboarding = OnboardingSettings()
    public var main = MainSettings()
    public var splitSheet = SplitSheetSettings()
    public var contentSheet = ContentSheetSettings()

    public init() {}

    public struct OnboardingSettings: Sendable, Equatable {
        /// Empty: the kiosk starts on the main screen.
        public var pages: [PageSettings] = []
        /// Shown after the last page, outside the series: swiping stops there; its button enters
        /// the main screen.
        public var completed: PageSettings?
        public var startButtonTitle = "Start"
        public init() {}
    }

    public struct MainSettings: Sendable, Equatable {
        public var title = ""
        public var image: String?
        public var backgroundColor = Color(hex: "#1C1C1E")!
        public var buttons: [ButtonSettings] = []
        public init() {}
    }

    public struct SplitSheetSettings: Sendable, Equatable {
        public var content = SheetContentSettings(title: "", text: "")
        public var displaceContent = true
        public var showHandle = true
        public var minimumSheetHeight = 400.0
        public var snappingDistance = 150.0
        public var animationDuration = 0.6
        public var swipeUpToShowAllowed = true
        public init() {}
    }

    public struct ContentSheetSettings: Sendable, Equatable {
        public var content = SheetContentSettings(title: "", text: "")
        /// Nil: half the screen.
        public var collapsedHeight: Double?
        /// Nil: the collapsed height.
        public var expandedHeight: Double?
        public var showDefaultHeader = true
        public var blurBackground = true
        public var blurStyle = BlurStyle.dark
        public var dismissOnTouchOutside = true
        public var enablePanGesture = true
        public init() {}
    }
}
