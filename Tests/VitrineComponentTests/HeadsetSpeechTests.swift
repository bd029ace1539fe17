import Testing
import VitrineCore
import VitrineKiosk
import VitrineReplay
import VitrineRuntime
import VitrineScene
import VitrineSpeech
import VitrineUI

/// A headset plugged into the panel starts speech mode and pulling it stops it (issue 33): a
/// recorded jack input device's SW_HEADPHONE_INSERT stream, decoded as `EvdevJackWatch` decodes
/// a live one, drives the tickets kiosk at the recording's times.
@Suite("Speech: a recorded headset jack starts and stops speech mode on the tickets kiosk")
struct HeadsetSpeechTests {
    static let recording: String = {
        let file = #filePath
        let tests = file[..<file.firstRange(of: "/Tests/")!.lowerBound]
        return String(tests) + "/Tests/VitrineSpeechTests/Recordings/headset-in-out.yml"
    }()

    @Test("in: speech on and the screen said, touches explore; out: silent at once, touches press again")
    func recordedJack() throws {
        let recording = try InputRecording.load(Self.recording)
        guard case .libinputRecord(let file) = recording, let device = file.devices.first else {
            Issue.record("\(Self.recording) is not a libinput record file with a device")
            return
        }
        let run = try KioskRun(example: "tickets")
        run.run.advance(0.5)
        var decoder = HeadsetSwitchDecoder()
        var modes: [Bool] = []
        var elapsed: Int64 = 0
        for event in device.events {
            if event.time > elapsed {
                run.run.advance(Double(event.time - elapsed) / 1_000_000)
                elapsed = event.time
            }
            guard let plugged = decoder.feed(type: event.type, code: event.code, value: event.value) else { continue }
            run.controller.headsetChanged(plugged: plugged)
            modes.append(run.controller.speechMode)
            #expect((run.run.window.touchExploration != nil) == plugged)
            if plugged {
                run.run.advance(0.5)
                #expect(run.controller.transcript.elements.map(\.text).prefix(2) == ["Speech on", "City Transit, Choose a route, then a ticket, Route"])
            }
        }
        #expect(modes == [true, false])
        #expect(run.controller.callbacks.elements.filter { $0.hasPrefix("headset") } == ["headset in", "headset out"])
    }
}
