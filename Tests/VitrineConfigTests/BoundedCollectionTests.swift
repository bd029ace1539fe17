import Testing
import VitrineCore
import VitrineUI

@testable import VitrineGraphics
@testable import VitrineRuntime
@testable import VitrineScene

/// Records that grow with a running kiosk's age, not with its config: each keeps a stated bound
/// however long it runs (issue 16, "every collection that grows with time has a bound").
@Suite("Bounded collections")
struct BoundedCollectionTests {
    @Test("bound views of screens pushed and popped without a data change are forgotten once freed: the list stays near what is shown")
    func bindingsOfFreedViews() {
        let builder = SceneBuilder(theme: .standard, images: FileImageSource()) { _, _ in }
        let shown = (0..<10).map { _ in View() }
        for view in shown { builder.bind(view, when: true) { _ in } }
        for _ in 0..<100_000 {
            // A pushed screen's bound label, freed when the screen is popped.
            builder.bind(View(), when: true) { _ in }
        }
        #expect(builder.bindings.count <= SceneBuilder.minimumBindingsPrune + 1, "\(builder.bindings.count) bindings kept")
        #expect(builder.liveBindingCount == shown.count)
        // A view still shown is never forgotten.
        var updated = 0
        builder.refreshBindings()
        for view in shown { builder.bind(view, when: true) { _ in updated += 1 } }
        builder.refreshBindings()
        #expect(updated == shown.count)
    }

    @Test("a headless panel keeps the last 64 power states and counts them all")
    func headlessPanelStates() {
        let panel = HeadlessPanelPower()
        for i in 0..<10_000 { panel.apply(i % 2 == 0 ? .blank : .on) }
        #expect(panel.states.count == HeadlessPanelPower.retainedStates)
        #expect(panel.applyCount == 10_000)
        #expect(panel.state == .on)
        #expect(panel.states.suffix(2) == [.blank, .on])
    }

    @Test("the fallback font answers stay under their bound however many different characters live data brings")
    func fallbackAnswers() throws {
        let library = try FontLibrary()
        let font = try library.font(.default, pointSize: 17)
        let before = library.fallbackFont(for: 0x4E00, primary: font)?.face.path
        // 20,000 distinct characters: CJK ideographs and on.
        for scalar in UInt32(0x4E00)..<UInt32(0x4E00 + 20_000) {
            _ = library.fallbackFont(for: scalar, primary: font)
        }
        #expect(library.fallbackFonts.count <= FallbackFontList.maximumAnswers)
        #expect(!library.fallbackLists.isEmpty)
        for list in library.fallbackLists.values { #expect(list.answers.count <= FallbackFontList.maximumAnswers) }
        // Cleared, it still gives the same answer for a character it had answered before.
        #expect(library.fallbackFont(for: 0x4E00, primary: font)?.face.path == before)
    }
}
