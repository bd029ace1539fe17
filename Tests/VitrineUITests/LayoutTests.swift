import Testing
import VitrineCore
import VitrineGraphics
import VitrineUI

/// A view of a fixed natural size, for layout tests.
final class Box: View {
    let natural: Size
    init(_ width: Double, _ height: Double) {
        self.natural = Size(width: width, height: height)
        super.init()
    }
    override func sizeThatFits(_ size: Size) -> Size { self.natural }
}

@Suite("Layout: stacks, grids, dimensions, images")
struct LayoutTests {
    func laidOut<V: View>(_ view: V, width: Double = 1000, height: Double = 600) -> V {
        let stage = Stage(width: width, height: height, scale: 1)
        stage.root.addSubview(view)
        view.frame = Rect(x: 0, y: 0, width: width, height: height)
        stage.root.layoutIfNeeded()
        return view
    }

    @Test("a vertical stack places fixed, own-size, fraction and fill children in order, with spacing and padding")
    func verticalStack() {
        let a = Box(100, 50)
        let b = Box(100, 50)
        b.layoutHeight = .points(80)
        let c = Box(100, 50)
        c.layoutHeight = .fraction(0.25)
        let d = Box(100, 50)
        d.layoutHeight = .fill
        let stack = self.laidOut(StackView(axis: .vertical, spacing: 10, alignment: .fill, padding: EdgeInsets(all: 20), children: [a, b, c, d]))
        // Inside: 960 × 560. a 50, b 80, c 140 (25% of 560), spacing 30: d gets 560 − 300 = 260.
        #expect(a.frame == Rect(x: 20, y: 20, width: 960, height: 50))
        #expect(b.frame == Rect(x: 20, y: 80, width: 960, height: 80))
        #expect(c.frame == Rect(x: 20, y: 170, width: 960, height: 140))
        #expect(d.frame == Rect(x: 20, y: 320, width: 960, height: 260))
        // Unbounded (in a scroll view), the fraction and the fill child are their own size.
        // (The sum as a constant: Swift 6.0 cannot type-check it inside #expect in time.)
        let natural: Double = 20 + 50 + 80 + 50 + 50 + 30 + 20
        #expect(stack.sizeThatFits(Size(width: 1000, height: .infinity)).height == natural)
    }

    @Test("alignment places children across the axis; distribution along it; spacers share what is left")
    func alignmentAndSpacers() {
        let a = Box(200, 40)
        let b = Box(300, 40)
        _ = self.laidOut(StackView(axis: .vertical, alignment: .center, distribution: .center, children: [a, b]))
        #expect(a.frame == Rect(x: 400, y: 260, width: 200, height: 40))
        #expect(b.frame == Rect(x: 350, y: 300, width: 300, height: 40))
        let left = Box(100, 40)
        let right = Box(100, 40)
        _ = self.laidOut(StackView(axis: .horizontal, alignment: .trailing, children: [left, Spacer(), right]))
        #expect(left.frame == Rect(x: 0, y: 560, width: 100, height: 40))
        #expect(right.frame == Rect(x: 900, y: 560, width: 100, height: 40))
    }

    @Test("too long for the stack, children sized by their content give way in proportion")
    func shrinking() {
        let a = Box(600, 40)
        let b = Box(600, 40)
        let fixed = Box(10, 40)
        fixed.layoutWidth = .points(200)
        _ = self.laidOut(StackView(axis: .horizontal, children: [a, fixed, b]))
        #expect(fixed.frame.width == 200)
        #expect(a.frame.width == 400 && b.frame.width == 400)
        #expect(b.frame.maxX == 1000)
    }

    @Test("a grid fits as many columns of the minimum width as the panel allows: 3 at 1000 points, 5 at 1800")
    func gridColumns() {
        let items = (0..<7).map { _ in Box(10, 100) }
        let grid = self.laidOut(GridView(minimumItemWidth: 300, spacing: 20, children: items))
        #expect(grid.columnCount(forWidth: 1000) == 3)
        #expect(grid.columnCount(forWidth: 1800) == 5)
        #expect(grid.columnCount(forWidth: 100) == 1)
        // (1000 − 40) / 3 = 320 each; rows of 100 with 20 between.
        #expect(items[0].frame == Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(items[4].frame == Rect(x: 340, y: 120, width: 320, height: 100))
        #expect(items[6].frame == Rect(x: 0, y: 240, width: 320, height: 100))
        #expect(grid.sizeThatFits(Size(width: 1000, height: .infinity)).height == 340)
        let fixed = GridView(columns: 2, children: [])
        #expect(fixed.columnCount(forWidth: 5000) == 2)
    }

