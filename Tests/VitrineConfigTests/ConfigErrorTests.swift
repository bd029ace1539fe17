import Testing
import VitrineCore
import VitrineKiosk
import VitrineTestSupport

@Suite("Kiosk config errors")
struct ConfigErrorTests {
    @Test("a 10,000-character value is quoted cut to 80 characters, with its length, in its error line")
    func longValue() throws {
        let fixture = try ConfigFixture()
        let long = "#" + String(repeating: "1", count: 9_999)
        let check = fixture.check(#"{"version": 1, "theme": {"tint": ""# + long + #""}}"#)
        #expect(
            ConfigFixture.describe(check.errors) == [
                "theme.tint: \"#" + String(repeating: "1", count: 79) + "…\"…(10000 characters) is not a colour (use #RRGGBB or #RRGGBBAA)"
            ])
    }

    @Test("display.headlessSize is at most 8192 pixels a side, as --size; a DRM mode may be 16384")
    func headlessSizeBound() throws {
        let fixture = try ConfigFixture()
        #expect(
            ConfigFixture.describe(fixture.check(#"{"version": 1, "display": {"headlessSize": "8193x100"}}"#).errors) == [
                "display.headlessSize: \"8193x100\" is not a size (use WIDTHxHEIGHT, e.g. 1280x800)"
            ])
        #expect(fixture.check(#"{"version": 1, "display": {"headlessSize": "8192x8192"}}"#).errors.isEmpty)
        #expect(fixture.check(#"{"version": 1, "display": {"mode": "16384x100@60"}}"#).errors.isEmpty)
    }

