import Glibc
import Testing
import VitrineCore
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineTestSupport

@testable import VitrineUI

/// The sequence fuzz target's player (`KioskSequence`, issue 29) in the unit suite: its seeds and
/// every input it ever stopped on (Tests/Fuzz/Corpus/fuzz-sequence, Tests/Fuzz/Crashes/fuzz-sequence)
/// played through the examples, each of which must leave the kiosk alive and at rest.
@Suite("Hostile sequences through the examples: the fuzz target's corpus and crashes")
struct SequenceTests {
    static let root: String = {
        let file = #filePath
        return String(file[..<file.firstRange(of: "/Tests/")!.lowerBound])
    }()

    let examples = KioskSequence.Examples(directory: Self.root + "/Examples")

    /// The files of `folder` (none when it does not exist), sorted.
    static func inputs(_ folder: String) -> [String] {
        let names = Directory.entryNames(folder)
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { folder + "/" + $0 }
    }

    @Test("every seed and past crash plays through its example and leaves it alive and at rest")
    func corpus() throws {
        let examples = self.examples
        let directory = TemporaryDirectory(prefix: "vitrine-sequence")
        defer { directory.remove() }
        let inputs = Self.inputs(Self.root + "/Tests/Fuzz/Corpus/fuzz-sequence") + Self.inputs(Self.root + "/Tests/Fuzz/Crashes/fuzz-sequence")
        #expect(inputs.count >= 5)
        var named: Set<String> = []
        for input in inputs {
            let bytes = try FileReader.read(input, limit: 1 << 20, what: "a sequence")
            let played = try examples.play(bytes, folder: directory.path)
            named.insert(played.example)
            #expect(played.problems.isEmpty, "\(input) (\(played.example)): \(played.problems) after \(played.steps); callbacks \(played.callbacks)")
            #expect(played.steps.count >= 5, "\(input) played only \(played.steps)")
        }
        #expect(named == Set(KioskSequence.Examples.names), "the seeds go through \(named.sorted())")
    }

    @Test("the steps are real: a push, a language and a tap by id change the ticket machine as they say")
    func stepsAct() throws {
        let examples = self.examples
        let directory = TemporaryDirectory(prefix: "vitrine-sequence")
        defer { directory.remove() }
        let kiosk = try examples.load("tickets")
        let sequence = try KioskSequence(configuration: kiosk.configuration, baseDirectory: kiosk.baseDirectory, folder: directory.path)
        // navigate push screens[1] (confirm), language languages[1] (de), then wait.
        let problems = sequence.play([4, 0, 1, 5, 1, 0, 3, 60, 0])
        #expect(problems.isEmpty, "\(problems)")
        let controller = try #require(sequence.controller)
        #expect(controller.navigationStack.map(\.model.id) == ["choose", "confirm"], "\(Array(sequence.lastReplies))")
        #expect(controller.language == "de")
        #expect(sequence.steps == ["navigate push confirm", "language de", "wait 480 ms"])
    }

    @Test("what it checks at the end finds a sheet left between its detents and an unanswered line")
    func findsProblems() throws {
        let examples = self.examples
        let directory = TemporaryDirectory(prefix: "vitrine-sequence")
        defer { directory.remove() }
        let demo = try examples.load("demo")
        let sequence = try KioskSequence(configuration: demo.configuration, baseDirectory: demo.baseDirectory, folder: directory.path)
        // perform finishOnboarding, then toggleSplitSheet.
        #expect(sequence.play([7, 13, 0, 7, 11, 0]).isEmpty)
        let controller = try #require(sequence.controller)
        let split = try #require(controller.splitSheetInFront)
        // Left where no gesture leaves it: between the detents.
        split.motion.set((split.detentOffsets.first ?? 0) + 37)
        #expect(sequence.play([]).contains { $0.contains("not at a detent") })
    }
}
