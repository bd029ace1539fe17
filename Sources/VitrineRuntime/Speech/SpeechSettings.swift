/// How the kiosk speaks (the config's `accessibility`): whether at all, on which ALSA device, at
/// what rate. Docs/accessibility.md.
public struct SpeechSettings: Sendable, Equatable {
    /// False: no speech output and no headset jack followed.
    public var enabled = true
    /// The ALSA device (`aplay -L`): "default" is the first card's output.
    public var device = "default"
    /// Words per minute.
    public var rate = 165

    public init(enabled: Bool = true, device: String = "default", rate: Int = 165) {
        self.enabled = enabled
        self.device = device
        self.rate = rate
    }
}
