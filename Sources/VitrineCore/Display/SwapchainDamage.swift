/// Which pixels each scanout buffer is missing.
///
/// An output with two or three buffers copies into the back buffer only what changed since that
/// buffer was last written: this frame's damage plus the damage of every frame it missed while
/// it was on screen (or queued). A new buffer misses everything. The region returned by
/// `regionToCopy` is exactly that union, no more — tests check it frame by frame.
public struct SwapchainDamage: Sendable {
    /// Per buffer, the logical pixels it does not have yet.
    public private(set) var missing: [Region]
    public let screen: PixelRect

    /// All buffers start out missing the whole screen.
    public init(bufferCount: Int, screen: PixelRect) {
        precondition(bufferCount >= 1)
        self.screen = screen
        self.missing = Array(repeating: Region(screen), count: bufferCount)
    }

    public var bufferCount: Int { self.missing.count }

    /// Records this frame's damage for every buffer and returns what `buffer` must receive now
    /// (its missed damage ∪ `frameDamage`, clipped to the screen); `buffer` is then up to date.
    public mutating func regionToCopy(into buffer: Int, frameDamage: Region) -> Region {
        let clipped = frameDamage.intersection(self.screen)
        for i in self.missing.indices { self.missing[i].formUnion(clipped) }
        let copy = self.missing[buffer]
        self.missing[buffer] = Region()
        return copy
    }

    /// What `regionToCopy(into:frameDamage:)` would return, without recording anything: the
    /// part a frame's bands may copy into `buffer` before the frame is presented.
    public func regionToCopy(peekingInto buffer: Int, frameDamage: Region) -> Region {
        self.missing[buffer].union(frameDamage.intersection(self.screen))
    }

    /// Every buffer misses everything again (after a modeset, a VT switch, or a lost buffer).
    public mutating func invalidateAll() {
        for i in self.missing.indices { self.missing[i] = Region(self.screen) }
    }
}
