import Glibc
import VitrineCore
import VitrineDRM
import VitrineGraphics
import VitrineRuntime
import VitrineSystem
import VitrineUI

/// The sections of a kiosk config, field by field (Docs/config.md has the same list, with
/// defaults). `KioskConfiguration+JSON.swift` writes the same fields in the same order.
extension ConfigReader {
    /// Where sizes stop being plausible for text: 200 pt is a poster headline.
    static let largestTextSize = 200.0
    /// A sheet animation longer than this (seconds) would read as a hang, not a slide.
    static let longestAnimation = 10.0
    /// No panel refreshes faster than this (Hz); the headless output's virtual vsync likewise.
    static let fastestRefresh = 1000.0
    /// The longest length in points a config may give anything (a width, a sheet height, a
    /// spacing): four times the largest panel side DRM knows (16384 px), so no layout number
    /// reaches an integer conversion out of range.
    static let largestLength = 65536.0

    mutating func readDisplay(_ object: ConfigObject, into display: inout DisplayConfiguration) {
        self.read(object, "output", into: &display.kind, noun: "an output")
        var device = display.drm.devicePath
        let errorsBefore = self.errors.count
        self.read(object, "device", into: &device)
        if self.errors.count == errorsBefore {
            if let path = device, !path.hasPrefix("/") {
                self.error(object.path(of: "device"), "\(Self.quoted(path)) is not a device path (use one like /dev/dri/card1, or null to discover)")
            } else if let path = device, path.hasPrefix("/dev/fb") {
                self.error(
                    object.path(of: "device"), "\(Self.quoted(path)) is a framebuffer device: set display.fbdevDevice (and \"output\": \"fbdev\") instead")
            } else {
                display.drm.devicePath = device
            }
        }
        self.read(object, "fbdevDevice", into: &display.fbdevPath, allowEmpty: false)
        self.read(object, "connector", into: &display.drm.connectorName)
        if let value = object.take("mode") {
            if case .null = value {
                display.drm.mode = nil
            } else if let mode = self.mode(value, at: object.path(of: "mode"), refreshAllowed: true) {
                display.drm.mode = mode
                self.screenSize = PixelSize(width: mode.width, height: mode.height)
            }
        }
        if let value = object.take("rotation") {
            let path = object.path(of: "rotation")
            if case .number(let degrees) = value {
                if let rotation = Rotation.allCases.first(where: { Double($0.degrees) == degrees }) {
                    display.rotation = rotation
                } else {
                    self.error(path, "expected 0, 90, 180 or 270, found \(value.serialized())")
                }
            } else {
                self.error(path, "expected a number (0, 90, 180 or 270), found \(value.kindName)")
            }
        }
        self.read(object, "buffers", into: &display.drm.bufferCount, .wholeNumber(from: 1, to: 3))
        if let value = object.take("headlessSize"), let size = self.mode(value, at: object.path(of: "headlessSize"), refreshAllowed: false) {
            display.headlessSize = PixelSize(width: size.width, height: size.height)
            if display.drm.mode == nil { self.screenSize = display.headlessSize }
        }
        self.read(object, "headlessRefreshRate", into: &display.headlessRefreshRate, .above(0, atMost: Self.fastestRefresh))
        self.section(object, "power") { reader, object in
            var power = PowerSettings()
            reader.readPower(object, into: &power)
            display.power = power
        }
    }

    /// The longest idle delay (seconds) a config may give: a week, past which "never" (null)
    /// is what is meant.
    static let longestIdleDelay = 7 * 86_400.0

    /// `display.power`: the weekly schedule, the idle delays, the dim level and the backlight.
    mutating func readPower(_ object: ConfigObject, into power: inout PowerSettings) {
        var periods: [PowerPeriod] = []
        let read = self.array(object, "schedule") { reader, item, path, _ in
            reader.object(item, at: path) { reader, entry in
                if let period = reader.readPowerPeriod(entry) { periods.append(period) }
            }
        }
        if read != nil { power.schedule = PowerSchedule(periods: periods) }
        let delay = NumberBounds.above(0, atMost: Self.longestIdleDelay)
        self.read(object, "blankAfter", into: &power.blankAfter, delay)
        self.read(object, "dimAfter", into: &power.dimAfter, delay)
        self.read(object, "dimLevel", into: &power.dimLevel, .from(0, to: 1))
        if let blank = power.blankAfter, let dim = power.dimAfter, dim >= blank {
            let seconds = { (value: Double) in JSONValue.number(value).serialized() }
            self.error(
                object.path(of: "dimAfter"),
                "must be less than blankAfter (\(seconds(dim)) s is not less than \(seconds(blank)) s): the panel dims first, then blanks")
        }
        if let value = object.take("backlight") {
            let path = object.path(of: "backlight")
            switch value {
            case .null: power.backlight = .none
            case .string("auto"): power.backlight = .auto
            case .string(let name) where name.isEmpty || name.contains("/") || name == "." || name == "..":
                self.error(path, "\(Self.quoted(name)) is not a device name (use \"auto\", a name from \(BacklightPower.classDirectory), or null)")
            case .string(let name):
                power.backlight = .device(name)
                if access(BacklightPower.classDirectory + "/" + name, F_OK) != 0 {
                    let present = Directory.entryNames(BacklightPower.classDirectory).sorted()
                    self.warning(
                        path,
                        "no backlight \(Self.quoted(name)) in \(BacklightPower.classDirectory) (present: \(present.isEmpty ? "none" : present.joined(separator: ", ")))\(Misspelling.hint(for: name, among: present)); without it the panel does not dim and blanking uses the display's power switch"
                    )
                }
            default:
                self.error(path, "expected \"auto\", a device name or null, found \(value.kindName)")
            }
        }
        if power.dimAfter != nil, power.backlight == .none {
            self.warning(object.path(of: "dimAfter"), "dimming needs a backlight, and backlight is null: the panel will not dim")
        }
    }

