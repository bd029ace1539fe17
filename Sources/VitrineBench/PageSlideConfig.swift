import VitrineCore
import VitrineGraphics

/// Two pages of a photo and paragraphs, the second pushed from the first: the scene of the
/// `page-slide` rows (issue 34), the page a kiosk shows most after a list. Each page is an
/// exhibit as the museum example writes one (a photo filling 55 % of the width beside a title,
/// a headline and two paragraphs), with its own photo, so the slide moves two different pages.
public enum PageSlideConfig {
    /// The museum example's photos the two pages show, first and second.
    public static let photos = ["harbour", "lighthouse"]

    /// The paragraphs both pages show under their titles.
    public static let paragraphs = [
        "A clock steady enough at sea to keep the harbour's time for months. Its gimbals keep the dial level however the ship rolls, "
            + "and its brass case was opened only to wind it, once a day, at the same hour.",
        "Navigators compared it with the noon sun to find their longitude: every four minutes the clock was ahead of or behind the "
            + "sun meant one degree east or west of the harbour it was set by."
    ]

    static func page(title: String, headline: String, photo: String, next: String?) -> String {
        let button =
            next.map { #", {"type": "button", "title": "Next", "style": "tinted", "action": {"push": "\#($0)"}, "width": "fill", "id": "next"}"# } ?? ""
        let texts = Self.paragraphs.map { #"{"type": "text", "text": "\#($0)", "style": "body", "color": "secondaryLabel", "width": "fill"}"# }
        return #"""
            {"title": "\#(title)", "content": {"type": "hstack", "spacing": 40, "alignment": "fill", "padding": {"horizontal": 40, "vertical": 32},
              "children": [{"type": "image", "image": "\#(photo)", "mode": "fill", "cornerRadius": 16, "width": "55%", "height": "fill", "id": "photo"},
                {"type": "vstack", "spacing": 12, "width": "fill", "children": [
                  {"type": "text", "text": "\#(title)", "style": "title", "lines": 2, "width": "fill"},
                  {"type": "text", "text": "\#(headline)", "style": "headline", "color": "tint", "width": "fill"},
                  {"type": "divider"}, \#(texts.joined(separator: ", ")), {"type": "spacer"}\#(button)]}]}}
            """#
    }

    /// Writes `kiosk.json` into `directory`, the photos named by absolute path under
    /// `examples`/museum/images; returns the config's path.
    public static func write(into directory: String, examples: String) throws(VitrineError) -> String {
        let photo = { (name: String) in examples + "/museum/images/" + name + ".jpg" }
        let first = Self.page(title: "The harbour", headline: "1890", photo: photo(Self.photos[0]), next: "second")
        let second = Self.page(title: "The lighthouse", headline: "1871", photo: photo(Self.photos[1]), next: nil)
        let config = #"{"version": 2, "start": "first", "screens": {"first": \#(first), "second": \#(second)}}"# + "\n"
        try FileBytes.writeAtomically(Array(config.utf8), to: directory + "/kiosk.json")
        return directory + "/kiosk.json"
    }
}
