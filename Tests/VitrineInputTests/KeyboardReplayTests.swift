import Testing
import VitrineCore
import VitrineKeys
import VitrineReplay

/// Recorded keyboards replayed through the same decoding, scan classification and repeat as a
/// live seat (`Recordings/keyboard-typing.yml`, `scanner-burst.yml`, written by
/// `make-keyboard-recordings.py`).
@Suite("Replay of recorded keyboards")
struct KeyboardReplayTests {
    @Test("a person typing: Cafe 5, Tab, Enter, each key at its recorded time, Shift on the C only")
    func typing() throws {
        let run = try ReplayRun("keyboard-typing.yml").playToEnd()
        #expect(run.typed == "Cafe 5[tab][enter]")
        #expect(run.keys.map(\.timestamp) == [40_000, 150_000, 300_000, 450_000, 600_000, 750_000, 900_000, 1_050_000])
        #expect(run.keys.map(\.modifiers) == [.shift, [], [], [], [], [], [], []])
        #expect(run.keys.allSatisfy { $0.device == "Logitech USB Keyboard" && !$0.isRepeat })
        #expect(run.scans.isEmpty && run.frames.isEmpty)
        #expect(run.added.map(\.capabilities) == [.keyboard])
        #expect(run.warnings.isEmpty)
        #expect(run.finished)
    }

    @Test("the same keys in a German keymap: the key US calls y types z, the rest is the same")
    func typingInGerman() throws {
        let run = try ReplayRun("keyboard-typing.yml", keymap: KeymapNames(layout: "de")).playToEnd()
        #expect(run.typed == "Cafe 5[tab][enter]")
    }

    @Test("a scanner that is only a keyboard: its first digit gets through, is taken back, and both reads are scans")
    func timedScanner() throws {
        let run = try ReplayRun("scanner-burst.yml").playToEnd()
        #expect(
            run.keys == [
                KeyEvent(.text("9"), timestamp: 0, device: "USB Barcode Scanner"),
                KeyEvent(.backspace, timestamp: 26_000, device: "USB Barcode Scanner")
            ])
        #expect(
            run.scans == [
                ScanEvent(code: "9780141036144", device: "USB Barcode Scanner", timestamp: 26_000),
                ScanEvent(code: "9780141036144", device: "USB Barcode Scanner", timestamp: 1_026_000)
            ])
        #expect(run.log.messages.contains { $0.hasPrefix("USB Barcode Scanner typed 13 characters and Enter") })
        #expect(run.warnings.isEmpty)
    }

    @Test("the same scanner configured by its USB id or its name: scans only, not one key")
    func configuredScanner() throws {
        for scanner in ["0c2e:0b61", "USB Barcode Scanner"] {
            let run = try ReplayRun("scanner-burst.yml", scanners: [ScannerMatch(parsing: scanner)]).playToEnd()
            #expect(run.keys.isEmpty)
            #expect(run.scans.map(\.timestamp) == [26_000, 1_026_000])
            #expect(run.scans.allSatisfy { $0.code == "9780141036144" })
        }
    }

    @Test("a keymap xkbcommon refuses: a warning naming the layout, and keys typed with us")
    func refusedKeymap() throws {
        let run = try ReplayRun("keyboard-typing.yml", keymap: KeymapNames(layout: "dee")).playToEnd()
        #expect(run.typed == "Cafe 5[tab][enter]")
        #expect(run.warnings.count == 1)
        #expect(run.warnings.first?.hasPrefix(#"keyboard layout: no xkb layout "dee"; close names: de, ee, dk; keyboards type with us instead"#) == true)
    }

    @Test("the kernel's own repeats in a recording are dropped; a held key repeats as the source makes it")
    func heldKey() throws {
        // KEY_A down at 0, the kernel's repeats (value 2) every 33 ms from 250 ms, up at 1010 ms.
        var events = ["  - evdev:\n    - [0, 0, 1, 30, 1]\n    - [0, 0, 0, 0, 0]"]
        for time in stride(from: 250_000, through: 1_000_000, by: 33_000) {
            events.append("  - evdev:\n    - [\(time / 1_000_000), \(time % 1_000_000), 1, 30, 2]\n    - [\(time / 1_000_000), \(time % 1_000_000), 0, 0, 0]")
        }
        events.append("  - evdev:\n    - [1, 10000, 1, 30, 0]\n    - [1, 10000, 0, 0, 0]")
        let text =
            "version: 1\ndevices:\n- node: /dev/input/event4\n  evdev:\n    name: K\n    codes: {1: [30]}\n  events:\n" + events.joined(separator: "\n") + "\n"
        let run = ReplayRun(recording: try InputRecording.parse(text, file: "held.yml"), file: "held.yml")
        try run.playToEnd()
        // Repeats 660 ms after the press, then every 40 ms while it is down: 660…980 ms, nine.
        #expect(run.typed == String(repeating: "a", count: 10))
        #expect(run.keys.dropFirst().map(\.timestamp) == Array(stride(from: UInt64(660_000), through: 980_000, by: 40_000)))
        #expect(run.keys.dropFirst().allSatisfy { $0.isRepeat })
    }
}