    @Test("an image keeps its aspect: fit letterboxes a portrait in a wide frame, fill crops around the focus")
    func imagePlacement() {
        let portrait = PixelSize(width: 600, height: 800)
        let box = Rect(x: 0, y: 0, width: 800, height: 400)
        #expect(ScaleMode.placement(of: portrait, in: box, mode: .fit, scale: 1) == Rect(x: 250, y: 0, width: 300, height: 400))
        let top = ScaleMode.placement(of: portrait, in: box, mode: .fill, focus: Point(x: 0.5, y: 0), scale: 1)
        #expect(top.minY == 0 && top.width == 800)
        let bottom = ScaleMode.placement(of: portrait, in: box, mode: .fill, focus: Point(x: 0.5, y: 1), scale: 1)
        #expect(bottom.maxY == 400)
        // Its own height in a column follows the width it is given.
        let view = ImageView(image: PixelBuffer(size: portrait), scaleMode: .fit)
        #expect(view.sizeThatFits(Size(width: 300, height: .infinity)) == Size(width: 300, height: 400))
        #expect(view.sizeThatFits(Size(width: 900, height: 400)) == Size(width: 300, height: 400))
    }

    @Test("a photo without alpha that covers its view hides the page under it; a fitted one or one with alpha does not")
    func opaquePhoto() {
        let stage = Stage(width: 200, height: 100, scale: 1)
        stage.root.backgroundColor = Color(hex: "#16384A")!
        let photo = PixelBuffer(size: PixelSize(width: 300, height: 100), format: .xrgb8888)
        photo.fill(photo.bounds, with: 0xFFC0_8040)
        let view = ImageView(image: photo, scaleMode: .fill, frame: Rect(x: 20, y: 10, width: 160, height: 80))
        view.cornerRadius = 10
        stage.root.addSubview(view)
        stage.settle()
        // The page everywhere but under the photo (bar its 11-pixel corner squares), then the photo.
        #expect(stage.window.compositor.lastPaintedArea == 200 * 100 - 160 * 80 + 4 * 11 * 11 + 160 * 80)
        #expect(stage.window.compositor.frame[100, 50] & 0xFF_FFFF == 0xC0_8040)
        #expect(view.layer.opaqueContent == CornerRadii(all: 10))
        view.scaleMode = .fit
        #expect(view.layer.opaqueContent == nil, "a letterboxed photo leaves the page showing")
        // Fitted into a view of its own aspect (300:100), it covers the view after all.
        view.frame = Rect(x: 20, y: 10, width: 159.8, height: 53.3)
        stage.settle()
        #expect(view.layer.opaqueContent == CornerRadii(all: 10))
        view.frame = Rect(x: 20, y: 10, width: 159, height: 80)
        stage.settle()
        #expect(view.layer.opaqueContent == nil)
        view.scaleMode = .stretch
        #expect(view.layer.opaqueContent != nil)
        view.image = PixelBuffer(size: PixelSize(width: 300, height: 100), format: .argb8888Premultiplied)
        #expect(view.layer.opaqueContent == nil, "a picture with alpha may show the page through")
    }

    @Test("a divider is one pixel thick across a column, and down a row")
    func divider() {
        let line = Divider()
        let column = self.laidOut(StackView(axis: .vertical, children: [Box(10, 10), line, Box(10, 10)]))
        #expect(line.frame == Rect(x: 0, y: 10, width: 1000, height: 1))
        _ = column
        let upright = Divider()
        _ = self.laidOut(StackView(axis: .horizontal, alignment: .fill, children: [Box(10, 10), upright]))
        #expect(upright.frame == Rect(x: 10, y: 0, width: 1, height: 600))
    }

    @Test("every built-in control's touch area is at least 44 × 44 points")
    func hitTargets() {
        let stage = Stage(scale: 1)
        let icon = Button(title: "", icon: "close", style: .plain)
        let plain = Button(title: "OK", style: .plain)
        let row = ListRowView(row: ListRow(title: "A", action: {}), theme: .standard)
        let bar = NavigationBar(item: NavigationItem(title: "T", leftItem: BarButtonItem(title: "", icon: "back") {}))
        for view in [icon, plain, row, bar] as [View] { stage.root.addSubview(view) }
        bar.frame = Rect(x: 0, y: 0, width: 1280, height: 44)
        stage.root.layoutIfNeeded()
        for control in [icon, plain] {
            let size = control.sizeThatFits(Size(width: .infinity, height: .infinity))
            #expect(size.width >= 44 && size.height >= 44, "\(control.title): \(size)")
        }
        #expect(row.sizeThatFits(Size(width: 600, height: .infinity)).height >= 44)
        let back = bar.leftButton!
        #expect(back.frame.width >= 44 && back.frame.height >= 44)
        // Hit testing finds the button anywhere in its 44-point square.
        #expect(stage.window.view(at: Point(x: back.frame.minX + 2, y: 42))?.isDescendant(of: back) == true)
    }
}

extension View {
    func isDescendant(of ancestor: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.superview
        }
        return false
    }
}
