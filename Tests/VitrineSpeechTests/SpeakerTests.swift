import Glibc
import Testing
import VitrineCore
import VitrineSpeech
import VitrineSystem

/// The speech thread on ALSA's `null` device (it takes every sample at once and plays nothing:
/// the real ALSA path without a sound card), reporting to an `EpollEventLoop` on the test's thread.
@Suite("Speaker: the speech thread through ALSA")
struct SpeakerTests {
    /// What one run of a speaker reported, and on which thread.
    final class Reports {
        var events: [SpeakerEvent] = []
        var offLoopThread = 0
        let thread = pthread_self()

        func record(_ event: SpeakerEvent) {
            if pthread_equal(pthread_self(), self.thread) == 0 { self.offLoopThread += 1 }
            self.events.append(event)
        }

        var started: [(Utterance, MonotonicTime)] {
            self.events.compactMap { event -> (Utterance, MonotonicTime)? in
                guard case .started(let utterance, let time) = event else { return nil }
                return (utterance, time)
            }
        }
        var finished: [(Utterance, UtteranceAudio)] {
            self.events.compactMap { event -> (Utterance, UtteranceAudio)? in
                guard case .finished(let utterance, let audio) = event else { return nil }
                return (utterance, audio)
            }
        }
        var failures: [VitrineError] {
            self.events.compactMap { event -> VitrineError? in
                guard case .failed(let error) = event else { return nil }
                return error
            }
        }
    }

    /// A long text: about two minutes of speech, many chunks after the first.
    static let long = Utterance(
        Array(repeating: "Day pass, 7 euros 50. Family pass, 19 euros. Children under six travel free.", count: 24).joined(separator: " "),
        language: "en", kind: .screen)

    @Test("utterances are spoken through ALSA on the speech thread and reported on the loop thread: first sample, then the end")
    func speaksOnNull() throws {
        let loop = try EpollEventLoop()
        let log = MemoryLogSink()
        let speaker = try Speaker(loop: loop, settings: SpeakerSettings(device: "null"), logger: Logger("speech", sink: log))
        let reports = Reports()
        let phrases = [
            Utterance("Day pass, 7 euros 50", language: "en", kind: .focus),
            Utterance("Tageskarte, 7 Euro 50", language: "de", kind: .focus),
            Utterance("Day pass, 7 euros 50", language: "en", kind: .focus),
            Utterance("Tageskarte, 7 Euro 50", language: "de-CH", kind: .focus),
            Utterance("Back", language: "en", kind: .focus)
        ]
        var asked: [MonotonicTime] = []
        var next = 0
        func sayNext() {
            asked.append(MonotonicTime.now())
            speaker.speak(phrases[next], interrupting: false)
            next += 1
        }
        speaker.onEvent = { event in
            reports.record(event)
            guard case .finished = event else { return }
            if next < phrases.count { sayNext() } else { loop.stop() }
        }
        sayNext()
        try loop.run(for: .seconds(30))
        speaker.stop()

        #expect(reports.offLoopThread == 0)
        #expect(reports.failures.isEmpty)
        #expect(reports.started.map(\.0) == phrases)
        #expect(reports.finished.map(\.0) == phrases)
        let latencies = zip(reports.started, asked).map { ($0.1 - $1).milliseconds }
        print("speak → first sample handed to ALSA (null): \(latencies.map { String(fixed: $0, decimals: 2) + " ms" }.joined(separator: ", "))")
        // A loose bound that holds on a loaded machine; `vitrine bench` measures it for real.
        #expect(latencies.allSatisfy { $0 >= 0 && $0 < 2_000 })
        for (utterance, audio) in reports.finished {
            print("\(utterance): \(audio.sampleCount) samples (\(String(fixed: audio.duration, decimals: 2)) s), peak \(audio.peak), voice \(audio.voice)")
            #expect(!audio.wasInterrupted)
            #expect(audio.peak > SynthesisTests.loudEnough)
            #expect(audio.duration > 0.2 && audio.duration < 5)
        }
        #expect(reports.finished[1].1.voice.name == "German")
        #expect(reports.finished[3].1.voice.name == "German")
        #expect(speaker.samplesPlayed == reports.finished.map(\.1.sampleCount).reduce(0, +))
        #expect(log.entries.isEmpty)
    }

