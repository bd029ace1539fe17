import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSpeech
import VitrineUI

/// Speech mode on the tickets example (issue 33): a keypad walk from the ticket list to the
/// thanks screen and back, said in English and in German, asserted word for word from the
/// transcript — what the scene hands the speech output, in order.
@Suite("Speech: a keypad walk through the tickets example, said in English and German")
struct SpeechWalkTests {
    /// Presses a key as a keypad's would arrive (the window's key path), and lets it settle.
    /// Headset in; down to the route with the ferry and select it; down to the day pass and
    /// select it; More; down to Buy and select it; repeat, louder; back.
    static func walk(language: String) throws -> (said: [String], run: KioskRun) {
        let run = try KioskRun(example: "tickets")
        run.run.advance(0.5)
        if language != "en" { _ = try run.controller.control("language", arguments: .object([("language", .string(language))])) }
        run.run.advance(0.5)
        run.controller.headsetChanged(plugged: true)
        run.run.advance(0.5)
        let keys: [KeyEvent.Key] = [.down, .enter, .down, .down, .enter, .enter, .down, .enter, .other("F2"), .other("F5"), .escape]
        for key in keys { run.press(key, wait: 1) }
        return (run.controller.transcript.elements.map(\.description), run)
    }

    @Test("English: the screen, each element with its value, role, state and place, what select changed, the next screen")
    func english() throws {
        let (said, run) = try Self.walk(language: "en")
        #expect(
            said == [
                "result [en] Speech on",
                "screen [en] City Transit, Choose a route, then a ticket, Route",
                "focus [en] City zone, button, selected, 1 of 2, Trams and buses inside the ring",
                "focus [en] City and harbour, button, 2 of 2, With the harbour ferry: € 1.20 more a ticket",
                "result [en] City and harbour, button, selected, 2 of 2, With the harbour ferry: € 1.20 more a ticket",
                "focus [en] Single ride, € 4.10, button, 1 of 3, 90 minutes, any number of changes",
                "focus [en] Day pass, € 8.70, button, 2 of 3, Until 4:00 the next morning",
                "screen [en] Confirm, Day pass, City and harbour, 1",
                "focus [en] More, button, 2 of 2",
                "result [en] 2, € 17.40",
                "focus [en] Buy, button, 1 of 2",
                "screen [en] Thank you, 2 × Day pass, City and harbour: € 17.40, Take your tickets from the slot below. Have a good journey.",
                "focus [en] Done, button",
                "focus [en] Done, button",
                "result [en] Volume 90 percent",
                "screen [en] Confirm, Day pass, City and harbour",
                "focus [en] Fewer, button, 1 of 2"
            ], "\(said.joined(separator: "\n"))")
        #expect(run.emitted.map(\.name) == ["purchase"])
        #expect(run.state["speech"]?["volume"] == .number(0.9))
        #expect(run.controller.speechMode)
    }

    @Test("German: the same walk in the German words, every utterance tagged German for the German voice")
    func german() throws {
        let (said, _) = try Self.walk(language: "de")
        #expect(
            said == [
                "result [de] Sprachausgabe an",
                "screen [de] Stadtverkehr, Strecke wählen, dann Fahrkarte, Strecke",
                "focus [de] Stadtzone, Taste, ausgewählt, 1 von 2, Straßenbahnen und Busse innerhalb des Rings",
                "focus [de] Stadt und Hafen, Taste, 2 von 2, Mit der Hafenfähre: € 1,20 mehr je Fahrkarte",
                "result [de] Stadt und Hafen, Taste, ausgewählt, 2 von 2, Mit der Hafenfähre: € 1,20 mehr je Fahrkarte",
                "focus [de] Einzelfahrt, € 4,10, Taste, 1 von 3, 90 Minuten, beliebig oft umsteigen",
                "focus [de] Tageskarte, € 8,70, Taste, 2 von 3, Bis 4:00 Uhr am nächsten Morgen",
                "screen [de] Bestätigen, Tageskarte, Stadt und Hafen, 1",
                "focus [de] Mehr, Taste, 2 von 2",
                "result [de] 2, € 17,40",
                "focus [de] Kaufen, Taste, 1 von 2",
                "screen [de] Vielen Dank, 2 × Tageskarte, Stadt und Hafen: € 17,40, Entnehmen Sie Ihre Fahrkarten unten aus dem Ausgabefach. Gute Fahrt!",
                "focus [de] Fertig, Taste",
                "focus [de] Fertig, Taste",
                "result [de] Lautstärke 90 Prozent",
                "screen [de] Bestätigen, Tageskarte, Stadt und Hafen",
                "focus [de] Weniger, Taste, 1 von 2"
            ], "\(said.joined(separator: "\n"))")
    }

    @Test("pulling the headset stops speech at once and gives touches back to the views; nothing is said with speech off")
    func headsetOut() throws {
        let run = try KioskRun(example: "tickets")
        run.run.advance(0.5)
        run.press(.down, wait: 1)
        #expect(run.controller.transcript.elements.isEmpty, "speech mode is off: nothing is said")
        run.controller.headsetChanged(plugged: true)
        #expect(run.run.window.touchExploration != nil)
        run.controller.headsetChanged(plugged: false)
        #expect(!run.controller.speechMode)
        #expect(run.run.window.touchExploration == nil)
        let count = run.controller.transcript.count
        run.press(.down, wait: 1)
        #expect(run.controller.transcript.count == count)
    }
}

