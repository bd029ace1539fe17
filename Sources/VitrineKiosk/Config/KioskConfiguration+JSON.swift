import VitrineCore
import VitrineDRM
import VitrineGraphics
import VitrineUI

extension KioskConfiguration {
    /// The configuration as a kiosk config document: every field, defaults included, in the
    /// order Docs/config.md lists them (`null` where a setting is off or automatic).
    ///
    /// `KioskConfigLoader` reads it back to an equal configuration; `vitrine check-config --print`
    /// writes it (with `serialized(exactNumbers: true)`, so numbers survive the trip).
    public var json: JSONValue {
        .object([
            ("version", .number(Double(self.version))),
            ("display", self.display.json),
            ("input", .object([("seat", .string(self.input.seat)), ("calibrationDirectory", .string(self.input.calibrationDirectory))])),
            ("theme", self.themeJSON),
            ("onboarding", self.onboarding.json),
            ("main", self.main.json),
            ("splitSheet", self.splitSheet.json),
            ("contentSheet", self.contentSheet.json),
        ])
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
            ("scale", .number(self.scale)),
        ])
    }
}

extension DisplayConfiguration {
    var json: JSONValue {
        .object([
            ("output", .string(self.kind.rawValue)),
            ("device", .optional(self.drm.devicePath)),
            ("fbdevDevice", .string(self.fbdevPath)),
            ("connector", .optional(self.drm.connectorName)),
            ("mode", self.drm.mode.map { .string($0.configText) } ?? .null),
            ("rotation", .number(Double(self.rotation.degrees))),
            ("buffers", .number(Double(self.drm.bufferCount))),
            ("headlessSize", .string("\(self.headlessSize.width)x\(self.headlessSize.height)")),
            ("headlessRefreshRate", .number(self.headlessRefreshRate)),
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

extension KioskConfiguration.OnboardingSettings {
    var json: JSONValue {
        .object([
            ("pages", .array(self.pages.map(\.json))),
            ("completed", self.completed?.json ?? .null),
            ("startButtonTitle", .string(self.startButtonTitle)),
        ])
    }
}

extension PageSettings {
    var json: JSONValue {
        .object([
            ("title", .string(self.title)),
            ("body", .string(self.body)),
            ("image", .optional(self.image)),
            ("backgroundColor", self.backgroundColor.json),
            ("progress", .number(self.progress)),
        ])
    }
}

extension KioskConfiguration.MainSettings {
    var json: JSONValue {
        .object([
            ("title", .string(self.title)),
            ("image", .optional(self.image)),
            ("backgroundColor", self.backgroundColor.json),
            ("buttons", .array(self.buttons.map { .object([("title", .string($0.title)), ("action", .string($0.action.rawValue))]) })),
        ])
    }
}

extension KioskConfiguration.SplitSheetSettings {
    var json: JSONValue {
        .object(
            self.content.members + [
                ("displaceContent", .bool(self.displaceContent)),
                ("showHandle", .bool(self.showHandle)),
                ("minimumSheetHeight", .number(self.minimumSheetHeight)),
                ("snappingDistance", .number(self.snappingDistance)),
                ("animationDuration", .number(self.animationDuration)),
                ("swipeUpToShowAllowed", .bool(self.swipeUpToShowAllowed)),
            ])
    }
}

extension KioskConfiguration.ContentSheetSettings {
    var json: JSONValue {
        .object(
            self.content.members + [
                ("collapsedHeight", self.collapsedHeight.map(JSONValue.number) ?? .null),
                ("expandedHeight", self.expandedHeight.map(JSONValue.number) ?? .null),
                ("showDefaultHeader", .bool(self.showDefaultHeader)),
                ("blurBackground", .bool(self.blurBackground)),
                ("blurStyle", .string(self.blurStyle.rawValue)),
                ("dismissOnTouchOutside", .bool(self.dismissOnTouchOutside)),
                ("enablePanGesture", .bool(self.enablePanGesture)),
            ])
    }
}

extension SheetContentSettings {
    /// Title, text, image and items: a sheet object starts with these, its options follow.
    var members: [(key: String, value: JSONValue)] {
        [
            ("title", .string(self.title)),
            ("text", .string(self.text)),
            ("image", .optional(self.image)),
            ("items", .array(self.items.map(JSONValue.string))),
        ]
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
