import Testing
import VitrineCore
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineUI

/// Binds that are expressions in a config (issue 31): checked before the panel against the
/// data's sample, and on the panel evaluated as data and the language change.
@Suite("Config: binds as expressions")
struct ExpressionBindTests {
    static let sample = #"{"north": {"price": 2.9, "title": "North"}, "south": {"price": 3.5, "title": "South"}, "routes": ["north", "south"], "zero": 0}"#

    static func document(text: String, languages: Bool = false) -> String {
        #"{"version": 2, "# + (languages ? #""languages": ["en", "de"], "# : "")
            + #""data": {"fares": {"file": "fares.json", "sample": "fares.sample.json"}}, "screens": {"home": {"title": "Fares", "content": {"type": "vstack", "children": [{"type": "text", "text": "#
            + text + "}]}}}}"
    }

    static func bind(_ expression: String) -> String { JSONValue.object([("bind", .string(expression))]).serialized(pretty: false) }

    @Test(
        "a good expression passes; a wrong name, a wrong type, a division by zero, a syntax error and a result of the wrong kind are errors at the bind with their column"
    )
    func checked() throws {
        let fixture = try ConfigFixture()
        _ = try fixture.write(Self.sample, as: "fares.sample.json")
        let good = fixture.check(Self.document(text: Self.bind("fixed(fares[fares.routes[0]].price * 3, 2) + ' ' + fares.north.title")))
        #expect(good.errors.isEmpty && good.warnings.isEmpty, "\(good.errorLines) \(good.warningLines)")
        let field = "screens.home.content.children[0].text.bind"
        let cases: [(String, String)] = [
            ("fars.north.price * 2", #""fars" is not a data source (data: fares) (did you mean fares?)"#),
            ("fares.north.title - 1", "column 19: - needs two numbers, not a string and a number"),
            ("fares.north.price / fares.zero", "column 19: division by zero"),
            ("fares.north.price *", "column 20: the expression ends too soon"),
            ("fares.routes + 1 == 2", "column 14: + adds numbers or joins strings, not an array and a number"),
            ("fares.north + 1 > 0 ? fares.routes : 1", "column 13: + adds numbers or joins strings, not an object and a number"),
            ("1 > 0 ? fares.routes : 1", "gives an array; a text binds to a string, a number or true/false"),
            ("fares.north.price == '2.9' ? 'a' : 'b'", "column 19: == compares a number with a string, which are never equal"),
            ("item.name + 1", "item reads a repeated row's element, and this is not in a row template")
        ]
        for (expression, message) in cases {
            let errors = ConfigFixture.describe(fixture.check(Self.document(text: Self.bind(expression))).errors)
            #expect(errors.count == 1 && errors.first?.hasPrefix(field + ": ") == true && errors.first?.contains(message) == true, "\(expression): \(errors)")
        }
    }

    @Test(
        "on the panel: the text is the expression's value, in the language's number format, again after the data changes; a division by zero at run time shows nothing and is logged once"
    )
    func evaluatedOnThePanel() throws {
        let fixture = try ConfigFixture()
        _ = try fixture.write(Self.sample.replacingZero(with: "2"), as: "fares.sample.json")
        _ = try fixture.write(Self.sample.replacingZero(with: "2"), as: "fares.json")
        let path = try fixture.write(
            Self.document(text: Self.bind("fixed(fares.north.price * 3, 2) + ' / ' + fixed(fares.south.price / fares.zero, 1)"), languages: true))
        let loaded = try KioskConfigLoader.load(path: path)
        #expect(loaded.warningLines.count == 1 && loaded.warningLines[0].contains("divides by fares.zero, which can be 0"), "\(loaded.warningLines)")
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let log = MemoryLogSink()
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 640, height: 400))
        scene.controller?.logger = Logger("scene", sink: log)
        func label() -> String? { Self.labels(in: run.window.root).first { $0.contains("/") } }
        #expect(label() == "8.70 / 1.8")
        _ = try scene.control("language", arguments: .object([("language", .string("de"))]))
        run.advance(0.5)
        #expect(label() == "8,70 / 1,8", "the German decimal mark")
        _ = try scene.control("set", arguments: .object([("path", .string("fares.north.price")), ("value", .number(3.1))]))
        run.advance(0.1)
        #expect(label() == "9,30 / 1,8")
        // Zero at run time: the text is empty, one warning says why, however many frames read it.
        _ = try scene.control("set", arguments: .object([("path", .string("fares.zero")), ("value", .number(0))]))
        run.advance(0.1)
        _ = try scene.control("set", arguments: .object([("path", .string("fares.north.price")), ("value", .number(3.2))]))
        run.advance(0.1)
        #expect(Self.labels(in: run.window.root).contains("Fares"))
        #expect(label() == nil, "\(Self.labels(in: run.window.root))")
        let warnings = log.messages.filter { $0.contains("division by zero") }
        #expect(warnings.count == 1, "\(log.messages)")
        #expect(warnings.first?.contains("it shows nothing") == true)
    }

    @Test("a division by a value that can be 0 on the panel is a warning until a condition guards it")
    func divisionThatCanBeZero() throws {
        let fixture = try ConfigFixture()
        _ = try fixture.write(Self.sample.replacingZero(with: "2"), as: "fares.sample.json")
        func warnings(_ expression: String) -> [String] { ConfigFixture.describe(fixture.check(Self.document(text: Self.bind(expression))).warnings) }
        #expect(
            warnings("fares.north.price / fares.zero")
                == [
                    #"screens.home.content.children[0].text.bind: "fares.north.price / fares.zero": column 19: divides by fares.zero, which can be 0 on the panel (the text is then empty); guard it: fares.zero != 0 ? … : …"#
                ])
        #expect(warnings("fares.zero != 0 ? fares.north.price / fares.zero : 0").isEmpty)
        #expect(warnings("fares.zero > 0 && fares.north.price / fares.zero > 1").isEmpty)
        #expect(warnings("fares.north.price / 2 + fares.south.price % 3").isEmpty, "a number other than 0")
    }

    static func labels(in view: View) -> [String] {
        var texts: [String] = []
        if let label = view as? Label, !label.isHidden { texts.append(label.text) }
        for child in view.subviews { texts += Self.labels(in: child) }
        return texts
    }
}

extension String {
    fileprivate func replacingZero(with value: String) -> String {
        self.split(separator: #""zero": 0"#, omittingEmptySubsequences: false).joined(separator: #""zero": "# + value)
    }
}
