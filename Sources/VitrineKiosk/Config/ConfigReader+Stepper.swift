import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineUI

/// `{"type": "stepper", "value": "count", "min": 1, "max": 9}` (Docs/config.md, "Views"): a state
/// number between a − and a + button (Material's `remove` and `add` icons, 24 points). Made of what a config can write itself — an hstack of
/// two buttons around a text, the buttons' actions `decrement` and `increment` within the bounds,
/// each `enabled` only while the value can move its way — so it looks, lays out and is checked
/// as they are.
extension ConfigReader {
    /// The buttons' side: Apple's 44-point minimum target (Human Interface Guidelines, "Layout";
    /// WCAG 2.2's 2.5.8 asks 24 CSS px), and room for the value's digits between them.
    static let stepperButtonSide = 56.0
    static let stepperValueWidth = 72.0

    mutating func stepper(_ object: ConfigObject) -> ViewNode.Kind? {
        var name = ""
        var minimum = 0.0
        var maximum = 99.0
        var step = 1.0
        var style = ButtonStyle.tinted
        self.read(object, "value", into: &name, allowEmpty: false)
        self.read(object, "min", into: &minimum, .from(-1e15, to: 1e15))
        self.read(object, "max", into: &maximum, .from(-1e15, to: 1e15))
        self.read(object, "step", into: &step, .above(0, atMost: 1e9))
        self.read(object, "style", into: &style, noun: "a button style")
        let path = object.path
        guard !name.isEmpty else {
            self.error(object.path(of: "value"), "missing: the state number it counts, as \"count\" (a top-level \"state\": {\"count\": 1})")
            return nil
        }
        guard minimum < maximum else {
            self.error(object.path(of: "max"), "must be above min (\(JSONValue.number(minimum).serialized()))")
            return nil
        }
        guard self.stateDefaults != nil else {
            self.error(
                object.path(of: "value"),
                "the kiosk has no state: declare the number at the top, \"state\": {\(Self.quoted(name)): \(JSONValue.number(minimum).serialized())}")
            return nil
        }
        guard let current = self.stateDefault(name, at: object.path(of: "value")) else { return nil }
        guard case .number(let start) = current else {
            self.error(object.path(of: "value"), "state.\(name) is \(current.kindName) (its default); a stepper counts a number")
            return nil
        }
        if start < minimum || start > maximum {
            self.warning(object.path(of: "value"), "state.\(name) starts at \(JSONValue.number(start).serialized()), outside min and max")
        }
        let bound = { (text: String) in DataBinding(text, format: nil) }
        func condition(_ text: String) -> DataBinding? { try? DataBinding.parse(text) }
        let number = { (value: Double) in JSONValue.number(value).serialized() }
        var minus = ButtonNode(.plain(""), style: style, icon: "remove", action: .increment(name, by: -step, minimum: minimum, maximum: maximum))
        minus.enabled = condition("state.\(name) > \(number(minimum))")
        var plus = ButtonNode(.plain(""), style: style, icon: "add", action: .increment(name, by: step, minimum: minimum, maximum: maximum))
        plus.enabled = condition("state.\(name) < \(number(maximum))")
        let side = Dimension.points(Self.stepperButtonSide)
        let value = TextNode(.bound(bound("state.\(name)")), style: .title2, alignment: .center, lines: 1)
        return .stack(
            StackNode(
                axis: .horizontal, spacing: 8, alignment: .center,
                children: [
                    ViewNode(.button(minus), width: side, height: side, path: path + ".minus"),
                    ViewNode(.text(value), width: .points(Self.stepperValueWidth), path: path + ".value"),
                    ViewNode(.button(plus), width: side, height: side, path: path + ".plus")
                ]))
    }
}
