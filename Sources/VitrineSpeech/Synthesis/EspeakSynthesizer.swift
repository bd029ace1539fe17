import CEspeakNG
import VitrineCore

/// eSpeak NG, the speech synthesiser: text in a language to 16-bit mono samples, chunk by chunk.
///
/// The library is process-global and not thread-safe (one voice, one rate, one callback for
/// the whole process), so there is exactly one of these, `shared`, and every call into eSpeak
/// NG is made while holding its lock: a synthesis selects its voice and rate and runs to its end
/// (or its interruption) without another thread changing either. In the kiosk only the speech
/// thread (`Speaker`) uses it; tests and `vitrine say` may use it from theirs, one at a time.
///
/// eSpeak NG runs in its synchronous mode (`espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS)`,
/// what `espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, …)` does): `espeak_ng_Synthesize` returns
/// only when the text is done, and hands the samples to the synth callback as it makes them, in
/// chunks (1,081 samples, 49 ms, with eSpeak NG 1.51), so the first chunk is played while the
/// rest is still being made — what keeps a key press's first sound early whatever the length of
/// the text. The callback's answer 1 aborts the synthesis (`speak_lib.h`, `t_espeak_callback`):
/// an interrupt stops it between chunks. The library's own audio output (libpcaudio) is never
/// opened.
///
/// The voice is chosen by the language's primary subtag (`de` for `de-CH`), matched against the
/// languages each voice lists (`espeak_ng_SetVoiceByProperties`: `no` finds Norwegian Bokmål,
/// `zh` Mandarin). A language without a voice is spoken by the English one, with a warning that
/// names the language (once per language).
public final class EspeakSynthesizer: Sendable {
    /// The one synthesiser of the process (eSpeak NG is initialised on first use).
    public static let shared = EspeakSynthesizer()

    /// The speech rates eSpeak NG takes, in words per minute (`speak_lib.h`: `espeakRATE_MINIMUM`,
    /// `espeakRATE_MAXIMUM`; its own default, `espeakRATE_NORMAL`, is 175).
    public static let rates = 80...450
    /// The rate when none is configured: the config's default (`accessibility.speechRate`),
    /// a little slower than eSpeak NG's 175 for visitors who are listening to an unfamiliar screen.
    public static let defaultRate = 165
    /// The language spoken when a language has no voice.
    public static let fallbackLanguage = "en"

    private struct State {
        var sampleRate: Int?
        var failure: VitrineError?
        var voice: SpeechVoice?
        var rate: Int?
        /// Languages without a voice (warned about once).
        var missingLanguages: Set<String> = []
    }

    private let state: Locked<State>
    private let logger = Logger("speech")

    private init() {
        var state = State()
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT? = nil
        let status = espeak_ng_Initialize(&context)
        espeak_ng_ClearErrorContext(&context)
        if status != ENS_OK {
            state.failure = VitrineError(
                .notFound, "cannot start eSpeak NG: \(Self.message(status))",
                hint: "install its voices and dictionaries (apt install espeak-ng-data)")
        } else {
            let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
            if output != ENS_OK {
                state.failure = VitrineError(.ioFailure, "cannot start eSpeak NG's synchronous output: \(Self.message(output))")
            } else {
                state.sampleRate = Int(espeak_ng_GetSampleRate())
                espeak_SetSynthCallback(espeakChunk)
            }
        }
        self.state = Locked(state)
    }

    /// The rate of the samples (22,050 Hz for eSpeak NG's voices).
    /// - Throws: when eSpeak NG could not start (espeak-ng-data missing).
    public func sampleRate() throws(VitrineError) -> Int {
        let (rate, failure) = self.state.withLock { ($0.sampleRate, $0.failure) }
        guard let rate else { throw failure ?? VitrineError(.ioFailure, "eSpeak NG did not start") }
        return rate
    }

    /// The languages asked for that have no voice (spoken in English, warned about once).
    public var languagesWithoutVoice: Set<String> { self.state.withLock { $0.missingLanguages } }

