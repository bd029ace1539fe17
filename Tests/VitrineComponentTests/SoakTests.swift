import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The soak of issue 16, shorter: random touches through the demo headless, then the checks that
/// it settled, responds, draws, and did not grow (`vitrine soak` plays the full 100,000 events in
/// scripts/test.sh).
@Suite("Random touches through the demo (soak)")
struct SoakTests {
    @Test("20,000 random touches leave the demo at rest, responding to taps and drawing")
    func soak() throws {
        let demo = try KioskSoak(seed: 1)
        let outcome = demo.run(events: 20_000)
        let report = outcome.report
        #expect(report.events >= 20_000)
        #expect(report.restingChecks > 100, "the soak should find the demo at rest often: \(report.restingChecks)")
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        // The memory check runs in a process of its own (SoakCommandTests in VitrineCLITests):
        // here VmRSS also counts the tests running beside this one. The soak's own growths are
        // fixed: every content sheet presented stayed alive (6 MB each, DemoMemoryTests below),
        // HeadlessOutput.flips, and readings that counted glibc's free pages (ProcessMemory.
        // releaseFreeMemory).
        #expect(report.residentGrowthKiB != nil, "no VmRSS in /proc/self/status")
        #expect(outcome.framesPresentedAfter > 0)
    }

    @Test(
        "10,000 random touches through each version-2 example (museum, café, tickets): at rest every time nothing moves — sheets at a detent, every content-sheet callback matched — and drawing at the end",
        arguments: ["museum", "cafe", "tickets"])
    func soakExample(_ name: String) throws {
        let path = KioskRun.examples + "/\(name)/kiosk.json"
        let loaded = try KioskConfigLoader.load(path: path)
        let soak = try KioskSoak(seed: 29, configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        #expect(!soak.isDemo)
        let outcome = soak.run(events: 10_000)
        #expect(outcome.report.restingChecks > 30, "\(outcome.report.restingChecks)")
        #expect(outcome.problems.isEmpty, "\(name): \(outcome.problems)")
        #expect(outcome.framesPresentedAfter > 0)
    }

    @Test("the same seed plays the same touches, another seed others")
    func seeded() {
        let size = Size(width: 1280, height: 800)
        var a = RandomTouches(size: size, seed: 7)
        var b = RandomTouches(size: size, seed: 7)
        var c = RandomTouches(size: size, seed: 8)
        var time: Int64 = 0
        var differs = false
        for _ in 0..<200 {
            let gesture = a.next(after: time)
            #expect(gesture == b.next(after: time))
            if gesture != c.next(after: time) { differs = true }
            time = gesture.last!.time
        }
        #expect(differs)
    }

    @Test("every generated contact goes down once and ends once, in time order, on the screen, with taps, flicks and several fingers among them")
    func wellFormed() {
        let size = Size(width: 1280, height: 800)
        var touches = RandomTouches(size: size, seed: 3)
        var time: Int64 = 0
        var kinds: Set<String> = []
        for _ in 0..<2000 {
            let gesture = touches.next(after: time)
            #expect(gesture.first!.time > time, "a gesture starts at least a sample after the last ended")
            var down: Set<Int> = []
            var seen: Set<[Int64]> = []
            var last = time
            for touch in gesture {
                #expect(seen.insert([Int64(touch.id), touch.time]).inserted, "one event per contact and time")
                #expect(touch.time >= last)
                last = touch.time
                #expect((0..<size.width).contains(touch.x) && (0..<size.height).contains(touch.y))
                switch touch.phase {
                case .down: #expect(down.insert(touch.id).inserted)
                case .move: #expect(down.contains(touch.id))
                case .up, .cancel: #expect(down.remove(touch.id) != nil)
                }
            }
            #expect(down.isEmpty)
            let fingers = Set(gesture.map(\.id)).count
            if fingers > 1 { kinds.insert("fingers") }
            if gesture.contains(where: { $0.phase == .cancel }) { kinds.insert("cancel") }
            if fingers == 1, gesture.count <= 3 { kinds.insert("tap") }
            if fingers == 1, gesture.count > 3, gesture.last!.time - gesture.first!.time < 200_000 { kinds.insert("flick") }
            time = gesture.last!.time
        }
        #expect(kinds == ["fingers", "cancel", "tap", "flick"])
    }

    @Test("the touch script a soak writes replays through the replay source to the state the soak left")
    func scriptReplays() throws {
        let demo = try KioskSoak(seed: 5)
        demo.soak.keepsEvents = true
        let report = demo.soak.run(events: 1500)
        #expect(report.problem == nil)
        demo.runner.settle()
        let directory = TemporaryDirectory(prefix: "vitrine-soak")
        defer { directory.remove() }
        let path = directory.file("soak.json")
        try FileBytes.writeAtomically(Array(demo.soak.script().utf8), to: path)
        let replayed = try KioskRun(configuration: KioskDemo.configuration)
        try replayed.run.replay(path)
        for key in ["screen", "onboarding", "split_sheet", "content_sheet", "callbacks"] {
            #expect(replayed.state[key] == demo.scene.state()[key], "\(key)")
        }
    }
}

/// What the soak found that is not a wedge: memory that grew with use.
@Suite("The demo's memory over many presentations")
struct DemoMemoryTests {
    /// Each presented sheet held through `weak`: the process's resident size cannot tell here,
    /// since the suite's other tests run in the same process at the same time (it read 65 MB of
    /// "growth" in CI); the objects themselves can. `vitrine soak` measures its own process.
    @Test("presenting and dismissing the content sheet 30 times frees every sheet but the last (each, with its pictures, stayed alive, about 6 MB, before)")
    func dismissedSheetsAreFreed() throws {
        let run = try KioskRun(configuration: KioskDemo.configuration)
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        final class Weak { weak var sheet: ContentSheet? }
        var presented: [Weak] = []
        for _ in 0..<30 {
            run.tap(try #require(run.view("screens.main.content.children[2].children[1]")))
            #expect(run.state["content_sheet"]?["screen"]?.stringValue == "exhibits")
            let held = Weak()
            held.sheet = run.controller.contentSheet
            #expect(held.sheet != nil)
            presented.append(held)
            run.tap(Point(x: 640, y: 20))
            #expect(run.state["content_sheet"]?["presented"] == .bool(false))
        }
        run.run.settle()
        // The controller keeps the last sheet (`contentSheet`, shown or not) until the next is
        // presented: one, never more.
        let alive = presented.indices.filter { presented[$0].sheet != nil }
        #expect(alive == [29], "dismissed sheets still alive: \(alive)")
    }

    @Test("the scene's action and callback logs keep the last logCapacity entries however long it runs")
    func logsAreBounded() throws {
        let run = try KioskRun(configuration: KioskDemo.configuration)
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        for _ in 0..<300 { run.controller.perform(.toggleSplitSheet) }
        run.run.settle()
        #expect(run.controller.actions.count == SceneController.logCapacity)
        #expect(run.controller.actions.totalCount > 300)
        #expect(run.controller.callbacks.count == SceneController.logCapacity)
        #expect(run.controller.callbacks.last == "splitSheet.rest=hidden")
    }
}
