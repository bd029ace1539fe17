/// An utterance synthesised whole into memory (`EspeakSynthesizer.samples(of:…)`): for tests,
/// `vitrine say --wav` and anything else that wants the samples rather than the sound.
public struct SynthesizedSpeech: Sendable {
    /// 16-bit signed mono samples.
    public var samples: [Int16]
    public var sampleRate: Int
    public var voice: SpeechVoice
    /// Whether the chunk callback stopped it before its end.
    public var wasInterrupted: Bool

    public init(samples: [Int16], sampleRate: Int, voice: SpeechVoice, wasInterrupted: Bool = false) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.voice = voice
        self.wasInterrupted = wasInterrupted
    }

    /// How long it plays, in seconds.
    public var duration: Double { Double(self.samples.count) / Double(self.sampleRate) }

    /// The largest sample magnitude (0…32,768): 0 is silence.
    public var peak: Int { self.samples.withUnsafeBufferPointer { SampleGain.peak(of: $0) } }
}
