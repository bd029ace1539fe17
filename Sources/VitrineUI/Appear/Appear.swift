import VitrineMotion

/// How a view comes onto the screen each time its screen is shown (pushed, presented, shown
/// again): faded in, or slid a short way up or in from the right while it fades in.
///
/// A spring moves it: ContentSheet's settle spring (UIKit's `animate(withDuration: 0.5,
/// usingSpringWithDamping: 1)` under the parity approximation, `SpringParameters(uiKitDuration:
/// 0.5, dampingRatio: 1)`), the one the house's sheets, keyboard and reach mode come to rest
/// with: critically damped, so nothing overshoots its place or fades past opaque.
public struct Appear: Sendable, Equatable {
    /// Where the view comes from.
    public enum From: String, Sendable, Equatable, CaseIterable {
        /// Fades in where it is.
        case fade
        /// Rises by `travel` while it fades in.
        case bottom
        /// Comes in from the right by `travel` while it fades in.
        case right
    }

    public var from: From
    /// Seconds after the screen is shown before it starts (finite, at least 0).
    public var delay: Double

    public init(from: From, delay: Double = 0) {
        precondition(delay.isFinite && delay >= 0, "an appear delay is a number of seconds, at least 0")
        self.from = from
        self.delay = delay
    }

    /// How far a sliding view travels: 30 points, Material's shared-axis transition (Material
    /// Design 3, "Transitions: shared axis", 30 dp of slide with the fade) — enough to be seen
    /// to arrive, too little to look like navigation.
    public static let travel = 30.0
    /// The spring (see the type's comment).
    public static let spring = SpringParameters(uiKitDuration: 0.5, dampingRatio: 1)
    /// The longest delay a config may write: past it a view would look missing, not arriving.
    public static let longestDelay = 10.0
}
