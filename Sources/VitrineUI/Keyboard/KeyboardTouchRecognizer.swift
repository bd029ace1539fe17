import VitrineCore
import VitrineGestures

/// Follows every finger on the on-screen keyboard and claims each at once: nothing under a
/// keyboard competes for its touches, and a key must highlight at touch-down. Each contact's
/// changes go to `onContact` (window points).
final class KeyboardTouchRecognizer: GestureRecognizer {
    private(set) var state: GestureState = .possible
    var onContact: ((TouchContact) -> Void)?

    func join(_ contact: TouchContact, at time: MonotonicTime) -> Bool {
        self.onContact?(contact)
        return true
    }

    func track(_ contact: TouchContact, at time: MonotonicTime) -> ArenaDecision {
        self.onContact?(contact)
        return .claim
    }

    func arenaDidAccept(contact id: Int) {}

    func arenaDidReject(contact id: Int) {
        self.onContact?(TouchContact(id: id, phase: .cancelled, x: 0, y: 0))
    }
}
