import Testing
import VitrineCore
import VitrineGraphics
import VitrineUI

/// A label's lines are decided once: the lines it draws in the frame a stack gave it are the
/// lines it measured for that frame, so no word is lost below a line nobody made room for
/// (issue 29, item 1: "Swipe left to start" centred in a vstack drew "Swipe left to").
@Suite("Text: the lines drawn are the lines measured")
struct TextFitTests {
    static let styles: [TypeStyle] = [.largeTitle, .title, .headline, .body, .callout, .footnote]
    static let alignments: [StackAlignment] = [.center, .leading, .trailing, .fill]
    static let words = [
        "Swipe", "left", "to", "start", "Find", "events,", "rooms", "and", "opening", "hours", "Welcome", "Harbour", "Museum", "Tickets",
        "Wednesday", "single", "ride", "€2.90", "Über", "Größe", "café", "naïve", "A", "I", "—", "10:00–17:00", "Ferry", "departures"
    ]

    /// The label's text as lines for the width it is drawn in, and as lines for the width it
    /// measured in its stack: with the same width they must be the same lines.
    @Test("many strings, styles, scales and alignments: a label in a vertical stack draws the lines it measured, and none is clipped")
    func drawnEqualsMeasured() throws {
        var random = SplitMix64(seed: 29)
        var checked = 0
        for scale in [1.0, 1.25, 1.5, 2.0, 2.25, 3.0] {
            let stage = Stage(width: 1024, height: 768, scale: scale)
            for _ in 0..<40 {
                let count = Int(random.next() % 7) + 1
                let text = (0..<count).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }.joined(separator: " ")
                let styleName = Self.styles[Int(random.next() % UInt64(Self.styles.count))]
                let alignment = Self.alignments[Int(random.next() % UInt64(Self.alignments.count))]
                let width = 120 + Double(random.next() % 800)
                let theme = Theme()
                let label = Label(text: text, style: theme.textStyle(styleName, alignment: .center), color: .black)
                let stack = StackView(axis: .vertical, spacing: 8, alignment: alignment, children: [label])
                for old in stage.root.subviews { old.removeFromSuperview() }
                stage.root.addSubview(stack)
                stack.frame = Rect(x: 0, y: 0, width: width, height: 700)
                stage.settle()
                let frame = label.frame
                let measured = try #require(label.layout(width: frame.width), "no fonts")
                let natural = try #require(label.layout(width: width))
                #expect(
                    measured.lines.map(\.text) == natural.lines.map(\.text),
                    "\(text) (\(styleName), \(alignment), \(width) pt, scale \(scale)): drawn in \(frame.width) pt as \(measured.lines.map(\.text)), measured in the stack as \(natural.lines.map(\.text))"
                )
                #expect(
                    measured.size.height <= frame.height + 0.001,
                    "\(text) (\(styleName), \(alignment), scale \(scale)): \(measured.lines.count) line(s) need \(measured.size.height) pt, the frame has \(frame.height)"
                )
                #expect(!measured.lines.contains { $0.isTruncated }, "\(text): truncated without a line limit")
                checked += 1
            }
        }
        #expect(checked == 240)
    }

    @Test("the two strings of the report, centred at their own width, each on one line")
    func reportedStrings() throws {
        for scale in [1.0, 2.0] {
            let stage = Stage(width: 1280, height: 800, scale: scale)
            let theme = Theme()
            for (text, style) in [("Swipe left to start", TypeStyle.body), ("Find events, rooms and opening hours", .title)] {
                let label = Label(text: text, style: theme.textStyle(style, alignment: .center), color: .black)
                let stack = StackView(axis: .vertical, spacing: 16, alignment: .center, children: [label])
                for old in stage.root.subviews { old.removeFromSuperview() }
                stage.root.addSubview(stack)
                stack.frame = Rect(x: 0, y: 0, width: 1280, height: 800)
                stage.settle()
                let layout = try #require(label.layout(width: label.frame.width))
                #expect(layout.lines.map(\.text) == [text], "scale \(scale): \(text) drawn as \(layout.lines.map(\.text)) in \(label.frame.width) pt")
            }
        }
    }
}
