import Testing
import VitrineCore
import VitrineKeys

/// Scans told from typing, on virtual time: every timestamp is written out.
@Suite("Scanner classification")
struct ScanClassifierTests {
    /// Feeds keys to a classifier and keeps what comes out, flushing at the deadlines it asks for
    /// on the way (as the source's timer would).
    struct Feed {
        var classifier: ScanClassifier
        var out: [String] = []
        let log = MemoryLogSink()

        init(scanner: Bool = false) {
            self.classifier = ScanClassifier(device: "USB Keyboard", isScanner: scanner, logger: Logger("input", sink: self.log))
        }

        /// `key` at `time` µs, after the flush any deadline before it would have made.
        mutating func key(_ key: KeyEvent.Key, at time: UInt64) {
            self.flushDeadlines(before: time)
            self.record(self.classifier.handle(KeyEvent(key, timestamp: time, device: "USB Keyboard")))
        }

        /// Each character of `text` and then, when `enter`, Enter, `interval` µs apart from `start`.
        mutating func type(_ text: String, enter: Bool, from start: UInt64, every interval: UInt64) {
            var time = start
            for character in text {
                self.key(.text(String(character)), at: time)
                time += interval
            }
            if enter { self.key(.enter, at: time) }
        }

        mutating func flushDeadlines(before time: UInt64) {
            while let deadline = self.classifier.deadline, deadline < time { self.record(self.classifier.flush(at: deadline)) }
        }

        mutating func record(_ outputs: [ScanClassifier.Output]) {
            for output in outputs {
                switch output {
                case .key(let key):
                    if case .text(let text) = key.key { self.out.append("\(text)@\(key.timestamp)") } else { self.out.append("[\(key.key)]@\(key.timestamp)") }
                case .scan(let scan):
                    self.out.append("scan \(scan.code)@\(scan.timestamp)")
                }
            }
        }
    }

    @Test("a configured scanner: its characters and Enter are one scan, never keys")
    func configuredScanner() {
        var feed = Feed(scanner: true)
        feed.type("4006381333931", enter: true, from: 1_000_000, every: 3_000)
        #expect(feed.out == ["scan 4006381333931@1039000"])
        #expect(feed.classifier.deadline == nil)
        // A second scan, slower than any timing rule would accept, is still a scan.
        feed.type("AB-12", enter: true, from: 5_000_000, every: 50_000)
        #expect(feed.out.last == "scan AB-12@5250000")
        #expect(feed.log.messages.isEmpty)
    }

    @Test("a configured scanner without an Enter suffix: 100 ms of silence ends the scan")
    func scannerWithoutEnter() {
        var feed = Feed(scanner: true)
        feed.type("0123", enter: false, from: 0, every: 2_000)
        #expect(feed.out.isEmpty)
        // The last key was at 6 ms: nothing before 106 ms, the scan just after.
        #expect(feed.classifier.deadline == 106_001)
        feed.record(feed.classifier.flush(at: 106_000))
        #expect(feed.out.isEmpty)
        feed.record(feed.classifier.flush(at: 106_001))
        #expect(feed.out == ["scan 0123@6000"])
    }