    /// One schedule entry: `{"days": ["mon", …], "on": "07:30", "off": "22:00"}`.
    private mutating func readPowerPeriod(_ entry: ConfigObject) -> PowerPeriod? {
        var days: [Weekday] = []
        var valid = true
        if let value = entry.take("days") {
            let path = entry.path(of: "days")
            if case .array(let items) = value, !items.isEmpty {
                for (index, item) in items.enumerated() {
                    guard let name = self.string(item, at: path + "[\(index)]") else {
                        valid = false
                        continue
                    }
                    if let day = Weekday(name: name) {
                        if !days.contains(day) { days.append(day) }
                    } else {
                        valid = false
                        self.error(
                            path + "[\(index)]",
                            "\(Self.quoted(name)) is not a day (use mon, tue, wed, thu, fri, sat or sun)" + Misspelling.hint(for: name, among: Weekday.names))
                    }
                }
            } else {
                valid = false
                self.error(path, "expected a non-empty array of days such as [\"mon\", \"tue\"], found \(value.kindName)")
            }
        } else {
            valid = false
            self.error(entry.path(of: "days"), "missing: a schedule entry needs its days, e.g. [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]")
        }
        let on = self.readTimeOfDay(entry, "on")
        let off = self.readTimeOfDay(entry, "off")
        guard valid, let on, let off else { return nil }
        guard on != off else {
            self.error(entry.path(of: "off"), "is the same time as on (\(on)): for a panel always on, leave the schedule out")
            return nil
        }
        return PowerPeriod(days: days, on: on, off: off)
    }

    private mutating func readTimeOfDay(_ entry: ConfigObject, _ key: String) -> TimeOfDay? {
        let path = entry.path(of: key)
        guard let value = entry.take(key) else {
            self.error(path, "missing: a schedule entry needs \(key == "on" ? "an on" : "an off") time (HH:MM)")
            return nil
        }
        guard let text = self.string(value, at: path, expected: "a time string (HH:MM)") else { return nil }
        guard let time = TimeOfDay(parsing: text) else {
            self.error(path, "\(Self.quoted(text)) is not a time (use HH:MM on the 24-hour clock, e.g. 07:30)")
            return nil
        }
        return time
    }

    /// `1280x800@60` (or `1280x800` when `refreshAllowed` is false, for sizes).
    private mutating func mode(_ value: JSONValue, at path: String, refreshAllowed: Bool) -> ModeRequest? {
        let form = refreshAllowed ? "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1280x800@60" : "WIDTHxHEIGHT, e.g. 1280x800"
        guard let text = self.string(value, at: path, expected: "a string (\(form))") else { return nil }
        // A mode may be as large as DRM's (16384); a headless size as large as the command line's.
        let largest = refreshAllowed ? 16384 : DisplayConfiguration.largestHeadlessSide
        guard let mode = ModeRequest(parsing: text), refreshAllowed || mode.refreshRate == nil, mode.width <= largest, mode.height <= largest else {
            self.error(path, "\(Self.quoted(text)) is not \(refreshAllowed ? "a mode" : "a size") (use \(form))")
            return nil
        }
        return mode
    }

    mutating func readInput(_ object: ConfigObject, into input: inout InputSettings) {
        self.read(object, "seat", into: &input.seat, allowEmpty: false)
        self.read(object, "calibrationDirectory", into: &input.calibrationDirectory, allowEmpty: false)
    }

