import VitrineCore
import VitrineGraphics

/// A menu of any number of items (a title, a note, a price, a thumbnail) repeated from a data
/// file, as an integrator writes one: the scene of the `menu-list-fling` rows and of the long-
/// list tests. The list is the screen's content, so the screen scrolls it; a row's tap emits
/// `picked`.
public enum LongMenuConfig {
    /// The cafe example's photos, one per row in turn.
    public static let photos = ["cappuccino", "cinnamon-bun", "croissant", "espresso", "green-tea", "latte", "lemon-cake", "counter"]

    /// Item `index` (0-based): its title, note and price as the rows show them.
    public static func title(_ index: Int) -> String { "Item \(index + 1)" }
    public static func note(_ index: Int) -> String { "Shelf \(index % 40 + 1)" }
    public static func price(_ index: Int) -> String { "€ \(index % 9 + 1).50" }

    /// The data's `items` array, `rows` long, thumbnails from `examples`/cafe/images (an
    /// absolute path: the data names them).
    public static func items(rows: Int, examples: String) -> String {
        let items = (0..<rows).map { i in
            let photo = examples + "/cafe/images/" + Self.photos[i % Self.photos.count] + ".jpg"
            return #"{"name": "Item \#(i + 1)", "note": "Shelf \#(i % 40 + 1)", "price": "\#(i % 9 + 1).50", "image": "\#(photo)"}"#
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]"
    }

    static let config = #"""
        {"version": 2, "data": {"menu": "menu.json"}, "start": "menu",
         "screens": {"menu": {"title": "Menu", "content": {"type": "list", "sections": [{"header": "Everything we sell",
           "rows": {"repeat": "menu.items", "row": {"title": {"bind": "item.name"}, "subtitle": {"bind": "item.note"},
             "trailing": {"bind": "item.price", "format": "€ {}"}, "thumbnail": {"bind": "item.image"}, "action": {"emit": "picked"}}}}]}}}}
        """#

    /// Writes `kiosk.json` and `menu.json` (`rows` items) into `directory`; returns the config's
    /// path.
    public static func write(rows: Int, into directory: String, examples: String) throws(VitrineError) -> String {
        try FileBytes.writeAtomically(Array(("{\"items\": " + Self.items(rows: rows, examples: examples) + "}\n").utf8), to: directory + "/menu.json")
        try FileBytes.writeAtomically(Array(Self.config.utf8), to: directory + "/kiosk.json")
        return directory + "/kiosk.json"
    }
}
