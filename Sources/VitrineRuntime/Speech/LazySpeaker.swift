import VitrineCore
import VitrineSpeech

/// The kiosk's speech output, made when it first has something to say: most visitors never
/// start speech mode, so a kiosk does not start the speech thread, load eSpeak NG's voices or
/// open the sound card until one does. Until then `volume` is kept and applied at the start.
final class LazySpeaker: SpeechOutput {
    let settings: SpeechSettings
    private weak var loop: EventLoop?
    private let logger: Logger
    private(set) var speaker: Speaker?
    /// Why the speaker could not be made (logged once; speech then stays silent).
    private var failed = false
    /// What the speech thread reports (the bench's first-sample time), on the loop thread.
    var onEvent: ((SpeakerEvent) -> Void)? { didSet { self.speaker?.onEvent = self.onEvent } }

    init(settings: SpeechSettings, loop: EventLoop, logger: Logger) {
        self.settings = settings
        self.loop = loop
        self.logger = logger
    }

    private func made() -> Speaker? {
        if let speaker = self.speaker { return speaker }
        guard !self.failed, let loop = self.loop else { return nil }
        do {
            let speaker = try Speaker(
                loop: loop, settings: SpeakerSettings(device: self.settings.device, rate: self.settings.rate, volume: self._volume), logger: self.logger)
            speaker.onEvent = self.onEvent
            self.speaker = speaker
            self.logger.info("speech: eSpeak NG on ALSA device \(self.settings.device) at \(self.settings.rate) words a minute")
            return speaker
        } catch {
            self.failed = true
            self.logger.error("speech: \(error) — the kiosk stays silent until it restarts (vitrine say tests the device)")
            return nil
        }
    }

    func speak(_ utterance: Utterance, interrupting: Bool) {
        self.made()?.speak(utterance, interrupting: interrupting)
    }

    func stopSpeaking() { self.speaker?.stopSpeaking() }

    private var _volume = 1.0
    var volume: Double {
        get { self._volume }
        set {
            self._volume = newValue
            self.speaker?.volume = newValue
        }
    }

    /// Ends the speech thread (the runner finishing).
    func stop() {
        self.speaker?.stop()
        self.speaker = nil
    }
}