    /// Synthesises `text` in `language`'s voice at `rate` words per minute, handing the samples
    /// to `chunk` as they are made; `chunk` returns false to stop the synthesis there.
    /// - Returns: the voice that spoke, and whether `chunk` stopped it.
    /// - Throws: when eSpeak NG could not start, has no English voice either, or fails.
    public func synthesize(
        _ text: String, language: String, rate: Int = EspeakSynthesizer.defaultRate, chunk: (UnsafeBufferPointer<Int16>) -> Bool
    ) throws(VitrineError) -> (voice: SpeechVoice, interrupted: Bool) {
        let result = withoutActuallyEscaping(chunk) { escapable -> Result<(voice: SpeechVoice, interrupted: Bool), VitrineError> in
            let receiver = ChunkReceiver(escapable)
            let voice = self.state.withLock { state -> Result<SpeechVoice, VitrineError> in
                guard state.sampleRate != nil else { return .failure(state.failure ?? VitrineError(.ioFailure, "eSpeak NG did not start")) }
                let voice: SpeechVoice
                do throws(VitrineError) {
                    voice = try self.select(language, in: &state)
                } catch {
                    return .failure(error)
                }
                let clamped = min(Self.rates.upperBound, max(Self.rates.lowerBound, rate))
                if state.rate != clamped {
                    espeak_ng_SetParameter(espeakRATE, Int32(clamped), 0)
                    state.rate = clamped
                }
                let bytes = Array(text.utf8CString)
                let context = Unmanaged.passUnretained(receiver).toOpaque()
                let status = bytes.withUnsafeBufferPointer { buffer in
                    espeak_ng_Synthesize(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, context)
                }
                if status != ENS_OK && !receiver.stopped {
                    return .failure(VitrineError(.ioFailure, "eSpeak NG could not say \(QuotedValue.quoted(text)) with \(voice): \(Self.message(status))"))
                }
                return .success(voice)
            }
            return voice.map { ($0, receiver.stopped) }
        }
        return try result.get()
    }

    /// `text` synthesised whole into memory (tests, WAV files); `stopAfter` stops it after that
    /// many samples (at the end of the chunk that reaches it), as an interrupt would.
    public func samples(of text: String, language: String, rate: Int = EspeakSynthesizer.defaultRate, stopAfter: Int? = nil) throws(VitrineError)
        -> SynthesizedSpeech
    {
        var samples: [Int16] = []
        let sampleRate = try self.sampleRate()
        let result = try self.synthesize(text, language: language, rate: rate) { chunk in
            if let stopAfter, samples.count >= stopAfter { return false }
            samples.append(contentsOf: chunk)
            return true
        }
        return SynthesizedSpeech(samples: samples, sampleRate: sampleRate, voice: result.voice, wasInterrupted: result.interrupted)
    }

    /// The primary subtag of a BCP 47 tag, lowercased ("de" for "de-CH"); nil when it is not 2–8 letters.
    public static func primaryLanguage(of tag: String) -> String? {
        let primary = tag.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard (2...8).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return primary.lowercased()
    }

    /// Makes `language`'s voice current (or the fallback's) and describes it; called with the lock held.
    private func select(_ language: String, in state: inout State) throws(VitrineError) -> SpeechVoice {
        let primary = Self.primaryLanguage(of: language)
        let key = primary ?? language
        if let voice = state.voice, voice.language == key { return voice }
        if !state.missingLanguages.contains(key) {
            if let primary, let voice = self.setVoice(primary) {
                state.voice = voice
                return voice
            }
            state.missingLanguages.insert(key)
            self.logger.warning(
                "eSpeak NG has no voice for the language \(QuotedValue.quoted(language)); it is spoken with the English voice — check the language's code (BCP 47: de, fr-CH) against `espeak-ng --voices`"
            )
        }
        if let voice = state.voice, voice.language == Self.fallbackLanguage { return voice }
        guard let voice = self.setVoice(Self.fallbackLanguage) else {
            state.voice = nil
            throw VitrineError(
                .notFound, "eSpeak NG has no English voice",
                hint: "its data is missing or incomplete: apt install --reinstall espeak-ng-data")
        }
        state.voice = voice
        return voice
    }

    /// Sets the voice for the primary subtag `language`; nil when eSpeak NG has none.
    private func setVoice(_ language: String) -> SpeechVoice? {
        let status = language.withCString { name in
            var properties = espeak_VOICE()
            properties.languages = name
            return espeak_ng_SetVoiceByProperties(&properties)
        }
        guard status == ENS_OK, let current = espeak_GetCurrentVoice() else { return nil }
        let name = current.pointee.name.map { String(cString: $0) } ?? language
        let identifier = current.pointee.identifier.map { String(cString: $0) } ?? language
        return SpeechVoice(name: name, identifier: identifier, language: language)
    }

    private static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count - 1)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The chunk callback of one synthesis, reached from eSpeak NG's C callback through the
/// `user_data` every event of that synthesis carries.
private final class ChunkReceiver {
    let body: (UnsafeBufferPointer<Int16>) -> Bool
    var stopped = false

    init(_ body: @escaping (UnsafeBufferPointer<Int16>) -> Bool) {
        self.body = body
    }
}

/// eSpeak NG's synth callback (`t_espeak_callback`): a chunk of samples (NULL at the end) and
/// the events that go with it; returns 1 to abort.
private func espeakChunk(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let context = events?.pointee.user_data else { return 0 }
    let receiver = Unmanaged<ChunkReceiver>.fromOpaque(context).takeUnretainedValue()
    if receiver.stopped { return 1 }
    guard let samples, count > 0 else { return 0 }
    if !receiver.body(UnsafeBufferPointer(start: samples, count: Int(count))) {
        receiver.stopped = true
        return 1
    }
    return 0
}
