import Testing
import VitrineCore
import VitrineRuntime
import VitrineScene
import VitrineUI

/// The controls from Swift (Docs/app.md, "Toggles, sliders and segmented controls from
/// Swift"): nodes bound to a scene's state by name, driven through the window's real touches and
/// `stateValues`.
@Suite("Controls from Swift: toggle, slider and segmented nodes bound to a scene's state")
struct ControlsSwiftTests {
    @Test("nodes built in code read the state, follow stateValues and write what a tap chose")
    func nodesInCode() throws {
        var volume = ViewNode(.slider(SliderNode(state: "volume", minimum: 0, maximum: 10, step: 0.5)), id: "volume")
        volume.accessibilityLabel = "Volume"
        let content = ViewNode(
            .stack(
                StackNode(
                    spacing: 16, padding: EdgeInsets(all: 24),
                    children: [
                        ViewNode(
                            .toggle(ToggleNode(title: .translated([.init("en", "Audio guide"), .init("de", "Audioguide")]), state: "audioGuide")), id: "guide"),
                        volume,
                        ViewNode(
                            .segmented(
                                SegmentedNode(
                                    state: "ticket",
                                    options: [
                                        SegmentedNode.Option(value: .string("adult"), title: "Adult"),
                                        SegmentedNode.Option(value: .string("child"), title: "Child")
                                    ])), id: "ticket")
                    ])))
        let state = JSONValue.object([("audioGuide", .bool(true)), ("volume", .number(2.5)), ("ticket", .string("child"))])
        let controller = SceneController(
            model: SceneModel(screens: [ScreenModel(id: "home", title: "Home", content: content)], state: state), images: FileImageSource())
        let run = try HeadlessRunner(scene: controller, size: PixelSize(width: 400, height: 320))
        _ = run.settle()
        func view<T: View>(_ id: String, as type: T.Type) throws -> T {
            try #require(SceneController.frontmostView(identified: id, in: run.window.root) as? T)
        }
        let toggle = try view("guide", as: ToggleView.self)
        let slider = try view("volume", as: SliderView.self)
        let segmented = try view("ticket", as: SegmentedView.self)
        #expect(toggle.isOn && toggle.title == "Audio guide" && slider.value == 2.5 && segmented.selectedIndex == 1)
        #expect(slider.accessibilityValue == "2.5")
        controller.stateValues["audioGuide"] = .bool(false)
        controller.stateValues["volume"] = .number(7)
        controller.stateValues["ticket"] = .string("adult")
        _ = run.settle()
        #expect(!toggle.isOn && slider.value == 7 && segmented.selectedIndex == 0)
        func tap(_ point: Point) {
            run.touch(TouchFrame(timestamp: UInt64(run.loop.now.microseconds), contacts: [TouchContact(id: 0, phase: .began, x: point.x, y: point.y)]))
            run.advance(0.05)
            run.touch(TouchFrame(timestamp: UInt64(run.loop.now.microseconds), contacts: [TouchContact(id: 0, phase: .ended, x: point.x, y: point.y)]))
            _ = run.settle()
        }
        tap(Point(x: toggle.windowFrame.midX, y: toggle.windowFrame.midY))
        tap(Point(x: segmented.segments[1].windowFrame.midX, y: segmented.segments[1].windowFrame.midY))
        tap(Point(x: slider.windowFrame.maxX - SliderView.thumbDiameter / 2, y: slider.windowFrame.midY))
        #expect(controller.stateValue("audioGuide") == .bool(true))
        #expect(controller.stateValue("ticket") == .string("child"))
        #expect(controller.stateValue("volume") == .number(10))
    }

    @Test("nodes made in Swift with bounds a config's check refuses are logged and shown sanely, never a crash: NaN and crossed bounds, 6 options, 1 option")
    func badNodesInCode() throws {
        let options = (1...6).map { SegmentedNode.Option(value: .number(Double($0)), title: TextValue("\($0)")) }
        let content = ViewNode(
            .stack(
                StackNode(children: [
                    ViewNode(.slider(SliderNode(state: "volume", minimum: 10, maximum: 0, step: .nan)), id: "volume"),
                    ViewNode(.segmented(SegmentedNode(state: "zone", options: options)), id: "zones"),
                    ViewNode(.segmented(SegmentedNode(state: "zone", options: Array(options.prefix(1)))), id: "one")
                ])))
        let state = JSONValue.object([("volume", .number(.nan)), ("zone", .number(6))])
        let controller = SceneController(
            model: SceneModel(screens: [ScreenModel(id: "home", title: "Home", content: content)], state: state), images: FileImageSource())
        let run = try HeadlessRunner(scene: controller, size: PixelSize(width: 400, height: 320))
        _ = run.settle()
        let slider = try #require(SceneController.frontmostView(identified: "volume", in: run.window.root) as? SliderView)
        #expect(slider.minimum == 0 && slider.maximum == 100 && slider.step == 1 && slider.value == 0)
        let zones = try #require(SceneController.frontmostView(identified: "zones", in: run.window.root) as? SegmentedView)
        #expect(zones.segments.map(\.title) == ["1", "2", "3", "4", "5"] && zones.selectedIndex == nil)
        #expect(!(SceneController.frontmostView(identified: "one", in: run.window.root) is SegmentedView))
    }
}
