import Testing
import VitrineCore
import VitrineKeys

/// One source's keyboards on virtual time: repeat, its bounds, unplugging, the scan timers.
@Suite("Keyboards: repeat and timers")
struct KeyboardsTests {
    final class Seat {
        let loop = ManualEventLoop(now: MonotonicTime(seconds: 10))
        let log = MemoryLogSink()
        let keyboards: Keyboards
        var keys: [KeyEvent] = []
        var scans: [ScanEvent] = []
        var problems: [String] = []

        init(keymap: KeymapNames = KeymapNames(), scanners: [ScannerMatch] = []) {
            self.keyboards = Keyboards(keymap: keymap, scanners: scanners, clock: self.loop, logger: Logger("input", sink: self.log))
            self.keyboards.onKey = { [unowned self] in self.keys.append($0) }
            self.keyboards.onScan = { [unowned self] in self.scans.append($0) }
            self.keyboards.onDeviceEvent = { [unowned self] event in
                if case .warning(let error) = event { self.problems.append(error.description) }
                if case .error(let error) = event { self.problems.append(error.description) }
            }
        }

        var now: UInt64 { UInt64(self.loop.now.microseconds) }

        func key(_ code: UInt32, _ pressed: Bool, device: Int = 1) {
            self.keyboards.key(device, code: code, pressed: pressed, timestamp: self.now)
        }

        func advance(ms: Double) { self.loop.advance(by: .milliseconds(ms)) }
    }

    @Test("a held letter repeats after 660 ms, every 40 ms, until it is released")
    func repeatUntilRelease() {
        let seat = Seat()
        #expect(seat.keyboards.add(1, name: "AT keyboard", vendor: 1, product: 1))
        seat.key(EvdevKeys.code("x"), true)
        seat.advance(ms: 659)
        #expect(seat.keys.count == 1)
        seat.advance(ms: 1)
        #expect(seat.keys.count == 2 && seat.keys[1].isRepeat && seat.keys[1].timestamp == 10_660_000)
        seat.advance(ms: 120)
        #expect(seat.keys.count == 5)
        seat.key(EvdevKeys.code("x"), false)
        seat.advance(ms: 1000)
        #expect(seat.keys.count == 5)
        #expect(seat.loop.nextDeadline == nil)
    }

    @Test("another key stops the repeat, even Shift, which does not repeat itself; a third key repeats on its own")
    func anotherKey() {
        let seat = Seat()
        seat.keyboards.add(1, name: "AT keyboard", vendor: 1, product: 1)
        seat.key(EvdevKeys.code("x"), true)
        seat.advance(ms: 700)  // x, x at 660, x at 700
        seat.key(EvdevKeys.leftShift, true)
        seat.advance(ms: 2000)
        #expect(seat.keys.map(\.key) == [.text("x"), .text("x"), .text("x")])
        seat.key(EvdevKeys.code("x"), false)
        seat.key(EvdevKeys.leftShift, false)
        seat.key(EvdevKeys.backspace, true)
        seat.advance(ms: 700)
        #expect(seat.keys.suffix(3).map(\.key) == [.backspace, .backspace, .backspace])
        #expect(seat.keys.suffix(2).allSatisfy { $0.isRepeat })
    }

    @Test("a key held for ever repeats 250 times, then stops with one log line")
    func boundedRepeat() {
        let seat = Seat()
        seat.keyboards.add(1, name: "AT keyboard", vendor: 1, product: 1)
        seat.key(EvdevKeys.space, true)
        seat.advance(ms: 60_000)
        // The press at 10 s, the first repeat 660 ms later, the 250th 249 × 40 ms after that.
        let lastRepeat: UInt64 = 10_000_000 + 660_000 + 249 * 40_000
        #expect(seat.keys.count == 251)
        #expect(seat.keys.last?.timestamp == lastRepeat)
        #expect(seat.log.messages == ["key held for 10 s on AT keyboard; repeat stopped"])
        #expect(seat.loop.nextDeadline == nil)
    }

    @Test("a keyboard unplugged mid-repeat repeats no more; one unplugged mid-scan drops the scan with a log line")
    func unplugged() {
        let seat = Seat(scanners: [.name("Scanner")])
        seat.keyboards.add(1, name: "AT keyboard", vendor: 1, product: 1)
        seat.keyboards.add(2, name: "Scanner", vendor: 2, product: 2)
        seat.key(EvdevKeys.code("x"), true)
        seat.advance(ms: 700)
        for digit in "123" {
            seat.key(EvdevKeys.code(digit), true, device: 2)
            seat.key(EvdevKeys.code(digit), false, device: 2)
            seat.advance(ms: 2)
        }
        seat.keyboards.remove(1)
        seat.keyboards.remove(2)
        seat.advance(ms: 5000)
        #expect(seat.keys.count == 3)
        #expect(seat.scans.isEmpty)
        #expect(seat.log.messages == ["Scanner was unplugged in the middle of a scan (3 characters); it is dropped"])
        #expect(seat.loop.nextDeadline == nil)
    }

    @Test("held fast keys come out when the 20 ms pause passes, on the loop's timer")
    func burstTimer() {
        let seat = Seat()
        seat.keyboards.add(1, name: "AT keyboard", vendor: 1, product: 1)
        for character in "ab" {
            seat.key(EvdevKeys.code(character), true)
            seat.key(EvdevKeys.code(character), false)
            seat.advance(ms: 5)
        }
        #expect(seat.keys.map(\.key) == [.text("a")])
        seat.advance(ms: 15)  // 5 ms after b: 20 ms have not passed
        #expect(seat.keys.count == 1)
        seat.advance(ms: 1)
        #expect(seat.keys.map(\.key) == [.text("a"), .text("b")])
        #expect(seat.keys[1].timestamp == 10_005_000)
    }

    @Test("a refused layout is said once however many keyboards come, and they type with us")
    func refusedLayout() {
        let seat = Seat(keymap: KeymapNames(layout: "de", variant: "nodeadkey"))
        #expect(seat.keyboards.add(1, name: "AT keyboard", vendor: 1, product: 1))
        #expect(seat.keyboards.add(2, name: "Keypad", vendor: 1, product: 2))
        #expect(
            seat.problems == [
                #"keyboard layout: xkb layout "de" has no variant "nodeadkey"; close names: nodeadkeys; keyboards type with us instead — its variants: `localectl list-x11-keymap-variants de`"#
            ])
        seat.key(EvdevKeys.code("y"), true)
        #expect(seat.keys.map(\.key) == [.text("y")])
    }

    @Test("an option xkbcommon ignores is a warning; the keymap is used")
    func ignoredOption() {
        let seat = Seat(keymap: KeymapNames(layout: "de", options: "caps:nonsense"))
        seat.keyboards.add(1, name: "AT keyboard", vendor: 1, product: 1)
        #expect(seat.problems.count == 1)
        #expect(seat.problems.first?.hasPrefix(#"keyboard layout "de": xkbcommon: "#) == true)
        seat.key(EvdevKeys.code("y"), true)
        #expect(seat.keys.map(\.key) == [.text("z")])
    }
}
