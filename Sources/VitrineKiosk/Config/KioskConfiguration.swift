import VitrineCore
import VitrineGraphics
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

/// A kiosk: its screen, input, look, onboarding, main screen and sheets. `vitrine run` reads it
/// from JSON (Docs/config.md); `KioskConfiguration.demo` is the built-in demo.
public struct KioskConfiguration: Sendable, Equatable {
    public static let currentVersion = 1

    public var version = KioskConfiguration.currentVersion
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

    public struct InputSettings: Sendable, Equatable {
        public var seat = InputConfiguration.defaultSeat
        public var calibrationDirectory = "/var/lib/vitrine/calibration"
        public init() {}
    }

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

extension KioskConfiguration {
    /// The built-in demo: three onboarding pages whose colour and progress animate alongside the
    /// swipe, a completed page, then a photo with buttons for a split sheet and a content sheet
    /// with a blurred backdrop, a header and a long list.
    public static var demo: KioskConfiguration {
        var config = KioskConfiguration()
        config.onboarding.pages = [
            PageSettings(title: "Welcome to Vitrine", body: "Swipe left to continue. Every page slides with your finger, and its colour and the progress bar follow along.",
                         image: "builtin:sunrise", backgroundColor: Color(hex: "#0B3C5D")!, progress: 1 / 3),
            PageSettings(title: "Made for touch", body: "Sheets follow the finger, flicks carry their speed, and anything moving can be caught mid-air.",
                         image: "builtin:waves", backgroundColor: Color(hex: "#328CC1")!, progress: 2 / 3),
            PageSettings(title: "Ready in a moment", body: "Swipe right to go back, or left once more to finish.",
                         image: "builtin:hills", backgroundColor: Color(hex: "#1D6A5A")!, progress: 1),
        ]
        config.onboarding.completed = PageSettings(title: "You're all set", body: "Tap Start to open the kiosk.", image: nil,
                                                   backgroundColor: Color(hex: "#2E2A4F")!, progress: 1)
        config.main.title = "Vitrine"
        config.main.image = "builtin:landscape"
        config.main.buttons = [
            ButtonSettings(title: "Show sheet", action: .toggleSplitSheet),
            ButtonSettings(title: "Details", action: .presentContentSheet),
            ButtonSettings(title: "Restart onboarding", action: .restartOnboarding),
        ]
        config.splitSheet.content = SheetContentSettings(
            title: "Opening hours", text: "The sheet shares the screen with the photo. Drag it up for more, down to hide it.",
            items: ["Monday to Friday  9:00 – 18:00", "Saturday  10:00 – 16:00", "Sunday  closed", "Holidays  see the notice board",
                    "Tickets  at the front desk", "Guided tours  11:00 and 15:00", "Café  ground floor", "Lockers  level −1"])
        config.contentSheet.content = SheetContentSettings(
            title: "Exhibits", text: "Scroll the list; pull down at the top to collapse the sheet.",
            items: (1...40).map { "Exhibit \($0): " + ["Bronze age tools", "Ship models", "Clockwork automata", "Early photographs", "Maps of the coast"][$0 % 5] })
        config.contentSheet.collapsedHeight = nil
        config.contentSheet.expandedHeight = 700
        return config
    }
}
