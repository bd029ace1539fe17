import CVitrineShims
import Dispatch
import Glibc
import Synchronization
import VitrineCore
import VitrineSystem

/// The speech thread: takes utterances from a queue, synthesises each with eSpeak NG and plays
/// it through ALSA, and reports what happened through an eventfd the loop watches (`Speaker`).
///
/// The loop thread only ever takes a lock for a few instructions (to queue, drop the queue, set
/// the volume or take the events): synthesis, the device's open and every write happen here,
/// and a write blocks here, never there. An interrupt moves `generation` on: the synthesis
/// stops at its next chunk (the synth callback's abort), a write at its next period, and the
/// device drops what it holds.
///
/// The queue is guarded by a lock (`Locked`, whose contended acquisitions TSan sees too); the
/// thread sleeps on a semaphore that every change signals (a condition variable that keeps its
/// signals: a change made between the thread's look at the queue and its sleep still wakes it).
/// Modelled on fbdev's `VsyncWaiter`.
final class SpeechWorker: @unchecked Sendable {
    struct Request: Sendable {
        var utterance: Utterance
        var generation: UInt64
    }

    private struct Shared {
        var queue: [Request] = []
        var generation: UInt64 = 0
        var volume: Double
        var rate: Int
        var stopping = false
        var events: [SpeakerEvent] = []
    }

    /// The device's name, as the settings gave it.
    let device: String
    /// Written once per batch of events; the loop watches it.
    let eventDescriptor: OwnedDescriptor
    private let shared: Locked<Shared>
    /// `Shared.generation`, for the synth callback to read without the lock.
    private let generation = Atomic<UInt64>(0)
    private let wake = DispatchSemaphore(value: 0)
    private var thread = pthread_t()
    private let joined = Atomic<Bool>(false)

    // The speech thread's own.
    private var playback: AlsaPlayback?
    private var scratch: [Int16] = []

