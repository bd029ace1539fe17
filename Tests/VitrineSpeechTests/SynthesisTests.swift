import Testing
import VitrineCore
import VitrineSpeech

/// eSpeak NG through `EspeakSynthesizer`, as speech mode calls it, into memory.
///
/// "Plausible length": eSpeak NG's rate is in words per minute, so a phrase of `words` spoken
/// words at `rate` takes about words × 60 / rate seconds; the bounds are half and two and a half
/// times that — a long German compound takes longer than an average word, a short word less, and
/// each comma and the end add a pause. At the default 165 words a minute, "Day pass, seven euros
/// fifty" (5 words) must last 0.91–4.5 s, "Tageskarte, sieben Euro fünfzig" (4 words) 0.73–3.6 s.
/// "Non-silent": the loudest sample above 4,096 (an eighth of full scale, −18 dBFS); eSpeak NG's
/// voiced speech peaks within a few dB of full scale.
@Suite("Speech synthesis")
struct SynthesisTests {
    static let loudEnough = 4_096

    static func bounds(words: Int, rate: Int) -> ClosedRange<Double> {
        let nominal = Double(words) * 60 / Double(rate)
        return (nominal * 0.5)...(nominal * 2.5)
    }

    @Test("English: non-silent samples of plausible length, spoken by the English voice")
    func english() throws {
        let speech = try EspeakSynthesizer.shared.samples(of: "Day pass, 7 euros 50", language: "en")
        print("English: \(speech.samples.count) samples (\(String(fixed: speech.duration, decimals: 2)) s), peak \(speech.peak), voice \(speech.voice)")
        #expect(speech.sampleRate == 22_050)
        #expect(Self.bounds(words: 5, rate: EspeakSynthesizer.defaultRate).contains(speech.duration))
        #expect(speech.peak > Self.loudEnough)
        #expect(speech.voice.language == "en")
        #expect(speech.voice.identifier == "gmw/en")
        #expect(!speech.wasInterrupted)
    }

    @Test("German is spoken by the German voice: non-silent, of plausible length")
    func german() throws {
        let speech = try EspeakSynthesizer.shared.samples(of: "Tageskarte, 7 Euro 50", language: "de")
        print("German: \(speech.samples.count) samples (\(String(fixed: speech.duration, decimals: 2)) s), peak \(speech.peak), voice \(speech.voice)")
        #expect(speech.voice.name == "German")
        #expect(speech.voice.identifier == "gmw/de")
        #expect(Self.bounds(words: 4, rate: EspeakSynthesizer.defaultRate).contains(speech.duration))
        #expect(speech.peak > Self.loudEnough)
    }

    @Test("the voice follows the primary subtag: de-CH is German, fr-CH French")
    func primarySubtag() throws {
        #expect(EspeakSynthesizer.primaryLanguage(of: "de-CH") == "de")
        #expect(EspeakSynthesizer.primaryLanguage(of: "EN") == "en")
        #expect(EspeakSynthesizer.primaryLanguage(of: "") == nil)
        #expect(EspeakSynthesizer.primaryLanguage(of: "1234") == nil)
        let swiss = try EspeakSynthesizer.shared.samples(of: "Grüezi", language: "de-CH")
        #expect(swiss.voice.identifier == "gmw/de")
        let french = try EspeakSynthesizer.shared.samples(of: "Bonjour", language: "fr-CH")
        #expect(french.voice.language == "fr")
        #expect(french.peak > Self.loudEnough)
    }

    @Test("a language without a voice is spoken by the English one and remembered as missing")
    func fallback() throws {
        let speech = try EspeakSynthesizer.shared.samples(of: "Day pass", language: "tlh")
        #expect(speech.voice.language == "en")
        #expect(speech.voice.identifier == "gmw/en")
        #expect(speech.peak > Self.loudEnough)
        #expect(EspeakSynthesizer.shared.languagesWithoutVoice.contains("tlh"))
        let unreadable = try EspeakSynthesizer.shared.samples(of: "Day pass", language: "12")
        #expect(unreadable.voice.language == "en")
    }

    @Test("stopping the synthesis in its callback ends it early: fewer samples, marked interrupted")
    func interrupted() throws {
        let text = "Day pass, 7 euros 50. Family pass, 19 euros. Children under six travel free."
        let whole = try EspeakSynthesizer.shared.samples(of: text, language: "en")
        let cut = try EspeakSynthesizer.shared.samples(of: text, language: "en", stopAfter: 2_000)
        print("interrupted: \(cut.samples.count) of \(whole.samples.count) samples")
        #expect(cut.wasInterrupted)
        #expect(!whole.wasInterrupted)
        // The callback stops at the first chunk that reaches 2,000 samples (chunks are 1,081).
        #expect(cut.samples.count >= 2_000)
        #expect(cut.samples.count < 4_000)
        #expect(cut.samples.count < whole.samples.count / 10)
    }

    @Test("a faster rate says the same text in less time; rates outside 80–450 are clamped")
    func rate() throws {
        let text = "Day pass, 7 euros 50"
        let normal = try EspeakSynthesizer.shared.samples(of: text, language: "en", rate: 165)
        let fast = try EspeakSynthesizer.shared.samples(of: text, language: "en", rate: 330)
        let fastest = try EspeakSynthesizer.shared.samples(of: text, language: "en", rate: 10_000)
        let clamped = try EspeakSynthesizer.shared.samples(of: text, language: "en", rate: 450)
        #expect(fast.samples.count < normal.samples.count * 3 / 4)
        // eSpeak NG varies its pitch a little at random, so two runs differ by a few samples.
        #expect(abs(fastest.samples.count - clamped.samples.count) < clamped.samples.count / 20)
    }
}
