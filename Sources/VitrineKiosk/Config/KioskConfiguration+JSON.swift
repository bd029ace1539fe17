import VitrineCore
import VitrineDRM
import VitrineGraphics
import VitrineRuntime
import VitrineScene
import VitrineUI

extension KioskConfiguration {
    /// The configuration as a version 2 kiosk config document: display, input and theme with
    /// every field (defaults included), then the scene. A version 1 file comes out converted.
    ///
    /// `KioskConfigLoader` reads it back to an equal configuration; `vitrine check-config --print`
    /// writes it (with `serialized(exactNumbers: true)`, so numbers survive the trip).
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("version", .number(Double(KioskConfiguration.currentVersion))),
            ("display", self.display.json),
            ("input", .object([("seat", .string(self.input.seat)), ("calibrationDirectory", .string(self.input.calibrationDirectory))])),
            ("theme", self.themeJSON)
        ]
        if !self.scene.languages.isEmpty {
            members.append(("languages", .array(self.scene.languages.map(JSONValue.string))))
            if let language = self.scene.defaultLanguage { members.append(("defaultLanguage", .string(language))) }
        }
        if !self.keyboardLayouts.isEmpty || !self.input.keymap.isEmpty || !self.input.scanners.isEmpty || !self.input.detectScanners {
            var keyboard: [(key: String, value: JSONValue)] = []
            if !self.keyboardLayouts.isEmpty {
                keyboard.append(("layouts", .object(self.keyboardLayouts.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            }
            if !self.input.keymap.isEmpty { keyboard.append(("hardware", .string(self.input.keymap))) }
            if !self.input.scanners.isEmpty { keyboard.append(("scanners", .array(self.input.scanners.map(JSONValue.string)))) }
            if !self.input.detectScanners { keyboard.append(("detectScanners", .bool(false))) }
            members.append(("keyboard", .object(keyboard)))
        }
        if !self.data.isEmpty {
            members.append(
                (
                    "data",
                    .object(
                        self.data.map { source in
                            (source.name, source.sample.map { .object([("file", .string(source.file)), ("sample", .string($0))]) } ?? .string(source.file))
                        })
                ))
        }
        if let state = self.scene.state { members.append(("state", state)) }
        if let onScan = self.scene.onScan { members.append(("onScan", onScan.json)) }
        if let idle = self.scene.idle { members.append(("idle", .object([("after", .number(idle.after)), ("action", idle.action.json)]))) }
        if self.scene.accessibility != AccessibilityModel() { members.append(("accessibility", self.scene.accessibility.json)) }
        members.append(("start", .string(self.scene.start)))
        if let onboarding = self.scene.onboarding { members.append(("onboarding", onboarding.json)) }
        members.append(("screens", .object(self.scene.screens.map { ($0.id, $0.json) })))
        return .object(members)
    }

    private var themeJSON: JSONValue {
        let theme = self.theme
        return .object([
            ("tint", theme.tint.json),
            ("background", theme.background.json),
            ("surface", theme.surface.json),
            ("label", theme.label.json),
            ("secondaryLabel", theme.secondaryLabel.json),
            ("separator", theme.separator.json),
            ("onTint", theme.onTint.json),
            ("handleColor", theme.handleColor.json),
            ("fontFamily", .string(theme.fontFamily)),
            ("bodySize", .number(theme.bodySize)),
            ("titleSize", .number(theme.titleSize)),
            ("headlineSize", .number(theme.headlineSize)),
            ("captionSize", .number(theme.captionSize)),
            ("cornerRadius", .number(theme.cornerRadius)),
            ("typeScale", .number(theme.typeScale)),
            ("scale", .number(self.scale))
        ])
    }
}

extension DisplayConfiguration {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("output", .string(self.kind.rawValue)),
            ("device", .optional(self.drm.devicePath)),
            ("fbdevDevice", .string(self.fbdevPath)),
            ("connector", .optional(self.drm.connectorName)),
            ("mode", self.drm.mode.map { .string($0.configText) } ?? .null),
            ("rotation", .number(Double(self.rotation.degrees))),
            ("buffers", .number(Double(self.drm.bufferCount))),
            ("headlessSize", .string("\(self.headlessSize.width)x\(self.headlessSize.height)")),
            ("headlessRefreshRate", .number(self.headlessRefreshRate))
        ]
        if let power = self.power { members.append(("power", power.json)) }
        return .object(members)
    }
}

extension PowerSettings {
    var json: JSONValue {
        let backlight: JSONValue
        switch self.backlight {
        case .auto: backlight = .string("auto")
        case .device(let name): backlight = .string(name)
        case .none: backlight = .null
        }
        return .object([
            (
                "schedule",
                .array(
                    self.schedule.periods.map { period in
                        .object([
                            ("days", .array(period.days.map { .string($0.name) })),
                            ("on", .string(period.on.description)), ("off", .string(period.off.description))
                        ])
                    })
            ),
            ("blankAfter", self.blankAfter.map(JSONValue.number) ?? .null),
            ("dimAfter", self.dimAfter.map(JSONValue.number) ?? .null),
            ("dimLevel", .number(self.dimLevel)),
            ("backlight", backlight)
        ])
    }
}

extension ModeRequest {
    /// `1280x800` or `1280x800@59.94`, the rate written so it reads back exactly (the
    /// `description` rounds it to two decimals).
    var configText: String {
        let size = "\(self.width)x\(self.height)"
        guard let rate = self.refreshRate else { return size }
        return size + "@" + JSONValue.number(rate).serialized(exactNumbers: true)
    }
}

extension Color {
    /// `"#RRGGBB"`, or `"#RRGGBBAA"` when not opaque.
    var json: JSONValue { .string(self.hexString) }
}

extension JSONValue {
    /// A string, or null for nil.
    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}

extension AccessibilityModel {
    /// The `accessibility` section as a config writes it (only what differs from the defaults).
    var json: JSONValue {
        let defaults = AccessibilityModel()
        var members: [(String, JSONValue)] = []
        if !self.keys.isEmpty { members.append(("keys", .object(self.keys.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.rawValue)) }))) }
        if let mount = self.mountHeight { members.append(("mountHeight", .object([("top", .number(mount.top)), ("bottom", .number(mount.bottom))]))) }
        if self.moreTimeWarning != defaults.moreTimeWarning { members.append(("moreTimeWarning", .number(self.moreTimeWarning))) }
        if self.speechRate != defaults.speechRate { members.append(("speechRate", .number(self.speechRate))) }
        if self.speechDevice != defaults.speechDevice { members.append(("speechDevice", .string(self.speechDevice))) }
        if !self.speech { members.append(("speech", .bool(false))) }
        return .object(members)
    }
}
