import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineUI

/// Version 2 files: screens, views and actions read into the scene model, and every mistake
/// reported in one pass by JSON path.
@Suite("Kiosk config version 2: screens, views, actions")
struct ConfigV2Tests {
    static func screens(_ screens: String, extra: String = "") -> String {
        #"{"version": 2, "# + extra + #""screens": {"# + screens + "}}"
    }

    @Test("every view type, dimension and action lands in the model")
    func everyView() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.screens(
                #"""
                "home": {"title": "Lobby", "left": {"title": "Plan", "icon": "map", "action": "toggleSplitSheet"},
                         "right": {"icon": "info", "action": {"present": "info", "height": "40%", "expandedHeight": 600, "backdrop": "dim", "dismissOnTouchOutside": false}},
                         "background": {"image": "photo.jpg", "focus": [0.5, 0.2], "color": "#102030"},
                         "splitSheet": {"screen": "plan", "minimumSheetHeight": 300, "shown": true},
                         "content": {"type": "vstack", "spacing": 8, "alignment": "center", "distribution": "spaceBetween", "padding": {"horizontal": 24, "top": 4},
                           "children": [
                             {"type": "text", "text": "Hi", "style": "largeTitle", "align": "center", "lines": 2, "color": "secondaryLabel", "width": "fill", "id": "greeting"},
                             {"type": "image", "image": "photo.png", "mode": "fill", "focus": [0, 1], "cornerRadius": 8, "width": "50%", "height": 120},
                             {"type": "button", "title": "Go", "style": "tinted", "icon": "forward", "action": {"push": "info"}, "tint": "#FF0000", "titleWhenSplitSheetShown": "Stop"},
                             {"type": "hstack", "children": [{"type": "spacer", "minLength": 4}, {"type": "divider"}]},
                             {"type": "grid", "columns": 3, "spacing": 4, "children": [{"type": "card", "title": "A", "subtitle": "a", "image": "photo.jpg", "imageAspectRatio": 2, "action": "pop"}]},
                             {"type": "scroll", "content": {"type": "list", "sections": [{"header": "H", "footer": "F", "rows": [
                                "Plain", {"title": "Rich", "subtitle": "s", "trailing": "€ 1", "thumbnail": "photo.png", "disclosure": true,
                                          "action": [{"emit": "chosen", "payload": {"n": 1}}, "dismiss"]}]}]}}]}},
                "info": {"title": "Info", "content": {"type": "text", "text": "…"}},
                "plan": {"content": {"type": "image", "image": "photo.png"}}
                """#))
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        #expect(check.warnings.isEmpty, "\(check.warningLines)")
        let scene = check.configuration.scene
        #expect(scene.start == "home")
        let home = try #require(scene.screen("home"))
        #expect(home.leftItem == ScreenModel.BarItem("Plan", icon: "map", action: .toggleSplitSheet))
        var presentation = SheetPresentation(collapsedHeight: .fraction(0.4), expandedHeight: .points(600), backdrop: .dim)
        presentation.dismissOnTouchOutside = false
        #expect(home.rightItem?.action == .present("info", presentation))
        #expect(home.background == .image(path: "photo.jpg", focus: Point(x: 0.5, y: 0.2), color: Color(hex: "#102030")!))
        #expect(home.splitSheet?.screen == "plan" && home.splitSheet?.minimumSheetHeight == 300 && home.splitSheet?.initiallyShown == true)
        guard case .stack(let stack) = home.content.kind else {
            Issue.record("not a stack")
            return
        }
        #expect(stack.spacing == 8 && stack.alignment == .center && stack.distribution == .spaceBetween)
        #expect(stack.padding == EdgeInsets(top: 4, left: 24, bottom: 0, right: 24))
        #expect(
            stack.children[0]
                == ViewNode(
                    .text(TextNode("Hi", style: .largeTitle, alignment: .center, lines: 2, color: .theme(.secondaryLabel))),
                    width: .fill, id: "greeting", path: "screens.home.content.children[0]"))
        #expect(stack.children[1].width == .fraction(0.5) && stack.children[1].height == .points(120))
        #expect(
            stack.children[2].kind
                == .button(
                    ButtonNode(
                        "Go", style: .tinted, icon: "forward", action: .push("info"), titleWhenSplitSheetShown: "Stop", tint: .fixed(Color(hex: "#FF0000")!))))
        let actions = home.actions.map(\.action)
        #expect(actions.contains(.sequence([.emit("chosen", .object([("n", .number(1))])), .dismiss])))
        #expect(actions.contains(.pop))
        // And it serialises back to the same model.
        let again = fixture.check(check.configuration.json.serialized(exactNumbers: true))
        #expect(again.errors.isEmpty, "\(again.errorLines)")
        #expect(again.configuration == check.configuration)
    }

    @Test("every mistake is reported in one pass by JSON path, with a suggestion where one is close")
    func everyErrorInOnePass() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.screens(
                #"""
                "home": {"content": {"type": "vstak", "children": []}},
                "list": {"titel": "x", "content": {"type": "vstack", "children": [
                    {"type": "text"},
                    {"type": "text", "text": "a", "style": "heading", "width": "wide", "colour": "#fff"},
                    {"type": "button", "title": "b", "action": "popToRot"},
                    {"type": "button", "title": "c", "action": {"push": "detial"}},
                    {"type": "image", "image": "gone.png"}]}}
                """#, extra: #""start": "list", "#))
        #expect(
            ConfigFixture.describe(check.errors) == [
                #"screens.home.content.type: "vstak" is not a view type (vstack, hstack, grid, scroll, text, image, button, list, card, spacer, divider, languages, stepper, textField, carousel, toggle, slider, segmented, qrCode, progress, spinner) (did you mean vstack?)"#,
                "screens.list.content.children[0].text: missing",
                #"screens.list.content.children[1].width: "wide" is not a size (use a number of points, "fill", "auto" or a percentage such as "50%")"#,
                #"screens.list.content.children[1].style: "heading" is not a text style (largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2) (did you mean headline?)"#,
                #"screens.list.content.children[2].action: "popToRot" is not an action (accessibility, dismiss, finishOnboarding, hideSplitSheet, pop, popToRoot, reach, restartOnboarding, showSplitSheet, toggleSplitSheet, push, replace, present, emit, setLanguage, set, increment, decrement, toggle, alert) (did you mean popToRoot?)"#,
                "screens.list.content.children[4].image: file not found: \(fixture.directory.path)/gone.png",
                // Found now that a screen with mistakes is kept for its references.
                #"screens.list.content.children[3].action.push: pushes "detial", but there is no such screen (screens: home, list)"#
            ])
        #expect(
            ConfigFixture.describe(check.warnings) == [
                "screens.list.content.children[1].colour: unknown key, ignored (did you mean color?)",
                "screens.list.titel: unknown key, ignored (did you mean title?)"
            ])
    }

    @Test("every error is one line, even one quoting an array")
    func oneLineErrors() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.screens(
                #"""
                "home": {"background": {"image": "photo.png", "focus": [2, [3, 4], {"x": 1}]}, "content": {"type": "image", "image": "photo.png", "focus": [9, 9]}}
                """#))
        #expect(check.errors.count >= 2, "\(check.errorLines)")
        for line in check.errorLines { #expect(!line.contains("\n"), "\(line)") }
        #expect(check.errorLines.contains { $0.contains("found [9,9]") }, "\(check.errorLines)")
    }

    @Test("null is none for every optional section, as the docs say: left, right, splitSheet")
    func nullSections() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.screens(#""home": {"title": "Home", "left": null, "right": null, "splitSheet": null, "content": {"type": "text", "text": "Hi"}}"#))
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        let home = try #require(check.configuration.scene.screen("home"))
        #expect(home.leftItem == nil && home.rightItem == nil && home.splitSheet == nil)
    }

    @Test("one typo in the start screen is one error: no missing start, no unreachable screens behind it")
    func oneTypoOneError() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.screens(
                #"""
                "home": {"title": "Home", "content": {"type": "vstack", "children": [
                    {"type": "buton", "title": "A", "action": {"push": "a"}},
                    {"type": "button", "title": "B", "action": {"push": "b"}}]}},
                "a": {"title": "A", "content": {"type": "text", "text": "a"}},
                "b": {"title": "B", "content": {"type": "button", "title": "C", "action": {"push": "c"}}},
                "c": {"title": "C", "content": {"type": "text", "text": "c"}}
                """#, extra: #""start": "home", "#))
        #expect(check.errors.count == 1, "\(ConfigFixture.describe(check.errors))")
        #expect(ConfigFixture.describe(check.errors).first?.hasPrefix("screens.home.content.children[0].type: \"buton\" is not a view type") == true)
        let issues = ConfigFixture.describe(check.errors + check.warnings)
        #expect(!issues.contains { $0.contains("start") || $0.contains("unreachable") }, "\(issues)")
    }

    @Test("a reference to a missing screen names both ends; an unreachable screen is a warning")
    func references() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.screens(
                #"""
                "home": {"content": {"type": "button", "title": "b", "action": {"push": "detial"}}, "splitSheet": {"screen": "plan"}},
                "detail": {"content": {"type": "divider"}},
                "orphan": {"content": {"type": "divider"}}
                """#, extra: #""onboarding": {"pages": ["home", "intro"]}, "#))
        #expect(
            ConfigFixture.describe(check.errors) == [
                #"onboarding.pages[1]: shows "intro", but there is no such screen (screens: home, detail, orphan)"#,
                #"screens.home.content.action.push: pushes "detial", but there is no such screen (screens: home, detail, orphan) (did you mean detail?)"#,
                #"screens.home.splitSheet.screen: holds "plan", but there is no such screen (screens: home, detail, orphan)"#
            ])
        #expect(
            ConfigFixture.describe(check.warnings) == [
                "screens.detail: unreachable: no action, onboarding or split sheet leads to this screen",
                "screens.orphan: unreachable: no action, onboarding or split sheet leads to this screen",
                #"onboarding: nothing leads from the onboarding to the first screen: give its completed page a button with "action": "finishOnboarding""#
            ])
    }

    @Test("a version 2 file needs screens; a screen needs content; an emit payload stays small")
    func requirements() throws {
        let fixture = try ConfigFixture()
        #expect(
            ConfigFixture.describe(fixture.check(#"{"version": 2}"#).errors) == [
                #"screens: missing: a version 2 kiosk lists its screens by id ({"screens": {"home": {"content": …}}})"#
            ])
        #expect(
            ConfigFixture.describe(fixture.check(Self.screens(#""home": {"title": "x"}"#)).errors) == [
                #"screens.home.content: missing: a screen shows a view ({"type": "vstack", "children": […]})"#
            ])
        let big = String(repeating: "x", count: 5000)
        let errors = ConfigFixture.describe(
            fixture.check(Self.screens(#""home": {"content": {"type": "button", "title": "b", "action": {"emit": "e", "payload": ""# + big + #""}}}"#)).errors)
        #expect(
            errors == ["screens.home.content.action.payload: is 5002 bytes; an event's payload is at most 4096 (send an id, and keep the data in a data file)"])
        #expect(
            ConfigFixture.describe(fixture.check(Self.screens(#""a b": {"content": {"type": "divider"}}"#)).errors).first
                == #"screens.a b: "a b" is not a screen id (letters, digits, - _ and . only)"#)
    }

    @Test("a view nested 40 deep is an error at the depth limit, not a stack overflow")
    func deepNesting() throws {
        let fixture = try ConfigFixture()
        var view = #"{"type": "divider"}"#
        for _ in 0..<40 { view = #"{"type": "vstack", "children": ["# + view + "]}" }
        let errors = ConfigFixture.describe(fixture.check(Self.screens(#""home": {"content": "# + view + "}")).errors)
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("views nested more than 32 deep") == true)
    }

    @Test("a custom view type registered in Swift is accepted, its properties checked by its validator")
    func customViews() throws {
        let fixture = try ConfigFixture()
        let registry = ViewRegistry()
        registry.register(
            "clock",
            validate: { properties in
                properties["format"]?.stringValue == nil ? ["format: expected a string such as \"HH:mm\""] : []
            }
        ) { properties, context in Label(text: properties["format"]?.stringValue ?? "") }
        let good = KioskConfigLoader.check(
            text: Self.screens(#""home": {"content": {"type": "clock", "format": "HH:mm", "width": 200}}"#), file: "k.json",
            baseDirectory: fixture.directory.path, registry: registry)
        #expect(good.errors.isEmpty && good.warnings.isEmpty, "\(good.errorLines + good.warningLines)")
        #expect(
            good.configuration.scene.screen("home")?.content
                == ViewNode(
                    .custom(type: "clock", properties: .object([("format", .string("HH:mm"))])), width: .points(200), path: "screens.home.content"))
        let bad = KioskConfigLoader.check(
            text: Self.screens(#""home": {"content": {"type": "clock"}}"#), file: "k.json", baseDirectory: fixture.directory.path, registry: registry)
        #expect(ConfigFixture.describe(bad.errors) == [#"screens.home.content: format: expected a string such as "HH:mm""#])
        // Without the registration it is an unknown type.
        let unknown = fixture.check(Self.screens(#""home": {"content": {"type": "clock", "format": "HH:mm"}}"#))
        #expect(unknown.errors.first?.message.hasPrefix(#""clock" is not a view type"#) == true)
    }
}