extension SpeechWalkTests {
    @Test("a sheet is said once it is up: its title, its opening texts, then its first element; closed, the screen under it again (the café's espresso)")
    func sheetSaid() throws {
        let run = try KioskRun(example: "cafe")
        run.run.advance(0.5)
        run.controller.headsetChanged(plugged: true)
        run.run.advance(0.5)
        for key in [KeyEvent.Key.enter, .enter, .enter, .escape] { run.press(key, wait: 1) }
        let said = run.controller.transcript.elements.map(\.description)
        #expect(
            said == [
                "result [en] Speech on",
                "screen [en] Café Lumen, Good morning, Order at the counter; we bring it to your table.",
                "focus [en] Coffee, button, 1 of 3, Roasted two streets away, ground for every cup.",
                "screen [en] Coffee, Roasted two streets away, ground for every cup.",
                "focus [en] Espresso, € 2.40, button, 1 of 3, A short, dark shot with a thick crema.",
                "screen [en] Espresso, € 2.40, In the basket, 0",
                "focus [en] More, button, 2 of 2",
                "result [en] 1",
                "screen [en] Coffee, Roasted two streets away, ground for every cup.",
                "focus [en] Espresso, € 2.40, button, 1 of 3, A short, dark shot with a thick crema."
            ], "\(said.joined(separator: "\n"))")
    }
}

extension SpeechWalkTests {
    @Test("idle puts the volume back and turns off speech a key turned on; a headset still plugged in keeps it on")
    func idleResets() throws {
        let run = try KioskRun(example: "tickets")
        run.run.advance(0.5)
        run.press(.other("F6"), wait: 1)
        run.press(.other("F5"), wait: 1)
        #expect(run.controller.speechMode && run.state["speech"]?["volume"] == .number(0.9))
        run.run.advance(300)
        #expect(!run.controller.speechMode, "turned on by the key: off once nobody is there")
        #expect(run.state["speech"]?["volume"] == .number(0.8))
        run.controller.headsetChanged(plugged: true)
        run.press(.other("F4"), wait: 1)
        run.run.advance(300)
        #expect(run.controller.speechMode, "the headset is still in")
        #expect(run.state["speech"]?["volume"] == .number(0.8))
    }
}

extension SpeechWalkTests {
    /// Words in an utterance, as eSpeak NG counts them roughly: what spaces separate.
    static func words(_ text: String) -> Int { text.split(whereSeparator: { $0 == " " }).count }

    @Test(
        "the walk as audio: eSpeak NG says every utterance, non-silent and of plausible length, in the English voice for English and the German one for German")
    func walkAsAudio() throws {
        for (language, voice) in [("en", "gmw/en"), ("de", "gmw/de")] {
            let (_, run) = try Self.walk(language: language)
            let utterances = run.controller.transcript.elements
            #expect(utterances.count == 17)
            var seconds = 0.0
            for utterance in utterances {
                let speech = try EspeakSynthesizer.shared.samples(of: utterance.text, language: utterance.language)
                #expect(speech.voice.identifier == voice, "\(utterance)")
                // Louder than an eighth of full scale, and half to two and a half times the
                // words at 165 a minute, plus a second for the pauses of a long one's commas
                // (Tests/VitrineSpeechTests/SynthesisTests.swift says why).
                #expect(speech.peak > 4_096, "\(utterance): peak \(speech.peak)")
                let nominal = Double(Self.words(utterance.text)) * 60 / Double(EspeakSynthesizer.defaultRate)
                #expect(speech.duration >= nominal * 0.5 && speech.duration <= nominal * 2.5 + 1, "\(utterance): \(speech.duration) s for \(nominal) s")
                seconds += speech.duration
            }
            print("the \(language) walk: \(utterances.count) utterances, \(String(fixed: seconds, decimals: 1)) s of speech in \(voice)")
        }
    }
}
