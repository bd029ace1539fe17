import Testing
import VitrineCore
import VitrineGraphics
import VitrineUI

/// A label measured by a layout pass and drawn at the width it got shapes its text once
/// (issue 34: a pushed page's paragraphs were shaped twice before its slide could start).
@Suite("A label shapes its text once")
struct LabelLayoutTests {
    @Test("measured, then drawn at that width: one layout; a new text or width: one more")
    func measuredThenDrawn() throws {
        let stage = Stage(width: 600, height: 300, scale: 1)
        let label = Label(text: ReadableMeasureTests.sentence, style: Theme().textStyle(.body), color: .black)
        stage.root.addSubview(label)
        let size = label.sizeThatFits(Size(width: 400, height: .infinity))
        #expect(label.layoutsMade == 1)
        label.frame = Rect(x: 0, y: 0, width: 400, height: size.height)
        stage.settle()
        #expect(label.layer.displayCount == 1)
        #expect(label.layoutsMade == 1)
        label.text = "Swipe left to continue."
        stage.settle()
        #expect(label.layoutsMade == 2)
        label.frame.size.width = 300
        stage.settle()
        #expect(label.layoutsMade == 3 && label.layer.displayCount == 3)
        #expect(try #require(label.layout(width: 300)).lines.count == 1)
        #expect(label.layoutsMade == 3)
    }
}
