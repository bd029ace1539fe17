import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// What a text field costs when nobody types, and what idle clears.
@Suite("Config: a quiet caret, and idle clears what was typed")
struct TextFieldQuietTests {
    @Test("nothing focused draws nothing; a focused caret's blink copies only its own strip; 10 s after the last key it stops")
    func caretCost() throws {
        let typist = try TextFieldTests.Typist()
        let output = typist.run.output
        typist.run.advance(2)
        let idleFlips = output.flipCount
        typist.run.advance(3)
        #expect(output.flipCount == idleFlips, "no frame while nothing is focused")
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(2)
        let field = try #require(StateTests.view("query", in: typist.run.window.root) as? TextField)
        #expect(field.isBlinking)
        let caret = field.caretFrame
        let before = output.flipCount
        typist.run.advance(3)
        let blinks = output.flips.suffix(output.flipCount - before)
        #expect(blinks.count >= 4 && blinks.count <= 6, "a blink every 600 ms: \(blinks.count) frames in 3 s")
        for flip in blinks {
            let bounds = flip.copied.bounds
            #expect(bounds.width <= Int(caret.width) + 2 && bounds.height <= Int(caret.height) + 2, "a blink copied \(bounds), the caret is \(caret)")
        }
        typist.run.advance(10)
        #expect(!field.isBlinking && field.caretIsShown, "quiet 10 s after the last key, the caret left showing")
        let quiet = output.flipCount
        typist.run.advance(5)
        #expect(output.flipCount == quiet)
    }

    @Test("idle: the keyboard goes, every field and the state are empty again, the last scan is forgotten")
    func idleClears() throws {
        let typist = try TextFieldTests.Typist()
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(1)
        try typist.type("secret")
        _ = try typist.scene.control("scan", arguments: .object([("code", .string("1234"))]))
        typist.run.advance(1)
        _ = try typist.scene.control("navigate", arguments: .object([("to", .string("pop"))]))
        _ = try typist.scene.control("type", arguments: .object([("id", .string("pin")), ("text", .string("1234"))]))
        typist.run.advance(31)
        #expect(typist.state["keyboard"]?["shown"] == .bool(false))
        #expect(typist.state["focus"] == .null)
        #expect(typist.scene.controller?.stateValue("query") == .string(""))
        #expect(typist.scene.controller?.stateValue("pin") == .string(""))
        #expect(typist.scene.controller?.data.sources["scan"]?["code"] == .string(""))
        let field = try #require(StateTests.view("query", in: typist.run.window.root) as? TextField)
        #expect(field.text.isEmpty)
    }
}