    @Test("a keyboard typing 13 digits 2 ms apart and Enter: the first digit let through, taken back with one backspace, then the scan")
    func timedBurst() {
        var feed = Feed()
        feed.type("9780141036144", enter: true, from: 10_000_000, every: 2_000)
        #expect(feed.out == ["9@10000000", "[backspace]@10026000", "scan 9780141036144@10026000"])
        #expect(feed.classifier.isScanner)
        #expect(
            feed.log.messages == ["USB Keyboard typed 13 characters and Enter within 20 ms of each other: a scanner; its keys are scans until it is unplugged"])
        // From now on it is a scanner: nothing is let through, not even the first character.
        feed.type("42", enter: true, from: 20_000_000, every: 2_000)
        #expect(feed.out.last == "scan 42@20004000")
        #expect(feed.out.count == 4)
    }

    @Test("a person's fast pair without Enter is let through in order, 20 ms late at most")
    func fastHumanPair() {
        var feed = Feed()
        feed.key(.text("t"), at: 1_000_000)
        feed.key(.text("h"), at: 1_015_000)  // a rolled-over pair, 15 ms apart
        #expect(feed.out == ["t@1000000"])
        #expect(feed.classifier.deadline == 1_035_001)
        feed.key(.text("e"), at: 1_200_000)
        #expect(feed.out == ["t@1000000", "h@1015000", "e@1200000"])
        #expect(!feed.classifier.isScanner)
    }

    @Test("a short fast run ending with Enter is keys: three characters are no scan")
    func shortRunWithEnter() {
        var feed = Feed()
        feed.type("abc", enter: true, from: 0, every: 5_000)
        #expect(feed.out == ["a@0"])
        feed.flushDeadlines(before: .max)
        #expect(feed.out == ["a@0", "b@5000", "c@10000", "[enter]@15000"])
        #expect(!feed.classifier.isScanner)
    }

    @Test("typing at a person's pace is let through key by key at once")
    func humanTyping() {
        var feed = Feed()
        feed.type("Cafe", enter: true, from: 0, every: 120_000)
        #expect(feed.out == ["C@0", "a@120000", "f@240000", "e@360000", "[enter]@480000"])
        #expect(feed.classifier.deadline == nil)
    }

    @Test("100,000 characters without Enter: 4,096 held, then dropped with one log line, and ignored until a 100 ms pause")
    func boundedBurst() {
        var feed = Feed()
        feed.type(String(repeating: "7", count: 100_000), enter: false, from: 0, every: 1_000)
        // The first 7 was let through, then taken back when the burst was dropped.
        #expect(feed.out == ["7@0", "[backspace]@4096000"])
        #expect(
            feed.log.messages == [
                "USB Keyboard typed more than 4096 characters without a pause or Enter; they are dropped, and its keys are ignored until it pauses for 100 ms"
            ])
        // Still ignoring 100 ms after the last key, not after.
        let lastKey: UInt64 = 99_999_000
        #expect(feed.classifier.deadline == lastKey + 100_001)
        feed.key(.text("x"), at: lastKey + 100_001)
        #expect(feed.out.last == "x@100099001")
        #expect(feed.log.messages.count == 1)
    }

    @Test("a configured scanner that never sends Enter is bounded too")
    func boundedScanner() {
        var feed = Feed(scanner: true)
        feed.type(String(repeating: "1", count: 5_000), enter: true, from: 0, every: 1_000)
        #expect(feed.out.isEmpty)
        #expect(feed.log.messages.count == 1)
        feed.type("99", enter: true, from: 10_000_000, every: 1_000)
        #expect(feed.out == ["scan 99@10002000"])
    }

    @Test("unplugged in the middle of a scan: dropped, with a log line")
    func unplugged() {
        var feed = Feed(scanner: true)
        feed.type("12345", enter: false, from: 0, every: 2_000)
        feed.classifier.unplugged()
        #expect(feed.classifier.deadline == nil)
        feed.record(feed.classifier.flush(at: .max))
        #expect(feed.out.isEmpty)
        #expect(feed.log.messages == ["USB Keyboard was unplugged in the middle of a scan (5 characters); it is dropped"])
    }

    @Test("scanner entries: a name, or vendor:product in hex; a bad id or an empty entry says what to write")
    func scannerMatch() throws {
        #expect(try ScannerMatch(parsing: "0c2e:0B61") == .id(vendor: 0x0c2e, product: 0x0b61))
        #expect(try ScannerMatch(parsing: " Honeywell 1900 ") == .name("Honeywell 1900"))
        #expect(try ScannerMatch(parsing: "Symbol: LS2208") == .name("Symbol: LS2208"))
        #expect(try ScannerMatch(parsing: "0c2e:0b61").description == "0c2e:0b61")
        #expect(try ScannerMatch(parsing: "0c2e:0b61").matches(name: "anything", vendor: 0x0c2e, product: 0x0b61))
        #expect(try !ScannerMatch(parsing: "Honeywell 1900").matches(name: "honeywell 1900", vendor: 0, product: 0))
        #expect {
            try ScannerMatch(parsing: "0c2e:0bxz")
        } throws: { error in
            (error as! VitrineError).message == #"scanner "0c2e:0bxz" is not a USB vendor:product in hex"#
        }
        #expect(throws: VitrineError.self) { try ScannerMatch(parsing: "  ") }
    }
}
