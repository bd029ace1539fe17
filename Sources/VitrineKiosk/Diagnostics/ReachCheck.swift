import VitrineCore
import VitrineDRM
import VitrineRuntime
import VitrineScene
import VitrineUI

/// `check-config`'s reach check (issue 33; Docs/accessibility.md, "The visitor's settings"): which actionable
/// elements of each screen a seated visitor cannot reach without reach mode, from where the
/// panel is mounted (`accessibility.mountHeight`).
///
/// Every screen is laid out as a visitor first sees it — on its own, a sheet-only screen in its
/// sheet over the screen that presents it, a split sheet's screen risen over its holder — at
/// the config's display size (`display.mode`, else `display.headlessSize`, turned by
/// `display.rotation`), by the kiosk's own code on a headless screen. Every element the focus
/// can go to (`View.canBecomeFocused`: buttons, rows, cards, fields) in view is measured at its
/// centre, where a finger aims, and reported when that is outside the forward reach range,
/// 380–1,220 mm above the floor (`AccessibilityModel.reachRange`, 2010 ADA §308.2.1), with
/// whether reach mode brings it within range. `ConfigDiagnosis.check` runs it when the config
/// gives a mounting height.
public enum ReachCheck {
    /// One element out of reach.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// The screen as shown (a sheet's screen for the elements in the sheet).
        public var screen: String
        /// What the element is and says: `button "Hours"`, with its config path when it has one.
        public var element: String
        /// The height of its centre above the floor, in millimetres.
        public var height: Double
        /// Where reach mode takes its centre (nil: reach mode does not move it — it is in a
        /// content sheet, which stays at the bottom edge).
        public var heightInReachMode: Double?

        /// Whether reach mode brings it within `AccessibilityModel.reachRange`.
        public var reachModeHelps: Bool { self.heightInReachMode.map { AccessibilityModel.reachRange.contains($0) } ?? false }

        public var description: String {
            let range = AccessibilityModel.reachRange
            let side =
                self.height > range.upperBound
                ? "above the \(Self.mm(range.upperBound)) a seated visitor reaches" : "below the \(Self.mm(range.lowerBound)) a seated visitor reaches down to"
            let where_ = "\(self.element) is \(Self.mm(self.height)) above the floor, \(side) (ADA 308.2.1)"
            guard let moved = self.heightInReachMode else {
                return where_ + "; reach mode leaves sheets where they are: move it lower on the screen or lower the panel"
            }
            if self.reachModeHelps { return where_ + "; reach mode brings it within reach (to \(Self.mm(moved)))" }
            if self.height < range.lowerBound { return where_ + "; reach mode only lowers it: move it up the screen or mount the panel higher" }
            return where_ + "; reach mode brings it only to \(Self.mm(moved)): move it lower on the screen or lower the panel"
        }

        /// `1,385 mm`.
        static func mm(_ value: Double) -> String { GroupedNumber.text(Int(value.rounded())) + " mm" }
    }

    /// The screen size, in points, the check lays the screens out at.
    public static func screenSize(of configuration: KioskConfiguration) -> PixelSize {
        let display = configuration.display
        let native = display.drm.mode.map { PixelSize(width: $0.width, height: $0.height) } ?? display.headlessSize
        return display.rotation.logicalSize(forNative: native)
    }

    /// The warnings for a valid check: one per element out of reach, at `screens.<id>`; one
    /// saying what is missing when the config gives no mounting height (the reach check was
    /// asked for, `--accessibility`); one when the screens cannot be laid out.
    public static func warnings(_ check: KioskConfigCheck) -> [ConfigIssue] {
        guard check.configuration.scene.accessibility.mountHeight != nil else {
            return [
                ConfigIssue(
                    .field("accessibility.mountHeight"),
                    "not given, so nothing says which controls a seated visitor reaches: add {\"top\": …, \"bottom\": …}, the heights of the screen's edges above the floor in millimetres"
                )
            ]
        }
        do {
            return try self.findings(check.configuration, baseDirectory: check.baseDirectory).map {
                ConfigIssue(.field("screens.\($0.screen)"), $0.description)
            }
        } catch {
            return [ConfigIssue(.field("accessibility.mountHeight"), "the screens cannot be laid out to check what is within reach: \(error)")]
        }
    }

    /// Every element out of reach, screen by screen in the config's order (nothing without a
    /// mounting height).
    public static func findings(_ configuration: KioskConfiguration, baseDirectory: String?) throws(VitrineError) -> [Finding] {
        let accessibility = configuration.scene.accessibility
        guard accessibility.mountHeight != nil else { return [] }
        let scene = KioskScene(configuration: configuration, baseDirectory: baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: self.screenSize(of: configuration), scale: 1)
        guard let controller = scene.controller else { return [] }
        let window = run.window
        let height = window.size.height
        let reach = controller.reachDistance
        var findings: [Finding] = []
        func measure(_ screen: String, inSheet: Bool) {
            run.settle()
            window.root.layoutIfNeeded()
            let bounds = Rect(size: window.size)
            for view in window.focusChain {
                let frame = view.windowFrame.intersection(bounds)
                guard frame.width > 0, frame.height > 0,
                    let millimetres = accessibility.heightAboveFloor(y: frame.midY, screenHeight: height),
                    !AccessibilityModel.reachRange.contains(millimetres)
                else { continue }
                let moved = inSheet || reach <= 0 ? nil : accessibility.heightAboveFloor(y: frame.midY + reach, screenHeight: height)
                findings.append(Finding(screen: screen, element: self.name(of: view), height: millimetres, heightInReachMode: moved))
            }
        }
        let sheetOnly = KioskRenderer.sheetOnlyScreens(configuration.scene)
        for screen in configuration.scene.screens {
            if !sheetOnly.contains(screen.id) {
                try controller.show(screen: screen.id)
                measure(screen.id, inSheet: false)
            }
            if let split = controller.topScreen?.splitSheet, let held = screen.splitSheet?.screen, !controller.isOnboardingShowing {
                split.show(true, animated: false)
                measure(held, inSheet: false)
                split.show(false, animated: false)
            }
            if sheetOnly.contains(screen.id), let (presenter, action) = controller.presenter(of: screen.id) {
                try controller.show(screen: presenter)
                controller.perform(action, from: "check-config")
                measure(screen.id, inSheet: true)
            }
        }
        var seen = Set<String>()
        return findings.filter { seen.insert($0.screen + "\u{0}" + $0.element).inserted }
    }

    /// `button "Hours"`, `list row "Adult" (screens.hours.content.sections[0].rows[0])`.
    static func name(of view: View) -> String {
        let text: String
        switch view {
        case let button as Button:
            text = button.title.isEmpty ? "button \(button.iconName.map { "(\($0))" } ?? "")" : "button \"\(button.title)\""
        case let row as ListRowView: text = "list row \"\(row.row.title)\""
        case let card as CardView: text = "card \"\(card.titleLabel.text)\""
        case is TextField: text = "text field"
        default: text = String(describing: type(of: view))
        }
        return view.identifier.map { "\(text) (\($0))" } ?? text
    }
}
