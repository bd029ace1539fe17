import VitrineCore

/// Several animations run, stopped and completed as one: a page's offset, its title's fade and
/// its indicator move together, and `onComplete` fires once, when the last of them arrives.
///
/// Members keep their own `onUpdate` and `onComplete` hooks; the group reports each member's
/// completion as it arrives and its own once all have.
///
/// ```swift
/// let turn = AnimationGroup([pageOffset, titleAlpha])
/// turn.onComplete = { pager.didSettle() }
/// animator.run(turn)
/// ```
public final class AnimationGroup: FrameAnimation {
    public let members: [any FrameAnimation]
    /// Called once when every member has arrived.
    public var onComplete: (() -> Void)?
    /// Members that have not arrived in this run.
    private var pending: [any FrameAnimation]

    public init(_ members: [any FrameAnimation]) {
        self.members = members
        self.pending = members
    }

    /// Whether every member has arrived.
    public var isSettled: Bool { self.pending.isEmpty }

    public func advance(to time: MonotonicTime) -> Bool {
        // A group that arrived and is run again starts all its members again.
        if self.pending.isEmpty { self.pending = self.members }
        var arrived: [any FrameAnimation] = []
        self.pending.removeAll { member in
            guard member.advance(to: time) else { return false }
            arrived.append(member)
            return true
        }
        for member in arrived { member.complete() }
        return self.pending.isEmpty
    }

    public func complete() {
        self.onComplete?()
    }

    public func stop() {
        for member in self.pending { member.stop() }
    }
}