    init(settings: SpeakerSettings) throws(SystemError) {
        self.device = settings.device
        self.shared = Locked(Shared(volume: settings.volume, rate: settings.rate))
        self.eventDescriptor = OwnedDescriptor(adopting: try Syscall.retrying("eventfd") { eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK)) })
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &self.thread, nil,
            { raw in
                let worker = Unmanaged<SpeechWorker>.fromOpaque(raw!).takeRetainedValue()
                worker.run()
                return nil
            }, context)
        if status != 0 {
            Unmanaged<SpeechWorker>.fromOpaque(context).release()
            throw SystemError("pthread_create", errno: status)
        }
    }

    // MARK: the loop thread's side

    /// Queues `utterance`; `interrupting` first drops the queue and stops what is being said.
    func enqueue(_ utterance: Utterance, interrupting: Bool) {
        self.shared.withLock { shared in
            if interrupting { self.interrupt(&shared) }
            shared.queue.append(Request(utterance: utterance, generation: shared.generation))
        }
        self.wake.signal()
    }

    /// Drops the queue and stops what is being said.
    func stopSpeaking() {
        self.shared.withLock { self.interrupt(&$0) }
        self.wake.signal()
    }

    func setVolume(_ volume: Double) { self.shared.withLock { $0.volume = volume } }
    func setRate(_ rate: Int) { self.shared.withLock { $0.rate = rate } }

    /// The events reported since the last call, oldest first.
    func takeEvents() -> [SpeakerEvent] {
        var count: UInt64 = 0
        _ = Glibc.read(self.eventDescriptor.rawValue, &count, 8)
        return self.shared.withLock { shared in
            let events = shared.events
            shared.events.removeAll()
            return events
        }
    }

    /// Ends the thread (what is playing stops) and waits for it.
    func stop() {
        guard !self.joined.exchange(true, ordering: .acquiringAndReleasing) else { return }
        self.shared.withLock { shared in
            self.interrupt(&shared)
            shared.stopping = true
        }
        self.wake.signal()
        pthread_join(self.thread, nil)
    }

    private func interrupt(_ shared: inout Shared) {
        shared.queue.removeAll()
        shared.generation &+= 1
        self.generation.store(shared.generation, ordering: .releasing)
    }

    // MARK: the speech thread

    private func run() {
        // eSpeak NG's data and the device, loaded and opened now rather than at the first key press.
        do {
            _ = try self.openPlayback()
        } catch {
            self.post(.failed(error))
        }
        while let request = self.next() {
            self.say(request)
        }
        self.playback = nil
    }

    /// The next request, sleeping until there is one; nil once stopping.
    private func next() -> Request? {
        while true {
            let (request, stopping) = self.shared.withLock { shared -> (Request?, Bool) in
                if shared.stopping { return (nil, true) }
                return (shared.queue.isEmpty ? nil : shared.queue.removeFirst(), false)
            }
            if stopping { return nil }
            if let request { return request }
            self.wake.wait()
        }
    }

    private func isInterrupted(_ request: Request) -> Bool { self.generation.load(ordering: .acquiring) != request.generation }

    private func openPlayback() throws(VitrineError) -> AlsaPlayback {
        if let playback = self.playback { return playback }
        let playback = try AlsaPlayback(device: self.device, sampleRate: try EspeakSynthesizer.shared.sampleRate())
        self.playback = playback
        return playback
    }

    private func say(_ request: Request) {
        if self.isInterrupted(request) { return }
        let playback: AlsaPlayback
        do {
            playback = try self.openPlayback()
        } catch {
            self.post(.failed(error))
            return
        }
        let rate = self.shared.withLock { $0.rate }
        var sampleCount = 0
        var peak = 0
        var started = false
        var failure: VitrineError?
        let voice: SpeechVoice
        do throws(VitrineError) {
            let result = try EspeakSynthesizer.shared.synthesize(request.utterance.text, language: request.utterance.language, rate: rate) { chunk in
                if self.isInterrupted(request) { return false }
                let amplitude = SampleGain.amplitude(forVolume: self.shared.withLock { $0.volume })
                if self.scratch.count < chunk.count { self.scratch = [Int16](repeating: 0, count: chunk.count) }
                return self.scratch.withUnsafeMutableBufferPointer { scratch in
                    let scaled = UnsafeMutableBufferPointer(rebasing: scratch[0..<chunk.count])
                    SampleGain.apply(amplitude, from: chunk, into: scaled)
                    do throws(VitrineError) {
                        let completed = try playback.write(UnsafeBufferPointer(scaled)) { self.isInterrupted(request) }
                        if !started {
                            started = true
                            self.post(.started(request.utterance, firstSampleAt: MonotonicTime.now()))
                        }
                        sampleCount += chunk.count
                        peak = max(peak, SampleGain.peak(of: UnsafeBufferPointer(scaled)))
                        return completed
                    } catch {
                        failure = error
                        return false
                    }
                }
            }
            voice = result.voice
        } catch {
            failure = error
            voice = SpeechVoice(name: "?", identifier: "?", language: request.utterance.language)
        }
        if let failure {
            // Opened again for the next utterance: an unplugged USB card may be back by then.
            self.playback = nil
            self.post(.failed(failure))
            return
        }
        let audio = { (interrupted: Bool) in
            UtteranceAudio(sampleCount: sampleCount, peak: peak, sampleRate: playback.sampleRate, voice: voice, wasInterrupted: interrupted)
        }
        self.post(.finished(request.utterance, audio(!self.playOut(playback, request))))
    }

    /// Waits while the device plays what it holds of `request`; returns false when it was
    /// interrupted (the device then dropped the rest). An utterance queued behind it ends the
    /// wait at once: its samples follow without a gap.
    private func playOut(_ playback: AlsaPlayback, _ request: Request) -> Bool {
        var previous: Nanoseconds?
        while true {
            if self.isInterrupted(request) {
                playback.stop()
                return false
            }
            if self.shared.withLock({ !$0.queue.isEmpty }) { return true }
            let queued = playback.queuedDuration
            // Nothing left, or a device whose queue does not move: let ALSA finish it.
            if queued < .milliseconds(2) || (previous.map { queued >= $0 } ?? false) {
                playback.drain()
                return true
            }
            previous = queued
            _ = self.wake.wait(timeout: .now() + .nanoseconds(Int(queued.value)))
        }
    }

    private func post(_ event: SpeakerEvent) {
        self.shared.withLock { $0.events.append(event) }
        var one: UInt64 = 1
        _ = Glibc.write(self.eventDescriptor.rawValue, &one, 8)
    }
}
