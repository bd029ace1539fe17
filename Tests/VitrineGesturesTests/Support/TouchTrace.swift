import Glibc
import VitrineCore

/// Hand-written touch recordings: one finger sampled every 8 ms (a 125 Hz panel), as libinput
/// would deliver its frames.
enum TouchTrace {
    /// The panel's sample interval, in milliseconds.
    static let interval: UInt64 = 8

    /// A finger that lands at `start`, moves by `offset` over `duration` milliseconds easing in
    /// (so it lifts at its fastest, 2·offset/duration), optionally rests `hold` milliseconds, and
    /// lifts. A ±`jitter` point wobble stands in for a real finger.
    static func swipe(
        id: Int = 0, from start: (x: Double, y: Double), by offset: (x: Double, y: Double), duration: UInt64,
        hold: UInt64 = 0, startingAt time: UInt64 = 1_000_000, jitter: Double = 0.6, lift: TouchContact.Phase = .ended
    ) -> [TouchFrame] {
        var frames = [TouchFrame(timestamp: time, contacts: [TouchContact(id: id, phase: .began, x: start.x, y: start.y)])]
        var last = start
        var elapsed: UInt64 = 0
        while elapsed < duration {
            elapsed = min(elapsed + Self.interval, duration)
            let f = Double(elapsed) / Double(duration)
            let wobble = jitter * sin(Double(elapsed) * 0.37)
            last = (start.x + offset.x * f * f + wobble, start.y + offset.y * f * f - wobble)
            frames.append(
                TouchFrame(timestamp: time + elapsed * 1000, contacts: [TouchContact(id: id, phase: .moved, x: last.x, y: last.y)]))
        }
        let liftTime = time + (duration + hold + Self.interval) * 1000
        frames.append(TouchFrame(timestamp: liftTime, contacts: [TouchContact(id: id, phase: lift, x: last.x, y: last.y)]))
        return frames
    }

    /// A tap: down, a few small wobbles within a couple of points, up after `duration` ms.
    static func tap(id: Int = 0, at point: (x: Double, y: Double), duration: UInt64 = 90, startingAt time: UInt64 = 1_000_000)
        -> [TouchFrame]
    {
        Self.swipe(id: id, from: point, by: (1.5, -1), duration: duration, startingAt: time, jitter: 0.8)
    }
}
