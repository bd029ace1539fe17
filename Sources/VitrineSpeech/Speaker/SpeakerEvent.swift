import VitrineCore

/// What the speech thread reports to the loop (`Speaker.onEvent`), in the order it happened.
public enum SpeakerEvent: Sendable {
    /// The utterance's first samples were handed to ALSA at `firstSampleAt` (the monotonic
    /// clock, the loop's): a key press's time to it is what `vitrine bench` measures.
    case started(Utterance, firstSampleAt: MonotonicTime)
    /// The utterance ended: played to its end, or cut short (`UtteranceAudio.wasInterrupted`)
    /// by an interrupting utterance or `stopSpeaking()`. An utterance dropped from the queue
    /// before it started reports nothing.
    case finished(Utterance, UtteranceAudio)
    /// Speech failed: the device cannot be opened or stopped playing, or eSpeak NG cannot
    /// start. Reported (and logged) once per cause until an utterance plays again; the
    /// utterance is dropped and the next one tries again.
    case failed(VitrineError)
}

/// What one utterance played: for tests ("non-silent, of plausible length"), the transcript and
/// `vitrine say`.
public struct UtteranceAudio: Sendable, Equatable {
    /// The samples handed to ALSA.
    public var sampleCount: Int
    /// The largest magnitude among them, after the volume (0…32,768).
    public var peak: Int
    public var sampleRate: Int
    /// The voice that said it.
    public var voice: SpeechVoice
    public var wasInterrupted: Bool

    public init(sampleCount: Int, peak: Int, sampleRate: Int, voice: SpeechVoice, wasInterrupted: Bool) {
        self.sampleCount = sampleCount
        self.peak = peak
        self.sampleRate = sampleRate
        self.voice = voice
        self.wasInterrupted = wasInterrupted
    }

    /// How long the samples play, in seconds.
    public var duration: Double { self.sampleRate > 0 ? Double(self.sampleCount) / Double(self.sampleRate) : 0 }
}
