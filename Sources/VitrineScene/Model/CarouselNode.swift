/// A carousel (`{"type": "carousel", "pages": […], "interval": 6, "loop": true}`): pages of any
/// views, turned by a swipe, the arrow keys, or by themselves every `interval` seconds
/// (`CarouselView`).
public struct CarouselNode: Sendable, Equatable {
    public var pages: [ViewNode]
    /// Seconds between turns by themselves; nil: only a finger or a key turns the pages.
    public var interval: Double?
    /// Past the last page comes the first.
    public var loops: Bool

    /// A turn takes the pager's 0.4 s slide; below a second a page could not be looked at.
    public static let shortestInterval = 1.0
    /// An hour: past it an attract loop would look stopped, and it is a slip of units.
    public static let longestInterval = 3600.0

    public init(pages: [ViewNode], interval: Double? = nil, loops: Bool = true) {
        self.pages = pages
        self.interval = interval
        self.loops = loops
    }
}