    @Test("interrupting cuts what is being said and drops the queue; the interrupting utterance plays whole")
    func interrupting() throws {
        let loop = try EpollEventLoop()
        let speaker = try Speaker(loop: loop, settings: SpeakerSettings(device: "null"), logger: Logger("speech", sink: MemoryLogSink()))
        let reports = Reports()
        // About ten minutes of speech: it is still being synthesised when the loop hears it started.
        let long = Utterance(Array(repeating: Self.long.text, count: 4).joined(separator: " "), language: "en", kind: .screen)
        let queued = Utterance("Family pass, 19 euros", language: "en", kind: .focus)
        let short = Utterance("Back", language: "en", kind: .focus)
        speaker.onEvent = { event in
            reports.record(event)
            switch event {
            case .started(let utterance, _) where utterance == long: speaker.speak(short, interrupting: true)
            case .finished(let utterance, _) where utterance == short: loop.stop()
            default: break
            }
        }
        speaker.speak(long, interrupting: false)
        speaker.speak(queued, interrupting: false)
        try loop.run(for: .seconds(30))
        speaker.stop()

        let cut = try #require(reports.finished.first)
        print("interrupting: the long text stopped after \(cut.1.sampleCount) samples (\(String(fixed: cut.1.duration, decimals: 1)) s of speech)")
        #expect(cut.0 == long)
        #expect(cut.1.wasInterrupted)
        #expect(cut.1.sampleCount < 22_050 * 300)
        #expect(reports.started.map(\.0) == [long, short])
        #expect(reports.finished.map(\.0) == [long, short])
        #expect(reports.finished.last?.1.wasInterrupted == false)
        #expect(reports.finished.last.map { $0.1.peak > SynthesisTests.loudEnough } == true)
        #expect(reports.failures.isEmpty)
    }

    @Test("stopSpeaking cuts the utterance; the volume scales what is played, down to silence")
    func stopAndVolume() throws {
        let loop = try EpollEventLoop()
        let speaker = try Speaker(loop: loop, settings: SpeakerSettings(device: "null"), logger: Logger("speech", sink: MemoryLogSink()))
        let reports = Reports()
        let quiet = Utterance("Day pass, 7 euros 50", language: "en", kind: .focus)
        speaker.onEvent = { event in
            reports.record(event)
            if case .finished(let utterance, _) = event, utterance == quiet { loop.stop() }
        }
        speaker.speak(Self.long, interrupting: false)
        speaker.stopSpeaking()
        speaker.volume = 0
        #expect(speaker.volume == 0)
        speaker.speak(quiet, interrupting: false)
        try loop.run(for: .seconds(30))
        speaker.stop()

        let longs = reports.finished.filter { $0.0 == Self.long }
        #expect(longs.allSatisfy { $0.1.wasInterrupted })
        let played = reports.finished.last
        #expect(played?.0 == quiet)
        #expect(played?.1.peak == 0)
        #expect((played?.1.sampleCount ?? 0) > 11_025)
        #expect(speaker.lastUtterance == quiet)
    }

    @Test("a device that does not exist fails naming it, logged once however many utterances fail")
    func badDevice() throws {
        let loop = try EpollEventLoop()
        let log = MemoryLogSink()
        let speaker = try Speaker(loop: loop, settings: SpeakerSettings(device: "vitrine-no-such-device"), logger: Logger("speech", sink: log))
        let reports = Reports()
        speaker.onEvent = { reports.record($0) }
        for _ in 0..<3 { speaker.speak(Utterance("Day pass", language: "en", kind: .focus), interrupting: false) }
        // The opening at start and the three utterances all fail; give the thread time for them.
        loop.schedule(after: .milliseconds(500)) { loop.stop() }
        try loop.run(for: .seconds(10))
        speaker.stop()

        #expect(reports.failures.count == 1)
        let error = try #require(reports.failures.first)
        print("bad device: \(error)")
        #expect(error.message.contains("\"vitrine-no-such-device\""))
        #expect(error.hint?.contains("aplay -L") == true)
        #expect(error.code == .notFound)
        #expect(reports.started.isEmpty)
        #expect(log.entries.filter { $0.level == .error }.count == 1)
    }
}
