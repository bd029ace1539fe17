import VitrineCore
import VitrineUI

extension SceneBuilder {
    /// A carousel of the pages' views; its page turns are said when it has the focus
    /// (`onCarouselTurn`).
    func carousel(_ node: CarouselNode, path: String) throws(VitrineError) -> CarouselView {
        // A config is checked before (ConfigReader+Carousel); Swift code gets the same words.
        guard !node.pages.isEmpty else {
            throw VitrineError(.invalidArgument, "\(path).pages: a carousel needs at least one page", hint: "give it one view per page")
        }
        if let interval = node.interval, !(interval.isFinite && interval >= CarouselNode.shortestInterval && interval <= CarouselNode.longestInterval) {
            throw VitrineError(
                .invalidArgument, "\(path).interval: \(interval) is not a number of seconds between turns",
                hint: "give \(CarouselNode.shortestInterval) to \(Int(CarouselNode.longestInterval)) seconds, or leave it out for none")
        }
        var pages: [View] = []
        for page in node.pages { pages.append(try self.view(for: page)) }
        let carousel = CarouselView(pages: pages, interval: node.interval, loops: node.loops, theme: self.theme)
        carousel.onPageChange = { [weak self, unowned carousel] _ in self?.onCarouselTurn?(carousel) }
        carousel.onPageArriving = { [weak self] page in self?.onCarouselPageArriving?(page) }
        return carousel
    }
}
