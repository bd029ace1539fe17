import VitrineCore
import VitrineRuntime
import VitrineScene
import VitrineUI

/// A kiosk as `vitrine run` runs it: its screen, its touch input, its look, and its scene —
/// screens, views, actions, onboarding (Docs/config.md). A version 2 file reads into it
/// directly; a version 1 file is converted (`KioskConfigurationV1.converted`).
public struct KioskConfiguration: Sendable, Equatable {
    /// The newest `version` this Vitrine reads.
    public static let currentVersion = 2

    /// The version the file was written for (1 for a converted file).
    public var version = KioskConfiguration.currentVersion
    public var display = DisplayConfiguration()
    public var input = InputSettings()
    public var theme = Theme()
    /// Pixels per point (`theme.scale` in the file).
    public var scale = 1.0
    public var scene: SceneModel
    /// The JSON files bound views read (`data`), by source name.
    public var data: [DataSourceFile] = []
    /// The on-screen keyboard's xkb layout for each language (`keyboard.layouts`): `{"de": "de"}`.
    /// A language without one gets the layout named as the language when xkb has it, else `us`.
    public var keyboardLayouts: [String: String] = [:]

    public init(scene: SceneModel = SceneModel(screens: [])) {
        self.scene = scene
    }

    /// The display, input and scale the runtime opens.
    public var settings: RuntimeSettings {
        var input = self.input
        input.keymap = KioskKeyboards.hardwareKeymap(self)
        var settings = RuntimeSettings(display: self.display, input: input, scale: self.scale)
        let accessibility = self.scene.accessibility
        settings.speech = SpeechSettings(enabled: accessibility.speech, device: accessibility.speechDevice, rate: Int(accessibility.speechRate.rounded()))
        return settings
    }
}