    mutating func readOnboarding(_ object: ConfigObject, into onboarding: inout KioskConfigurationV1.OnboardingSettings) {
        // Pages without a progress share the bar evenly: page i of n shows (i + 1) / n.
        let pageCount = object.members.last { $0.key == "pages" }?.value.arrayValue?.count ?? 0
        var pages: [PageSettings] = []
        let read = self.array(object, "pages") { reader, item, path, index in
            var page = PageSettings(
                title: "", body: "", backgroundColor: PageSettings.defaultBackgroundColor, progress: Double(index + 1) / Double(pageCount))
            reader.object(item, at: path) { reader, object in reader.readPage(object, into: &page) }
            pages.append(page)
        }
        if read != nil { onboarding.pages = pages }
        if let value = object.take("completed") {
            if case .null = value {
                onboarding.completed = nil
            } else {
                var page = PageSettings(title: "", body: "", backgroundColor: PageSettings.defaultBackgroundColor, progress: 1)
                self.object(value, at: object.path(of: "completed")) { reader, object in reader.readPage(object, into: &page) }
                onboarding.completed = page
            }
        }
        self.read(object, "startButtonTitle", into: &onboarding.startButtonTitle, allowEmpty: false)
    }

    private mutating func readPage(_ object: ConfigObject, into page: inout PageSettings) {
        self.read(object, "title", into: &page.title)
        self.read(object, "body", into: &page.body)
        self.readImage(object, "image", into: &page.image)
        self.read(object, "backgroundColor", into: &page.backgroundColor)
        self.read(object, "progress", into: &page.progress, .from(0, to: 1))
    }

    mutating func readMain(_ object: ConfigObject, into main: inout KioskConfigurationV1.MainSettings) {
        self.read(object, "title", into: &main.title)
        self.readImage(object, "image", into: &main.image)
        self.read(object, "backgroundColor", into: &main.backgroundColor)
        var buttons: [ButtonSettings] = []
        let read = self.array(object, "buttons") { reader, item, path, _ in
            var title = ""
            var action: ButtonAction?
            reader.object(item, at: path) { reader, object in
                if let value = object.take("title") {
                    if let text = reader.string(value, at: object.path(of: "title")) {
                        if text.isEmpty { reader.error(object.path(of: "title"), "must not be empty: a button needs a title") }
                        title = text
                    }
                } else {
                    reader.error(object.path(of: "title"), "missing: a button needs a title")
                }
                if let value = object.take("action") {
                    action = reader.choice(value, at: object.path(of: "action"), noun: "an action")
                } else {
                    let actions = ButtonAction.allCases.map(\.rawValue).joined(separator: ", ")
                    reader.error(object.path(of: "action"), "missing: a button needs an action (\(actions))")
                }
            }
            if let action, !title.isEmpty { buttons.append(ButtonSettings(title: title, action: action)) }
        }
        if read != nil { main.buttons = buttons }
    }

    mutating func readSplitSheet(_ object: ConfigObject, into sheet: inout KioskConfigurationV1.SplitSheetSettings) {
        self.readSheetContent(object, into: &sheet.content)
        self.read(object, "displaceContent", into: &sheet.displaceContent)
        self.read(object, "showHandle", into: &sheet.showHandle)
        self.read(object, "minimumSheetHeight", into: &sheet.minimumSheetHeight, .from(0, to: Self.largestLength))
        self.read(object, "snappingDistance", into: &sheet.snappingDistance, .from(0, to: Self.largestLength))
        self.read(object, "animationDuration", into: &sheet.animationDuration, .above(0, atMost: Self.longestAnimation))
        self.read(object, "swipeUpToShowAllowed", into: &sheet.swipeUpToShowAllowed)
    }

    mutating func readContentSheet(_ object: ConfigObject, into sheet: inout KioskConfigurationV1.ContentSheetSettings) {
        self.readSheetContent(object, into: &sheet.content)
        self.read(object, "collapsedHeight", into: &sheet.collapsedHeight, .above(0, atMost: Self.largestLength))
        self.read(object, "expandedHeight", into: &sheet.expandedHeight, .above(0, atMost: Self.largestLength))
        self.read(object, "showDefaultHeader", into: &sheet.showDefaultHeader)
        self.read(object, "blurBackground", into: &sheet.blurBackground)
        self.read(object, "blurStyle", into: &sheet.blurStyle, noun: "a blur style")
        self.read(object, "dismissOnTouchOutside", into: &sheet.dismissOnTouchOutside)
        self.read(object, "enablePanGesture", into: &sheet.enablePanGesture)
    }

    /// A sheet's content sits beside its options in the same object.
    private mutating func readSheetContent(_ object: ConfigObject, into content: inout SheetContentSettings) {
        self.read(object, "title", into: &content.title)
        self.read(object, "text", into: &content.text)
        self.readImage(object, "image", into: &content.image)
        self.read(object, "items", into: &content.items)
    }
}
