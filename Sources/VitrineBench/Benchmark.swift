import VitrineCore

/// One group of `vitrine bench` rows (blur, sheet drag, compositing, text, springs, start-up…).
///
/// To add one: write a type conforming to `Benchmark` in its own file and add it to
/// `BenchmarkList.all`. `run` measures our code and its peer in the same call, so every ratio
/// compares two times taken minutes apart at most on the same machine.
public protocol Benchmark: Sendable {
    /// The group's name, matched by `--only` (e.g. `blur`). Rows should start with it.
    var name: String { get }
    /// The names of the rows it produces (for `--only`); the group's name by default.
    var rowNames: [String] { get }
    /// Measures and returns the rows; notes for the user go to `context.note(_:)`.
    func run(_ context: BenchContext) throws -> [BenchRow]
}

extension Benchmark {
    public var rowNames: [String] { [self.name] }
}

/// How the bench was asked to run.
public struct BenchOptions: Sendable {
    /// Names or name prefixes to run (`--only`, comma-separated); empty runs everything.
    public var only: [String] = []
    /// Fewer repetitions, for a quick look (`--quick`).
    public var quick = false
    /// Whether the bench may create a Python venv and pip-install a peer (`--no-install` clears it).
    public var mayInstallPeers = true

    public init(only: [String] = [], quick: Bool = false, mayInstallPeers: Bool = true) {
        self.only = only
        self.quick = quick
        self.mayInstallPeers = mayInstallPeers
    }

    /// Timed repetitions per measurement: 5 with `--quick`, else `normal`.
    public func runs(normal: Int) -> Int { self.quick ? min(5, normal) : normal }

    /// Whether a row or group called `name` was asked for.
    public func wants(_ name: String) -> Bool {
        self.only.isEmpty || self.only.contains { name.hasPrefix($0) || $0.hasPrefix(name) }
    }
}

/// What a running benchmark can reach: the options, and a place for notes printed under the
/// table (and written to the JSON file).
public final class BenchContext {
    public let options: BenchOptions
    public private(set) var notes: [String] = []
    private let progress: (String) -> Void

    /// `progress` receives lines about what is happening (the CLI sends them to stderr).
    public init(options: BenchOptions, progress: @escaping (String) -> Void = { _ in }) {
        self.options = options
        self.progress = progress
    }

    /// Adds a note shown under the table, once.
    public func note(_ text: String) {
        if !self.notes.contains(text) { self.notes.append(text) }
    }

    /// Reports progress (not part of the results).
    public func report(_ text: String) { self.progress(text) }
}

/// Every benchmark `vitrine bench` knows, in the order it runs them.
public enum BenchmarkList {
    public static let all: [any Benchmark] = [
        BlurBenchmark(),
        LayersBenchmark(),
        CompositingBenchmark(),
        SecondCoreBenchmark(),
        SpringBenchmark(),
        TextBenchmark(),
        StartupBenchmark(),
        InputLatencyBenchmark(),
        KeyToGlyphBenchmark(),
        SpeechBenchmark(),
        StateChangeBenchmark(),
        SpinnerBenchmark(),
        SceneBenchmark(),
        KeyboardSlideBenchmark(),
        BandedPresentBenchmark(),
        DataUpdateBenchmark.small,
        DataUpdateBenchmark.large,
        BigPhotoBenchmark(),
        ControlNavigateBenchmark(),
        QtQuickBenchmark()
    ]

    /// Runs the benchmarks the options ask for and returns their rows.
    public static func run(_ context: BenchContext) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for benchmark in self.all where context.options.wants(benchmark.name) || benchmark.rowNames.contains(where: context.options.wants) {
            rows += try benchmark.run(context).filter { context.options.wants($0.name) }
        }
        return rows
    }
}
