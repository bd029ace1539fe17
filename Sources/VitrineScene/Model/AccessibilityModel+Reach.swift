/// Where on the panel a seated visitor reaches, from `mountHeight` (issue 33; reach mode and
/// `check-config`'s reach check, Docs/accessibility.md, "The visitor's settings").
extension AccessibilityModel {
    /// How far reach mode moves the screens without a mounting height: 40 % of the screen's
    /// height (issue 33). The top 40 % — the bar and the first rows, the part a standing
    /// visitor's eye and hand go to first — comes down to where the middle was, and three
    /// fifths of the screen stays in view.
    public static let defaultReachFraction = 0.4
    /// The most reach mode moves the screens: half the screen's height, so at most half of it
    /// leaves the bottom edge and what came down still has the lower half of the panel to
    /// work in.
    public static let largestReachFraction = 0.5

    /// How far reach mode moves the screens down on a screen `height` points tall, in points:
    /// with `mountHeight`, enough that the screen's top comes down to the top of the reach
    /// range (1,220 mm, `reachRange`), at most `largestReachFraction` of the height (0 when the
    /// top is within reach already); without it, `defaultReachFraction` of the height.
    public func reachOffset(screenHeight height: Double) -> Double {
        guard let mount = self.mountHeight, mount.top > mount.bottom else { return height * Self.defaultReachFraction }
        let millimetres = mount.top - Self.reachRange.upperBound
        let points = millimetres / (mount.top - mount.bottom) * height
        return min(max(0, points), height * Self.largestReachFraction)
    }

    /// The height above the floor, in millimetres, of a point `y` points below the top of a
    /// screen `height` points tall (nil without `mountHeight`): the active area spans the mount's
    /// top and bottom edges evenly.
    public func heightAboveFloor(y: Double, screenHeight height: Double) -> Double? {
        guard let mount = self.mountHeight, height > 0 else { return nil }
        return mount.top - y / height * (mount.top - mount.bottom)
    }
}
