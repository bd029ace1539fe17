import VitrineCore
import VitrineSystem

/// The kiosk's voice: eSpeak NG through ALSA on a thread of its own, as a `SpeechOutput`.
///
/// Everything here runs on the loop thread and returns at once: `speak` queues (or, when
/// interrupting, replaces the queue and cuts what is being said), `stopSpeaking` drops it all,
/// `volume` and `rate` apply from the next chunk and the next utterance. The speech thread
/// (`SpeechWorker`) synthesises and plays, and its reports come back through an eventfd the
/// loop watches, as `SpeakerEvent`s to `onEvent`, on the loop thread: when an utterance's first
/// sample went to ALSA, when it ended and how much it played, and failures — each cause
/// logged once (a kiosk whose headphone device is gone does not log at every focus move),
/// again after speech has worked in between.
///
/// `stop()` (or releasing the speaker) ends the thread and waits for it, and releases `onEvent`.
public final class Speaker: SpeechOutput {
    /// Called on the loop thread with what the speech thread reports.
    public var onEvent: ((SpeakerEvent) -> Void)?
    /// The device it plays on.
    public var device: String { self.worker.device }
    /// The last utterance asked for (what the repeat key says again), nil before the first.
    public private(set) var lastUtterance: Utterance?
    /// The samples played by every utterance that ended (the tests' counter).
    public private(set) var samplesPlayed = 0

    private let worker: SpeechWorker
    private weak var loop: EventLoop?
    private var watch: WatchID?
    private let logger: Logger
    private var reportedFailures: Set<String> = []

    /// Starts the speech thread, which opens `settings.device` (a failure is reported through
    /// `onEvent` and the log, and the device is tried again at the next utterance).
    /// - Throws: when the thread or its eventfd cannot be made, or the loop cannot watch it.
    public init(loop: EventLoop, settings: SpeakerSettings = SpeakerSettings(), logger: Logger = Logger("speech")) throws(VitrineError) {
        self.loop = loop
        self.logger = logger
        self._volume = settings.volume
        self._rate = settings.rate
        do {
            self.worker = try SpeechWorker(settings: settings)
        } catch {
            throw VitrineError(.ioFailure, "cannot start the speech thread", cause: error)
        }
        do {
            self.watch = try loop.watch(fileDescriptor: self.worker.eventDescriptor.rawValue) { [weak self] in self?.deliver() }
        } catch {
            self.worker.stop()
            throw VitrineError(.ioFailure, "cannot watch the speech thread's eventfd", cause: error)
        }
    }

    deinit { self.stop() }

    public func speak(_ utterance: Utterance, interrupting: Bool) {
        self.lastUtterance = utterance
        self.worker.enqueue(utterance, interrupting: interrupting)
    }

    public func stopSpeaking() {
        self.worker.stopSpeaking()
    }

    private var _volume: Double
    /// 0 (silent) … 1 (full): a gain on the samples, cubed (`SampleGain`); applies from the
    /// next chunk (within 49 ms).
    public var volume: Double {
        get { self._volume }
        set {
            self._volume = min(1, max(0, newValue.isNaN ? 1 : newValue))
            self.worker.setVolume(self._volume)
        }
    }

    private var _rate: Int
    /// Words per minute (80–450, `EspeakSynthesizer.rates`); applies from the next utterance.
    public var rate: Int {
        get { self._rate }
        set {
            self._rate = min(EspeakSynthesizer.rates.upperBound, max(EspeakSynthesizer.rates.lowerBound, newValue))
            self.worker.setRate(self._rate)
        }
    }

    /// Stops speaking, ends the speech thread and waits for it (at most one ALSA period, 25 ms,
    /// while a write is blocked). Nothing is reported after it, so `onEvent` is released: a
    /// closure that holds the speaker (to speak the next utterance) does not keep it alive.
    public func stop() {
        self.onEvent = nil
        self.worker.stop()
        if let watch = self.watch {
            self.loop?.unwatch(watch)
            self.watch = nil
        }
    }

    private func deliver() {
        for event in self.worker.takeEvents() {
            switch event {
            case .started:
                self.reportedFailures.removeAll()
            case .finished(_, let audio):
                self.samplesPlayed += audio.sampleCount
            case .failed(let error):
                guard self.reportedFailures.insert(error.description).inserted else { continue }
                self.logger.error(error.description)
            }
            self.onEvent?(event)
        }
    }
}
