import VitrineCore

/// Decides, for each contact, which one recognizer of the views under the finger gets it.
///
/// Flutter's arena (research/input.md §5.2, `gestures/arena.dart`): "The first member to accept
/// or the last member to not reject wins."
/// - On touch-down the recognizers of the hit-tested view chain join, innermost first. If only
///   one joins, it wins at once (Flutter closes the arena after the down event).
/// - After each change of the contact every member still in says `undecided`, `claim` or
///   `reject`. The first member (innermost first) to claim wins; the others are rejected and
///   become `cancelled`. Members that reject leave; if one member is left, it wins.
/// - If the finger lifts while the arena is still open, the first member left wins (Flutter's
///   sweep): a button's tap inside a pager and a sheet.
/// - A cancelled contact goes to every member; all stop, nobody wins, nothing flings.
///
/// So a horizontal pager, a vertical sheet and a button inside both split by direction: the
/// first axis to pass the touch slop claims the contact, and a finger that lifts before either
/// did presses the button.
///
/// ```swift
/// let arena = GestureArena { contact in ui.recognizers(at: contact.x, contact.y) }  // innermost first
/// input.onFrame = { arena.handle($0) }
/// ```
public final class GestureArena {
    /// One contact's contest.
    private struct Contest {
        /// Members still in, innermost first.
        var members: [any GestureRecognizer]
        /// Set once someone has won; from then on only the winner hears the contact.
        var winner: (any GestureRecognizer)?
    }

    /// The recognizers of the views under a contact that just came down, innermost first.
    public var hitTest: (TouchContact) -> [any GestureRecognizer]
    /// Whether a recognizer's view still exists (nil: all do). A member whose view is freed is
    /// dropped from its contest without a word — its handlers may reach the view (issue 29: a
    /// finger down while a language change built the screens again, then lifted, ran the old
    /// navigation's pan handler on a freed view and aborted the kiosk). A view that is only off
    /// the window keeps its contact to the lift, so a drag that hides it still ends.
    public var isAttached: ((any GestureRecognizer) -> Bool)?
    private var contests: [Int: Contest] = [:]
    private let logger: Logger

    public init(logger: Logger = Logger("gestures"), hitTest: @escaping (TouchContact) -> [any GestureRecognizer]) {
        self.logger = logger
        self.hitTest = hitTest
    }

    /// Routes every contact of `frame` to its contest, at the frame's timestamp.
    public func handle(_ frame: TouchFrame) {
        for contact in frame.contacts {
            if contact.phase == .began {
                self.open(contact, at: frame.time)
            } else {
                self.route(contact, at: frame.time)
            }
        }
    }

    /// The recognizer that won the contact `id`, while it is down.
    public func winner(ofContact id: Int) -> (any GestureRecognizer)? {
        self.contests[id]?.winner
    }

    /// How many contacts have a contest (down, with at least one recognizer).
    public var contestCount: Int { self.contests.count }

    private func open(_ contact: TouchContact, at time: MonotonicTime) {
        if let stale = self.contests.removeValue(forKey: contact.id) {
            // The contact's lift was never seen: nobody keeps it.
            self.logger.warning("contact \(contact.id) came down again without lifting; its gestures are cancelled")
            for member in stale.members where self.isAttached?(member) ?? true { member.arenaDidReject(contact: contact.id) }
        }
        var contest = Contest(members: self.hitTest(contact).filter { $0.join(contact, at: time) })
        guard !contest.members.isEmpty else { return }
        if contest.members.count == 1 { self.resolve(&contest, winner: 0, contact: contact.id, reason: "alone") }
        self.contests[contact.id] = contest
    }

    private func route(_ contact: TouchContact, at time: MonotonicTime) {
        guard var contest = self.contests[contact.id] else { return }
        if let isAttached = self.isAttached {
            contest.members.removeAll { !isAttached($0) }
            if let winner = contest.winner, !isAttached(winner) { contest.winner = nil }
            guard !contest.members.isEmpty else {
                // Everyone the contact could go to has left the screen: the contact is nobody's.
                self.contests[contact.id] = nil
                return
            }
        }
        if !contact.isActive { self.contests[contact.id] = nil }
        if let winner = contest.winner {
            _ = winner.track(contact, at: time)
            return
        }
        var claimant: Int?
        var remaining: [any GestureRecognizer] = []
        for member in contest.members {
            switch member.track(contact, at: time) {
            case .reject: continue
            case .claim: if claimant == nil { claimant = remaining.count }
            case .undecided: break
            }
            remaining.append(member)
        }
        contest.members = remaining
        if let claimant {
            self.resolve(&contest, winner: claimant, contact: contact.id, reason: "claimed")
        } else if remaining.count == 1 {
            self.resolve(&contest, winner: 0, contact: contact.id, reason: "last left")
        } else if !contact.isActive && !remaining.isEmpty {
            self.resolve(&contest, winner: 0, contact: contact.id, reason: "innermost at lift")
        }
        if contact.isActive { self.contests[contact.id] = contest }
    }

    private func resolve(_ contest: inout Contest, winner index: Int, contact: Int, reason: String) {
        let winner = contest.members[index]
        contest.winner = winner
        self.logger.debug("contact \(contact): \(type(of: winner)) wins (\(reason))")
        for (position, member) in contest.members.enumerated() where position != index { member.arenaDidReject(contact: contact) }
        contest.members = [winner]
        winner.arenaDidAccept(contact: contact)
    }
}
