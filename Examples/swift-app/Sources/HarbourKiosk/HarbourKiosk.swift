import VitrineCore
import VitrineScene
import VitrineUI

/// The app: two screens built in code with Vitrine's scene model, one of them showing the app's
/// own `TideGauge` through the view registry (so a config file can place it too, as
/// `{"type": "tide-gauge", "level": 2.4}`).
public enum HarbourKiosk {
    /// The registry the app's screens (and any config file it loads) draw custom views from.
    public static func registry() -> ViewRegistry {
        let registry = ViewRegistry()
        registry.register(
            "tide-gauge",
            validate: { properties in
                guard let level = properties["level"]?.doubleValue else { return ["level: expected a number of metres, 0 to 5"] }
                return (0...5).contains(level) ? [] : ["level: \(level) is outside 0 to 5 metres"]
            }
        ) { properties, context in
            TideGauge(level: properties["level"]?.doubleValue ?? 0, theme: context.theme)
        }
        return registry
    }

    /// The scene: a home screen with a gauge and a button that pushes the departures, which
    /// emits `boarding` when a row is tapped.
    public static func model() -> SceneModel {
        let home = ScreenModel(
            id: "home", title: "Harbour",
            content: ViewNode(
                .stack(
                    StackNode(
                        spacing: 24, alignment: .fill, padding: EdgeInsets(top: 32, left: 40, bottom: 32, right: 40),
                        children: [
                            ViewNode(.text(TextNode("Good morning", style: .largeTitle))),
                            ViewNode(.custom(type: "tide-gauge", properties: .object([("level", .number(2.4))])), id: "gauge"),
                            ViewNode(.button(ButtonNode("Departures", icon: "schedule", action: .push("departures"))), id: "departures-button")
                        ]))))
        let rows = [("08:10", "Island ferry"), ("09:30", "Harbour tour"), ("11:00", "Lighthouse boat")].map { time, name in
            ListNode.Row(TextValue(name), trailing: TextValue(time), action: .emit("boarding", .object([("departure", .string(time))])))
        }
        let departures = ScreenModel(
            id: "departures", title: "Departures",
            content: ViewNode(
                .stack(
                    StackNode(
                        padding: EdgeInsets(top: 24, left: 40, bottom: 24, right: 40),
                        children: [
                            ViewNode(.list(ListNode(sections: [ListNode.Section(header: "Today", rows: rows)])), id: "list")
                        ]))))
        return SceneModel(screens: [home, departures], start: "home")
    }

    public static var theme: Theme {
        var theme = Theme()
        theme.tint = Color(hex: "#1B6F8F")!
        return theme
    }

    /// The scene, ready for `Runner` or `HeadlessRunner`.
    public static func scene() -> SceneController {
        SceneController(model: self.model(), theme: self.theme, images: FileImageSource(), registry: self.registry())
    }
}