    @Test("a syntax error names the file, line and column, and nothing else is checked")
    func syntax() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check("{\n  \"version\": 1,\n  \"main\": {\"title\": \"Lobby\",}\n}\n")
        #expect(check.errors == [ConfigIssue(.position(line: 3, column: 29), "unexpected '}', expected a quoted key (no comma before a closing brace)")])
        let error = try #require(check.error)
        #expect(error.code == .invalidConfiguration)
        #expect(
            error.message == fixture.directory.file("kiosk.json")
                + ": line 3, column 29: unexpected '}', expected a quoted key (no comma before a closing brace)")
    }

    @Test(
        "a value of the wrong type names the field and both types",
        arguments: [
            (#""theme": {"bodySize": "17"}"#, "theme.bodySize: expected a number, found a string"),
            (#""splitSheet": {"showHandle": "yes"}"#, "splitSheet.showHandle: expected true or false, found a string"),
            (#""main": {"title": 5}"#, "main.title: expected a string, found a number"),
            (#""main": {"buttons": {"title": "a"}}"#, "main.buttons: expected an array, found an object"),
            (#""display": []"#, "display: expected an object, found an array"),
            (#""theme": {"tint": 255}"#, "theme.tint: expected a colour string such as \"#0A84FF\", found a number"),
            (#""display": {"rotation": "90"}"#, "display.rotation: expected a number (0, 90, 180 or 270), found a string"),
            (#""splitSheet": {"items": ["a", 2]}"#, "splitSheet.items[1]: expected a string, found a number"),
            (#""contentSheet": {"blurBackground": null}"#, "contentSheet.blurBackground: expected true or false, found null"),
            (#""onboarding": {"pages": [{"image": 3}]}"#, "onboarding.pages[0].image: expected a string, found a number")
        ])
    func wrongType(member: String, expected: String) throws {
        #expect(try ConfigFixture().errors(withMember: member) == [expected])
    }

    @Test("an unknown key is a warning naming its path, with the closest known key when it is a typo")
    func unknownKeys() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            ##"{"version": 1, "splitsheet": {}, "main": {"backgroundColour": "#000000", "buttons": [{"titel": "a", "title": "b", "action": "toggleSplitSheet"}]}, "theme": {"wallpaper": "x"}}"##
        )
        #expect(check.errors.isEmpty)
        #expect(
            ConfigFixture.describe(check.warnings) == [
                "theme.wallpaper: unknown key, ignored",
                "main.buttons[0].titel: unknown key, ignored (did you mean title?)",
                "main.backgroundColour: unknown key, ignored (did you mean backgroundColor?)",
                "splitsheet: unknown key, ignored (did you mean splitSheet?)"
            ])
        #expect(check.warningLines.first == fixture.directory.file("kiosk.json") + ": theme.wallpaper: unknown key, ignored")
    }

    @Test("a repeated key is a warning; the last value is used")
    func repeatedKey() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(#"{"version": 1, "main": {"title": "a", "title": "b"}}"#)
        #expect(check.errors.isEmpty)
        #expect(ConfigFixture.describe(check.warnings) == ["main.title: appears 2 times; the last one is used"])
        #expect(check.v1?.main.title == "b")
    }

    @Test("a missing image file names the field and the path it looked for, relative to the config's folder")
    func missingImage() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(#"{"version": 1, "onboarding": {"pages": [{}, {}, {"image": "img.png"}], "completed": {}}}"#)
        #expect(ConfigFixture.describe(check.errors) == ["onboarding.pages[2].image: file not found: \(fixture.directory.path)/img.png"])
    }

    @Test("an image that is not a PNG, JPEG, GIF or WebP is an error; builtin: names must be the demo's")
    func undecodableImage() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            #"{"version": 1, "main": {"image": "broken.png"}, "splitSheet": {"image": "builtin:sunrse"}, "contentSheet": {"image": "builtin:moon"}}"#)
        let lines = ConfigFixture.describe(check.errors)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("main.image: \(fixture.directory.path)/broken.png: not a PNG, JPEG, GIF or WebP image"))
        #expect(
            lines[1]
                == #"splitSheet.image: "builtin:sunrse" is not a built-in image (builtin:landscape, builtin:sunrise, builtin:waves, builtin:hills) (did you mean builtin:sunrise?)"#
        )
        #expect(lines[2] == #"contentSheet.image: "builtin:moon" is not a built-in image (builtin:landscape, builtin:sunrise, builtin:waves, builtin:hills)"#)
    }

    @Test("a colour must be #RRGGBB or #RRGGBBAA", arguments: ["#12", "#1234", "12345678", "#GGGGGG", "#1234567", "red", ""])
    func badColour(text: String) throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(#"{"version": 1, "theme": {"tint": "\#(text)"}}"#)
        #expect(ConfigFixture.describe(check.errors) == [#"theme.tint: "\#(text)" is not a colour (use #RRGGBB or #RRGGBBAA)"#])
    }

    @Test(
        "a word that is not one of its choices lists them, with the closest when it is a typo",
        arguments: [
            (
                #""main": {"buttons": [{"title": "a", "action": "toggleSplitSheet"}, {"title": "b", "action": "jump"}]}"#,
                #"main.buttons[1].action: "jump" is not an action (toggleSplitSheet, presentContentSheet, restartOnboarding)"#
            ),
            (
                #""main": {"buttons": [{"title": "a", "action": "presentcontentsheet"}]}"#,
                #"main.buttons[0].action: "presentcontentsheet" is not an action (toggleSplitSheet, presentContentSheet, restartOnboarding) (did you mean presentContentSheet?)"#
            ),
            (#""display": {"output": "kms"}"#, #"display.output: "kms" is not an output (auto, drm, fbdev, headless)"#),
            (
                #""contentSheet": {"blurStyle": "darker"}"#,
                #"contentSheet.blurStyle: "darker" is not a blur style (none, dark, light, extraLight) (did you mean dark?)"#
            ),
            (#""display": {"rotation": 45}"#, "display.rotation: expected 0, 90, 180 or 270, found 45"),
            (#""display": {"mode": "1280x800@abc"}"#, #"display.mode: "1280x800@abc" is not a mode (use WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1280x800@60)"#),
            (#""display": {"headlessSize": "800x480@60"}"#, #"display.headlessSize: "800x480@60" is not a size (use WIDTHxHEIGHT, e.g. 1280x800)"#),
            (
                #""display": {"device": "/dev/fb0"}"#,
                #"display.device: "/dev/fb0" is a framebuffer device: set display.fbdevDevice (and "output": "fbdev") instead"#
            ),
            (#""display": {"device": "card0"}"#, #"display.device: "card0" is not a device path (use one like /dev/dri/card1, or null to discover)"#)
        ])
    func badChoice(member: String, expected: String) throws {
        #expect(try ConfigFixture().errors(withMember: member) == [expected])
    }

    @Test(
        "numbers outside their range are errors that give the range",
        arguments: [
            (#""onboarding": {"pages": [{"progress": 1.5}], "completed": {}}"#, "onboarding.pages[0].progress: expected a number from 0 to 1, found 1.5"),
            (#""theme": {"scale": 0.25}"#, "theme.scale: expected a number from 0.5 to 4, found 0.25"),
            (#""theme": {"scale": 5}"#, "theme.scale: expected a number from 0.5 to 4, found 5"),
            (#""splitSheet": {"minimumSheetHeight": -20}"#, "splitSheet.minimumSheetHeight: expected a number from 0 to 65536, found -20"),
            (#""contentSheet": {"collapsedHeight": 0}"#, "contentSheet.collapsedHeight: expected a number above 0 and at most 65536, found 0"),
            (#""splitSheet": {"animationDuration": 30}"#, "splitSheet.animationDuration: expected a number above 0 and at most 10, found 30"),
            (#""display": {"buffers": 2.5}"#, "display.buffers: expected a whole number from 1 to 3, found 2.5"),
            (#""theme": {"bodySize": 0}"#, "theme.bodySize: expected a number above 0 and at most 200, found 0")
        ])
    func outOfRange(member: String, expected: String) throws {
        #expect(try ConfigFixture().errors(withMember: member) == [expected])
    }

    @Test("a newer version is the only error, saying which version this Vitrine reads")
    func unsupportedVersion() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(##"{"version": 3, "theme": {"tint": "#12"}, "futureSection": {}}"##)
        #expect(
            ConfigFixture.describe(check.errors) == [
                "version: 3 is newer than this Vitrine reads (it reads versions 1 to 2); upgrade Vitrine, or write the file for version 2"
            ])
        #expect(check.warnings.isEmpty)
    }

    @Test(
        "the version is required and must be a version this Vitrine knows",
        arguments: [
            (#"{"main": {}}"#, #"version: missing: add "version": 2 (the schema the file is written for)"#),
            (#"{"screens": {"a": {"content": {"type": "divider"}}}}"#, #"version: missing: add "version": 2 (the schema the file is written for)"#),
            (#"{"version": "1"}"#, "version: expected a number (2), found a string"),
            (#"{"version": 0}"#, "version: expected versions 1 to 2, found 0"),
            (#"{"version": 1.5}"#, "version: expected versions 1 to 2, found 1.5"),
            ("[1]", "expected an object, found an array")
        ])
    func badVersion(text: String, expected: String) throws {
        let fixture = try ConfigFixture()
        #expect(ConfigFixture.describe(fixture.check(text).errors) == [expected])
    }

    @Test("a button needs a title and an action")
    func incompleteButton() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(#"{"version": 1, "main": {"buttons": [{"action": "toggleSplitSheet"}, {"title": ""}]}}"#)
        #expect(
            ConfigFixture.describe(check.errors) == [
                "main.buttons[0].title: missing: a button needs a title",
                "main.buttons[1].title: must not be empty: a button needs a title",
                "main.buttons[1].action: missing: a button needs an action (toggleSplitSheet, presentContentSheet, restartOnboarding)"
            ])
    }

    @Test("every schema error is reported in one pass, one line each, every line starting with the file")
    func severalErrors() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            ##"{"version": 1, "display": {"rotation": 45}, "theme": {"tint": "#12"}, "onboarding": {"pages": [{"image": "gone.jpg"}], "completed": {}}, "main": {"buttons": [{"title": "x", "action": "jump"}]}}"##
        )
        let file = fixture.directory.file("kiosk.json")
        let error = try #require(check.error)
        #expect(
            error.message.split(separator: "\n").map(String.init) == [
                "\(file): display.rotation: expected 0, 90, 180 or 270, found 45",
                "\(file): theme.tint: \"#12\" is not a colour (use #RRGGBB or #RRGGBBAA)",
                "\(file): onboarding.pages[0].image: file not found: \(fixture.directory.path)/gone.jpg",
                "\(file): main.buttons[0].action: \"jump\" is not an action (toggleSplitSheet, presentContentSheet, restartOnboarding)"
            ])
        #expect(throws: VitrineError.self) {
            try KioskConfigLoader.parse("{\"version\": 1, \"theme\": {\"tint\": 1}}", file: file, baseDirectory: fixture.directory.path)
        }
    }

    @Test("settings that cannot take effect are warnings, not errors")
    func crossChecks() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            #"{"version": 1, "onboarding": {"completed": {}}, "main": {"buttons": [{"title": "Again", "action": "restartOnboarding"}]}, "contentSheet": {"collapsedHeight": 500, "expandedHeight": 300}}"#
        )
        #expect(check.errors.isEmpty)
        #expect(
            ConfigFixture.describe(check.warnings) == [
                "onboarding.completed: never shown: the onboarding has no pages",
                "main.buttons[0].action: restartOnboarding does nothing: the onboarding has no pages",
                "contentSheet.expandedHeight: 300 is below collapsedHeight 500; the sheet will not expand"
            ])
        let stuck = fixture.check(#"{"version": 1, "onboarding": {"pages": [{}]}}"#)
        #expect(
            ConfigFixture.describe(stuck.warnings) == [
                "onboarding.completed: missing: without a completed page nothing leads from the onboarding to the main screen"
            ])
    }

    @Test("a config file that does not exist is .notFound (vitrine run then shows the demo); one with errors is .invalidConfiguration")
    func loadingFiles() throws {
        let fixture = try ConfigFixture()
        let missing = fixture.directory.file("absent.json")
        let absent = try? thrownError { try KioskConfigLoader.load(path: missing) }
        #expect(absent?.code == .notFound)
        #expect(absent?.message == "\(missing): cannot open")
        let bad = try fixture.write(#"{"version": 1, "main": {"image": "gone.png"}}"#)
        let invalid = try? thrownError { try KioskConfigLoader.load(path: bad) }
        #expect(invalid?.code == .invalidConfiguration)
        #expect(invalid?.message == "\(bad): main.image: file not found: \(fixture.directory.path)/gone.png")
        let good = try fixture.write(#"{"version": 1, "main": {"image": "photo.jpg"}}"#, as: "good.json")
        #expect(try KioskConfigLoader.load(path: good).v1?.main.image == "photo.jpg")
    }
}
