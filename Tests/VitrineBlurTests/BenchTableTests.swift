import Testing
import VitrineBench

@Suite("vitrine bench table")
struct BenchTableTests {
    let rows = [
        BenchRow(
            name: "blur-sigma20", oursMilliseconds: 5, peer: "cv2.stackBlur", peerMilliseconds: 20, p50Milliseconds: 5,
            p99Milliseconds: 7.5),
        BenchRow(name: "blur-sigma20", oursMilliseconds: 5, meanAbsoluteError: 0.25, maximumAbsoluteError: 4)
    ]

    @Test("JSON has the agreed shape, ratio is ours ÷ peer, and fields that do not apply are left out")
    func json() {
        let json = BenchTable(machine: "test \"box\"", rows: self.rows, notes: ["one thread"]).json
        #expect(json.contains(#""machine": "test \"box\"""#))
        #expect(
            json.contains(
                #"{"name": "blur-sigma20", "ours_ms": 5.0000, "peer": "cv2.stackBlur", "peer_ms": 20.0000, "ratio": 0.2500, "p50_ms": 5.0000, "p99_ms": 7.5000}"#
            ))
        #expect(json.contains(#"{"name": "blur-sigma20", "ours_ms": 5.0000, "mean_abs_err": 0.2500, "max_abs_err": 4.0000}"#))
        #expect(json.contains(#""notes": ["one thread"]"#))
    }

    @Test("the text table aligns every column and prints a dash where a field does not apply")
    func text() {
        let lines = BenchTable(machine: "m", rows: self.rows).text.split(separator: "\n")
        let table = lines.filter { $0.hasPrefix("name") || $0.hasPrefix("-") || $0.hasPrefix("blur") }
        #expect(table.count == 4)
        #expect(Set(table.map(\.count)).count == 1, "all lines the same width: \(table)")
        #expect(table[3].contains("—"))
        #expect(table[2].contains("0.250"))
    }

    @Test("--only matches groups and rows by prefix")
    func only() {
        let options = BenchOptions(only: ["blur-sigma20"])
        #expect(options.wants("blur"))
        #expect(options.wants("blur-sigma20"))
        #expect(!options.wants("blur-sigma8"))
        #expect(!options.wants("sheet-drag"))
        #expect(BenchOptions().wants("anything"))
    }
}
