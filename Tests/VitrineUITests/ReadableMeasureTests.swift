import Testing
import VitrineCore
import VitrineGraphics
import VitrineUI

/// Running text wraps at a readable measure however wide its view (issue 17): 34 ems, about 68
/// characters of Inter, inside the 60–75 typographers give.
@Suite("Readable measure")
struct ReadableMeasureTests {
    static let sentence =
        "Swipe left to continue. Every page slides with your finger, and its colour and the progress bar follow along. The sheet rises from the bottom edge and the pager follows your finger."

    @Test("body text in a 1,200-point view wraps at 34 ems: 45 to 75 characters a line, the block centred")
    func wrapsAtMeasure() throws {
        let stage = Stage(width: 1280, height: 400, scale: 1)
        let theme = Theme()
        let label = Label(text: Self.sentence, style: theme.textStyle(.body, alignment: .center), color: .black)
        label.maximumMeasure = theme.readableMeasure(.body)
        #expect(label.maximumMeasure == 34.0 * 17)
        stage.root.addSubview(label)
        label.frame = Rect(x: 40, y: 0, width: 1200, height: 400)
        stage.settle()
        let size = label.sizeThatFits(Size(width: 1200, height: .infinity))
        #expect(size.width <= 34 * 17 + 0.5, "\(size)")
        let layout = try #require(label.layout(width: 34 * 17))
        #expect(layout.lines.count >= 3, "\(layout.lines.count) lines")
        let perLine = Double(Self.sentence.count) / Double(layout.lines.count)
        #expect(perLine >= 45 && perLine <= 75, "\(perLine) characters a line")
        // Without the measure, the same view takes the sentence in two long lines.
        label.maximumMeasure = nil
        let full = try #require(label.layout(width: 1200))
        #expect(full.lines.count < layout.lines.count)
    }

    @Test("only running-text styles have a measure, and it follows the type scale")
    func whichStyles() {
        var theme = Theme()
        #expect(theme.readableMeasure(.title) == nil && theme.readableMeasure(.headline) == nil)
        #expect(theme.readableMeasure(.callout) == 34.0 * 16)
        theme.typeScale = 1.5
        #expect(theme.readableMeasure(.body) == 34.0 * 17 * 1.5)
    }
}
