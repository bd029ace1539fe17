import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// A list filtered by what the visitor types (issue 32, "Search a list").
@Suite("Config: a list filtered by a text field")
struct ListFilterTests {
    static let catalogue = #"""
        {"version": 2,
         "data": {"books": {"file": "books.json", "sample": "books.json"}},
         "state": {"query": ""},
         "screens": {
           "search": {"title": "Search", "content": {"type": "vstack", "spacing": 12, "padding": 16, "children": [
              {"type": "textField", "id": "query", "state": "query", "placeholder": "Search"},
              {"type": "list", "id": "results", "height": "fill",
               "filter": {"text": {"bind": "state.query"}, "fields": ["title", "subtitle"]},
               "rows": {"repeat": "books.titles", "row": {"title": {"bind": "item.title"}, "subtitle": {"bind": "item.author"}}}}]}}}}
        """#

    @Test("case and accents are ignored, every word must match, 10,000 rows filter without a view per row, and clearing the text shows them all")
    func filterRows() throws {
        var titles: [JSONValue] = [
            .object([("title", .string("Musée d'Orsay guide")), ("author", .string("Anne Léger"))]),
            .object([("title", .string("Die Hafenstraße")), ("author", .string("Jörg Weiß"))]),
            .object([("title", .string("The Hobbit")), ("author", .string("J. R. R. Tolkien"))])
        ]
        for index in 0..<9_997 { titles.append(.object([("title", .string("Volume \(index)")), ("author", .string("Author \(index % 97)"))])) }
        let fixture = try ConfigFixture()
        _ = try fixture.write(JSONValue.object([("titles", .array(titles))]).serialized(), as: "books.json")
        let loaded = try KioskConfigLoader.load(path: try fixture.write(Self.catalogue))
        #expect(loaded.errors.isEmpty && loaded.warnings.isEmpty, "\(loaded.warningLines)")
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 1280, height: 800))
        let list = try #require(StateTests.view("results", in: run.window.root) as? ListView)
        #expect(list.rowCount == 10_000)
        func search(_ text: String) throws -> [String] {
            _ = try scene.control("set", arguments: .object([("path", .string("state.query")), ("value", .string(text))]))
            run.advance(0.1)
            return list.allRows.map(\.titleLabel.text)
        }
        #expect(try search("muse") == ["Musée d'Orsay guide"])
        #expect(try search("LEGER") == ["Musée d'Orsay guide"], "the author, accents off")
        #expect(try search("strasse weiss") == ["Die Hafenstraße"], "ß as ss, both words")
        #expect(try search("hobbit tolkien") == ["The Hobbit"])
        #expect(try search("hobbit orsay").isEmpty)
        _ = try search("volume 12")
        let expected = (0..<9_997).count { "Volume \($0)\nAuthor \($0 % 97)".contains("12") }
        #expect(list.rowCount == expected, "every Volume with a 12 in its number or its author's")
        #expect(list.allRows.count < 40, "views only for the rows in view: \(list.allRows.count)")
        _ = try search("")
        #expect(list.rowCount == 10_000)
    }

    @Test("folding: case, accents, ß, marks typed apart")
    func folding() {
        #expect(TextFolding.fold("Musée") == "musee")
        #expect(TextFolding.fold("STRAẞE Weiß") == "strasse weiss")
        #expect(TextFolding.fold("Cafe\u{301}") == "cafe", "a combining acute is dropped")
        #expect(TextFolding.fold("Łódź Ærø") == "lodz aero")
        #expect(TextFolding.fold("Москва") == "москва", "other scripts are lower-cased")
    }
}
