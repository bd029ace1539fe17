import Testing
import VitrineCore
import VitrineHeadless
import VitrineRuntime
import VitrineUI

/// The out-of-order page (issue 17): the visitor sees no technical text; a 3-second hold shows
/// the staff the details, through the window's own touch handling.
@Suite("Error page: visitors' page, staff details behind a hold")
struct ErrorPageTests {
    static let message = "/etc/vitrine/kiosk.json: line 2, column 22: unexpected \"}\""

    final class Screen {
        let loop = ManualEventLoop()
        let output: HeadlessOutput
        let window: Window
        let page: ErrorPage

        init() {
            self.output = HeadlessOutput(logicalSize: PixelSize(width: 1280, height: 800), loop: self.loop)
            self.window = Window(output: self.output)
            self.page = ErrorPage(message: ErrorPageTests.message)
            self.window.root.addSubview(self.page)
            self.page.pinToEdges()
            self.settle()
        }

        func settle() { self.loop.runUntilIdle(limit: self.loop.now + .seconds(1)) }

        /// A finger down at the centre, still for `seconds`, then lifted.
        func press(seconds: Double) {
            let start = self.loop.now
            self.window.handle(TouchFrame(timestamp: UInt64(start.nanoseconds / 1000), contacts: [TouchContact(id: 1, phase: .began, x: 640, y: 400)]))
            let end = start + .seconds(seconds)
            self.loop.advance(to: end)
            self.window.handle(TouchFrame(timestamp: UInt64(end.nanoseconds / 1000), contacts: [TouchContact(id: 1, phase: .ended, x: 641, y: 400)]))
            self.settle()
        }

        /// The texts of the labels on screen.
        var visibleTexts: [String] {
            var texts: [String] = []
            func visit(_ view: View) {
                guard !view.isHidden else { return }
                if let label = view as? Label { texts.append(label.text) }
                view.subviews.forEach(visit)
            }
            visit(self.window.root)
            return texts
        }
    }

    @Test("the visitor sees the brand colour and a plain message, no path and no error text")
    func visitorsPage() throws {
        let screen = Screen()
        #expect(!screen.page.showsDetails)
        let texts = screen.visibleTexts
        #expect(texts.contains(ErrorPage.visitorTitle) && texts.contains(ErrorPage.visitorMessage), "\(texts)")
        #expect(!texts.joined().contains("/") && !texts.joined().contains("line 2"), "\(texts)")
        let picture = try #require(screen.output.logicalScreen())
        #expect(picture[5, 5] | 0xFF00_0000 == Theme.standard.tint.argbPremultiplied | 0xFF00_0000)
    }

    @Test("a 3-second hold shows the details and another brings the visitors' page back; a shorter press does nothing")
    func holdForDetails() throws {
        let screen = Screen()
        screen.press(seconds: 0.4)
        #expect(!screen.page.showsDetails, "a tap is a visitor's")
        screen.press(seconds: 2.5)
        #expect(!screen.page.showsDetails, "2.5 s is not yet a hold")
        screen.press(seconds: 3.2)
        #expect(screen.page.showsDetails)
        #expect(screen.visibleTexts.contains(ErrorPageTests.message), "\(screen.visibleTexts)")
        let details = try #require(screen.output.logicalScreen())
        #expect(details[5, 5] & 0x00FF_FFFF == 0x1C_1C1E)
        screen.press(seconds: 3.2)
        #expect(!screen.page.showsDetails)
    }
}
