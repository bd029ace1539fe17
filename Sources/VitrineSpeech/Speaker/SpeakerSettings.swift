/// Where and how the `Speaker` speaks.
public struct SpeakerSettings: Sendable, Equatable {
    /// ALSA's default device: the one `aplay` plays on without `-D`.
    public static let defaultDevice = "default"

    /// The ALSA PCM device, as `aplay -L` lists it: `default`, `plughw:CARD=Headphones` (a
    /// Raspberry Pi's 3.5 mm jack), `null` (nothing is heard: tests, the bench).
    public var device: String
    /// Words per minute, 80–450 (`EspeakSynthesizer.rates`).
    public var rate: Int
    /// 0 (silent) … 1 (full), as `SpeechOutput.volume`.
    public var volume: Double

    public init(device: String = SpeakerSettings.defaultDevice, rate: Int = EspeakSynthesizer.defaultRate, volume: Double = 1) {
        self.device = device
        self.rate = rate
        self.volume = volume
    }
}
