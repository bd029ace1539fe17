import VitrineCore
import VitrineScene
import VitrineUI

/// `{"type": "carousel", "pages": [views…], "interval": 6, "loop": true}` and the `appear` key
/// every view may have (Docs/config.md, "Views").
extension ConfigReader {
    mutating func carousel(_ object: ConfigObject, depth: Int) -> ViewNode.Kind? {
        var pages: [ViewNode] = []
        var broken = false
        let count = self.array(object, "pages") { reader, item, path, index in
            guard index < Self.mostChildren else {
                if index == Self.mostChildren { reader.error(path, "more than \(Self.mostChildren) pages") }
                return
            }
            if let page = reader.view(item, at: path, depth: depth + 1) { pages.append(page) } else { broken = true }
        }
        var carousel = CarouselNode(pages: [])
        self.read(object, "interval", into: &carousel.interval, .from(CarouselNode.shortestInterval, to: CarouselNode.longestInterval))
        self.read(object, "loop", into: &carousel.loops)
        guard let count else {
            if !object.members.contains(where: { $0.key == "pages" }) {
                self.error(object.path(of: "pages"), "missing: a carousel needs its pages, one view each (\"pages\": [{\"type\": \"image\", …}, …])")
            }
            return nil
        }
        guard count > 0 else {
            self.error(object.path(of: "pages"), "empty: a carousel needs at least one page (one view each)")
            return nil
        }
        carousel.pages = pages
        return broken ? nil : .carousel(carousel)
    }

    /// `"appear": {"from": "fade" | "bottom" | "right", "delay": 0.2}` on any view; nil when
    /// absent or wrong (after recording the error).
    mutating func appear(_ object: ConfigObject) -> Appear? {
        var from = Appear.From.fade
        var delay = 0.0
        var read = false
        self.section(object, "appear") { reader, appear in
            read = true
            reader.read(appear, "from", into: &from, noun: "an appear direction")
            reader.read(appear, "delay", into: &delay, .from(0, to: Appear.longestDelay))
        }
        return read ? Appear(from: from, delay: delay) : nil
    }
}
