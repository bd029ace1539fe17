import Glibc
import Synchronization
import VitrineCore
import VitrineSpeech
import VitrineSystem

/// Speech as a kiosk's sound card runs it, for `speech-frame-cost-1080p`: a thread that
/// synthesises with eSpeak NG (`EspeakSynthesizer`, what the speech thread calls) chunk by chunk
/// and waits whenever more than 100 ms of audio is ahead of the clock — `AlsaPlayback`'s
/// buffer, which on a card blocks `snd_pcm_writei` until it drains. The machines this bench
/// runs on have no sound card, and ALSA's `null` device takes samples as fast as they come
/// (eSpeak NG then runs flat out, some 100 times faster than speech): this is the pace a
/// headset gives, without one. It speaks `text` over and over until `stop()`.
final class PacedSpeech: @unchecked Sendable {
    /// The audio a card's buffer holds ahead of playback: `AlsaPlayback`'s 100 ms latency.
    static let buffered = 0.1

    private let text: String
    private let language: String
    private let running = Atomic<Bool>(false)
    private var thread = pthread_t()
    private var started = false
    /// Samples synthesised (read after `stop()`).
    private(set) var samples = 0
    private(set) var failure: VitrineError?

    init(text: String, language: String) {
        self.text = text
        self.language = language
    }

    func start() throws(VitrineError) {
        self.running.store(true, ordering: .releasing)
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &self.thread, nil,
            { raw in
                let speech = Unmanaged<PacedSpeech>.fromOpaque(raw!).takeRetainedValue()
                speech.speak()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<PacedSpeech>.fromOpaque(context).release()
            throw VitrineError(.ioFailure, "cannot start the paced speech thread", cause: SystemError("pthread_create", errno: status))
        }
        self.started = true
    }

    /// Stops at the next chunk and waits for the thread.
    func stop() {
        self.running.store(false, ordering: .releasing)
        guard self.started else { return }
        self.started = false
        pthread_join(self.thread, nil)
    }

    private func speak() {
        do throws(VitrineError) {
            let rate = Double(try EspeakSynthesizer.shared.sampleRate())
            let start = MonotonicTime.now()
            var made = 0
            while self.running.load(ordering: .acquiring) {
                _ = try EspeakSynthesizer.shared.synthesize(self.text, language: self.language) { chunk in
                    made += chunk.count
                    // What a card has not played yet, past its buffer, is waited for.
                    let ahead = Double(made) / rate - (MonotonicTime.now() - start).seconds - Self.buffered
                    if ahead > 0 { Syscall.sleep(for: .seconds(ahead)) }
                    return self.running.load(ordering: .acquiring)
                }
            }
            self.samples = made
        } catch {
            self.failure = error
        }
    }
}
