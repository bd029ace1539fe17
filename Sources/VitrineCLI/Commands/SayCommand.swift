import VitrineCore
import VitrineSpeech
import VitrineSystem

/// `vitrine say`: a text spoken by the kiosk's speech engine, to check the headphone output and
/// the voices while setting a panel up.
enum SayCommand: Command {
    static let name = "say"
    static let summary = "Speak a text with the kiosk's voice (eSpeak NG through ALSA), or write it to a WAV file."
    static let synopsis = "TEXT... [--language TAG] [--device DEVICE] [--rate WPM] [--volume V] [--wav FILE]"
    static let options: [OptionSpec] = [
        OptionSpec("language", value: "TAG", help: "the language whose voice speaks, BCP 47: en, de, fr-CH [en]"),
        OptionSpec("device", value: "DEVICE", help: "the ALSA device, as `aplay -L` lists them [default]"),
        OptionSpec("rate", value: "WPM", help: "words per minute, 80 to 450 [165]"),
        OptionSpec("volume", value: "V", help: "0 (silent) to 1 (full) [1]"),
        OptionSpec("wav", value: "FILE", help: "write the speech to a WAV file (16-bit mono) instead of playing it")
    ]
    static let discussion = """
        Runs what speech mode runs: the voice chosen by the language's primary subtag (a
        language without one is spoken by the English voice, with a warning), synthesised on the
        speech thread and played on the device as it is made. Prints the voice, how long the
        speech is, and how soon its first sample reached the device. The device is a name as
        `aplay -L` lists them: on a Raspberry Pi the 3.5 mm jack is plughw:CARD=Headphones; null
        plays nothing. Needs the audio group for a card's device. Docs/speech.md.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let text = arguments.positionals.joined(separator: " ")
        guard !text.isEmpty else { throw CommandLineError.missingArgument(command: self.name, name: "TEXT") }
        let language = arguments.value("language") ?? EspeakSynthesizer.fallbackLanguage
        guard EspeakSynthesizer.primaryLanguage(of: language) != nil else {
            throw CommandLineError.invalidValue(command: self.name, option: "language", value: language, expected: "a BCP 47 tag such as en, de or fr-CH")
        }
        let rate = try arguments.integer("rate", in: EspeakSynthesizer.rates) ?? EspeakSynthesizer.defaultRate
        let volume = try arguments.number("volume", in: 0...1) ?? 1
        if let path = arguments.value("wav") {
            var speech = try EspeakSynthesizer.shared.samples(of: text, language: language, rate: rate)
            let amplitude = SampleGain.amplitude(forVolume: volume)
            let original = speech.samples
            original.withUnsafeBufferPointer { source in
                speech.samples.withUnsafeMutableBufferPointer { SampleGain.apply(amplitude, from: source, into: $0) }
            }
            try WAVFile.write(samples: speech.samples, sampleRate: speech.sampleRate, to: path)
            StandardStreams.writeOutput("\(path): voice \(speech.voice), \(self.length(speech.samples.count, speech.sampleRate))\n")
            return 0
        }
        let loop = try EpollEventLoop()
        let device = arguments.value("device") ?? SpeakerSettings.defaultDevice
        // The speaker's log would repeat the failure this command prints.
        let speaker = try Speaker(
            loop: loop, settings: SpeakerSettings(device: device, rate: rate, volume: volume), logger: Logger("speech", sink: Log.discard))
        var failure: VitrineError?
        var firstSample: MonotonicTime?
        let asked = MonotonicTime.now()
        speaker.onEvent = { event in
            switch event {
            case .started(_, let time):
                firstSample = time
            case .finished(_, let audio):
                let first =
                    firstSample.map { ", its first sample on the device \(String(fixed: ($0 - asked).milliseconds, decimals: 1)) ms after it was asked for" }
                    ?? ""
                StandardStreams.writeOutput(
                    "\(QuotedValue.quoted(device)): voice \(audio.voice), \(self.length(audio.sampleCount, audio.sampleRate))\(first)\n")
                loop.stop()
            case .failed(let error):
                failure = error
                loop.stop()
            }
        }
        speaker.speak(Utterance(text, language: language, kind: .result), interrupting: true)
        try loop.run()
        speaker.stop()
        if let failure { throw failure }
        return 0
    }

    /// "2.28 s (50194 samples at 22050 Hz)".
    private static func length(_ samples: Int, _ rate: Int) -> String {
        "\(String(fixed: Double(samples) / Double(max(1, rate)), decimals: 2)) s (\(samples) samples at \(rate) Hz)"
    }
}
