import VitrineCore
import VitrineSystem

/// Plays `RandomTouches` into a headless scene for a long time and watches what a kiosk that
/// runs for months must not do: grow in memory, or end up stuck.
///
/// The touches reach the scene as a panel's do: each sample time becomes one `TouchFrame` of a
/// `TouchContactTable` (the table `LibinputSource` and `ReplaySource` fill), handed to the
/// window's gesture arena at its time on the runner's `ManualEventLoop`, with every frame the
/// animations ask for presented in between. Whenever no finger is down and nothing animates,
/// `restingProblem` is asked whether the scene is at rest (a sheet at a detent, no transition
/// left half-way); the first problem stops the soak.
///
/// Memory is the process's own `VmRSS` from `/proc/self/status`, read after `warmUpEvents`
/// and at the end: caches (glyphs, images, blur planes) fill during the warm-up, after it the
/// resident size must stay flat. Each reading first hands the allocator's free pages back
/// (`ProcessMemory.releaseFreeMemory()`): otherwise it counts whatever glibc kept from the last
/// burst of large buffers (frames, blurred backdrops: 3–10 MB up and down between readings of
/// the same screens), which says nothing about what is still held; `VmHWM` reports the peak.
public final class TouchSoak {
    public let runner: HeadlessRunner
    public let seed: UInt64
    /// Events before the memory baseline is taken (`defaultWarmUpEvents`).
    public var warmUpEvents = TouchSoak.defaultWarmUpEvents
    /// Asked whenever the scene should be at rest (no finger down, no animation running):
    /// nil, or what is stuck.
    public var restingProblem: (() -> String?)?
    /// Keep every event played, for `script()` (costs memory: off for measuring).
    public var keepsEvents = false
    /// Called once the warm-up is played, before the memory baseline is read: bring the scene
    /// to the state the end is measured in, so both readings hold the same screens.
    public var onWarmedUp: (() -> Void)?

    /// The first 10,000 events warm the caches up before the memory baseline (issue 16).
    public static let defaultWarmUpEvents = 10_000

    /// What one soak did.
    public struct Report: Sendable {
        public var seed: UInt64
        public var events = 0
        public var gestures = 0
        /// Times the scene was found at rest between gestures and checked.
        public var restingChecks = 0
        /// Frames presented to the output during the soak.
        public var framesPresented = 0
        /// Touch time played (the loop's clock), in seconds.
        public var simulatedSeconds = 0.0
        /// Time the soak took on this machine, in seconds.
        public var wallSeconds = 0.0
        /// `VmRSS` after the warm-up and at the end, and `VmHWM` at the end, in KiB (nil without
        /// procfs, or when the soak was shorter than the warm-up).
        public var residentAfterWarmUpKiB: Int?
        public var residentAtEndKiB: Int?
        public var peakResidentKiB: Int?
        /// The first problem found at rest, and after how many events.
        public var problem: String?
        public var problemAfterEvents: Int?

        public var eventsPerSecond: Double { self.wallSeconds > 0 ? Double(self.events) / self.wallSeconds : 0 }
        /// `VmRSS` growth after the warm-up, in KiB.
        public var residentGrowthKiB: Int? {
            guard let start = self.residentAfterWarmUpKiB, let end = self.residentAtEndKiB else { return nil }
            return end - start
        }
    }

    private var touches: RandomTouches
    private var table = TouchContactTable(device: "soak")
    /// Where the soak's event times start, on the loop.
    private let start: MonotonicTime
    private var played: [ScriptedTouch] = []
    private var presents = 0

    public init(runner: HeadlessRunner, seed: UInt64) {
        self.runner = runner
        self.seed = seed
        self.touches = RandomTouches(size: runner.window.size, seed: seed)
        self.start = runner.loop.now
        let present = runner.window.present
        runner.window.present = { [unowned self] frame, damage in
            self.presents += 1
            present?(frame, damage)
        }
    }

    /// Frames the window presented since the soak was made (its own and any tests' touches).
    public var framesPresented: Int { self.presents }

    /// Plays `count` events (whole gestures: the last one may run a few events over), stopping at
    /// the first problem at rest.
    public func run(events count: Int) -> Report {
        var report = Report(seed: self.seed)
        let began = MonotonicTime.now()
        let presentsBefore = self.presents
        var time: Int64 = 0
        var warm = false
        while report.events < count {
            let gesture = self.touches.next(after: time)
            guard let first = gesture.first else { continue }
            // Before the gesture, no finger is down: if nothing moves either, all must be at rest.
            self.runner.loop.advance(to: self.start + .microseconds(first.time))
            if let check = self.restingProblem, self.runner.window.animator.isIdle {
                report.restingChecks += 1
                if let problem = check() {
                    report.problem = problem
                    report.problemAfterEvents = report.events
                    break
                }
            }
            var index = 0
            while index < gesture.count {
                let at = gesture[index].time
                self.runner.loop.advance(to: self.start + .microseconds(at))
                while index < gesture.count, gesture[index].time == at {
                    self.apply(gesture[index])
                    index += 1
                    report.events += 1
                }
                if let frame = self.table.frame(timestamp: UInt64((self.start + .microseconds(at)).microseconds)) { self.runner.touch(frame) }
            }
            if self.keepsEvents { self.played += gesture }
            report.gestures += 1
            time = gesture.last!.time
            if !warm, report.events >= self.warmUpEvents {
                warm = true
                if let onWarmedUp = self.onWarmedUp {
                    onWarmedUp()
                    // The hook's own touches moved the clock: the soak goes on from there.
                    time = max(time, (self.runner.loop.now - self.start).value / 1000)
                }
                ProcessMemory.releaseFreeMemory()
                report.residentAfterWarmUpKiB = ProcessMemory.current()?.residentKiB
            }
        }
        if warm { ProcessMemory.releaseFreeMemory() }
        let memory = ProcessMemory.current()
        report.residentAtEndKiB = warm ? memory?.residentKiB : nil
        report.peakResidentKiB = memory?.peakResidentKiB
        report.wallSeconds = (MonotonicTime.now() - began).seconds
        report.simulatedSeconds = Double(time) / 1e6
        report.framesPresented = self.presents - presentsBefore
        return report
    }

    private func apply(_ touch: ScriptedTouch) {
        switch touch.phase {
        case .down: self.table.down(id: touch.id, x: touch.x, y: touch.y)
        case .move: self.table.motion(id: touch.id, x: touch.x, y: touch.y)
        case .up: self.table.up(id: touch.id)
        case .cancel: self.table.cancel(id: touch.id)
        }
    }

    /// The events played (with `keepsEvents`) as a JSON touch script, times from the soak's start,
    /// one event a line: `vitrine replay --events` plays it back.
    public func script() -> String {
        "[\n" + self.played.map { $0.scriptLine() }.joined(separator: ",\n") + "\n]\n"
    }
}
