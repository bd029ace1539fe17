import Testing
import VitrineCore
import VitrineUI

/// The navigation bar's round close button (issue 17): a 44-point touch area with a 32-point
/// circle in its middle, drawn in the pixels.
@Suite("Navigation bar: the round close button")
struct NavigationBarTests {
    @Test("an icon-only close item is a 44-point square centred in the bar, with a 32-point grey circle drawn in it")
    func roundClose() throws {
        let stage = Stage(width: 400, height: 100, scale: 1)
        let bar = NavigationBar(item: NavigationItem(title: "Exhibits", leftItem: BarButtonItem(title: "", icon: "close") {}))
        bar.backgroundColor = .white
        stage.show(bar)
        bar.frame = Rect(x: 0, y: 0, width: 400, height: 56)
        stage.settle()
        let button = try #require(bar.leftButton)
        #expect(bar.isRound(button))
        #expect(button.frame == Rect(x: 8, y: 6, width: 44, height: 44), "\(button.frame)")
        _ = stage.window.compositor.render()
        let picture = stage.window.compositor.frame
        // The circle's grey between the glyph's strokes (its centre row, 13 pt left of centre:
        // inside the 16-pt radius) and white just outside the circle.
        let grey = picture[30 - 13, 28] & 0x00FF_FFFF
        #expect(grey != 0xFF_FFFF && grey >> 16 > 0xB0, "\(String(grey, radix: 16))")
        #expect(picture[30 - 19, 28] & 0x00FF_FFFF == 0xFF_FFFF)
        // A titled item stays a plain bar button: full bar height.
        let titled = NavigationBar(item: NavigationItem(title: "x", rightItem: BarButtonItem(title: "Done") {}))
        stage.show(titled)
        titled.frame = Rect(x: 0, y: 0, width: 400, height: 56)
        stage.settle()
        #expect(titled.rightButton.map { !titled.isRound($0) && $0.frame.height == 56 } == true)
    }
}
