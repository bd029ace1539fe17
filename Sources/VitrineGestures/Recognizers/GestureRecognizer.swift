import VitrineCore

/// What a recognizer says about the contact after each of its changes.
public enum ArenaDecision: Equatable, Sendable {
    /// Still watching.
    case undecided
    /// This is mine (a pan passed its slop): the first to claim wins the contact.
    case claim
    /// Not mine (a tap slid away, a pan lifted before its slop): leave the arena.
    case reject
}

/// A member of the gesture arena: it is shown one contact from touch-down to lift and competes
/// for it with the recognizers of the other views under the finger (see `GestureArena`).
///
/// Contract (what `GestureArena` relies on; `PanGestureRecognizer` and `TapGestureRecognizer`
/// follow it):
/// - `join(_:at:)` comes first, for a `began` contact; returning false keeps the recognizer out
///   (it is busy with another finger). Joining returns a recognizer to `possible`.
/// - `track(_:at:)` follows for every later change of that contact, until the recognizer
///   rejects, loses, or the contact ends. Its decision counts only while the arena is open.
/// - `arenaDidAccept(contact:)` or `arenaDidReject(contact:)` is called at most once per contact. After a
///   rejection the recognizer is `cancelled` (or already `failed`) and hears no more.
/// - Times come from the touch frames, never from a clock.
public protocol GestureRecognizer: AnyObject {
    var state: GestureState { get }
    /// A contact came down on this recognizer's view; false to stay out.
    func join(_ contact: TouchContact, at time: MonotonicTime) -> Bool
    /// The contact moved, stood still, lifted or was cancelled.
    func track(_ contact: TouchContact, at time: MonotonicTime) -> ArenaDecision
    /// The recognizer won the contact `id` (a recognizer watching several fingers learns which).
    func arenaDidAccept(contact id: Int)
    /// Another recognizer won the contact `id`.
    func arenaDidReject(contact id: Int)
}

/// Whether a recognizer has won its contact yet. A pan that wins before passing its slop (the
/// last one left in the arena) waits for the slop before it begins; a tap that wins before the
/// lift taps at the lift.
enum ArenaStanding: Equatable {
    case contending
    case accepted
}

/// The one contact a single-finger recognizer follows, from its touch-down until the recognizer
/// is done with it: what `PanGestureRecognizer` and `TapGestureRecognizer` share.
struct FollowedContact {
    private(set) var id: Int?
    private(set) var downLocation: GestureVector = .zero
    private(set) var location: GestureVector = .zero
    var standing: ArenaStanding = .contending

    /// Starts following `contact`; false while another contact is followed.
    mutating func join(_ contact: TouchContact) -> Bool {
        guard self.id == nil else { return false }
        self.id = contact.id
        self.standing = .contending
        self.downLocation = GestureVector(x: contact.x, y: contact.y)
        self.location = self.downLocation
        return true
    }

    /// Takes the contact's new position; false if it is not the one followed.
    mutating func follow(_ contact: TouchContact) -> Bool {
        guard contact.id == self.id else { return false }
        self.location = GestureVector(x: contact.x, y: contact.y)
        return true
    }

    /// The recognizer is done with the contact; it may join the next one.
    mutating func release() {
        self.id = nil
    }
}
