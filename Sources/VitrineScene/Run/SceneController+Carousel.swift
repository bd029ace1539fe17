import VitrineCore
import VitrineUI

extension SceneController {
    /// The carousels of the screen in front, in reading order, for the state dump: a replay
    /// asserts which page shows and whether the slideshow runs.
    var carouselDump: JSONValue {
        var carousels: [CarouselView] = []
        func visit(_ view: View) {
            if let carousel = view as? CarouselView { carousels.append(carousel) }
            for subview in view.subviews { visit(subview) }
        }
        if let screen = self.frontScreenView { visit(screen) }
        return .array(
            carousels.map { carousel in
                .object([
                    ("id", carousel.identifier.map(JSONValue.string) ?? .null),
                    ("page_index", .number(Double(carousel.currentIndex))),
                    ("page_count", .number(Double(carousel.pages.count))),
                    ("auto_advancing", .bool(carousel.isAutoAdvancing)),
                    ("turns", .number(Double(carousel.autoAdvances)))
                ])
            })
    }
}
