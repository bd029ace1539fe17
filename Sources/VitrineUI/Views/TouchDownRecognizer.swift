import VitrineCore
import VitrineGestures

/// Acts on touch-down and takes no part in the arena: ContentSheet's dismissal on a touch
/// outside the sheet happens in `touchesBegan`, on the down, not on a tap's lift.
public final class TouchDownRecognizer: GestureRecognizer {
    public private(set) var state: GestureState = .possible
    /// Called with the contact (window points) at each touch-down in the view.
    public var onTouchDown: ((TouchContact) -> Void)?

    public init(onTouchDown: ((TouchContact) -> Void)? = nil) {
        self.onTouchDown = onTouchDown
    }

    public func join(_ contact: TouchContact, at time: MonotonicTime) -> Bool {
        self.onTouchDown?(contact)
        return false
    }

    public func track(_ contact: TouchContact, at time: MonotonicTime) -> ArenaDecision { .reject }
    public func arenaDidAccept(contact id: Int) {}
    public func arenaDidReject(contact id: Int) {}
}
