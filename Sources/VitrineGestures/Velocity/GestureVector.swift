import Glibc
import VitrineCore

/// A 2-D quantity in logical points: a position, a translation (points) or a velocity (points
/// per second).
public struct GestureVector: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = GestureVector(x: 0, y: 0)

    public var magnitude: Double { hypot(self.x, self.y) }

    public static func + (a: GestureVector, b: GestureVector) -> GestureVector {
        GestureVector(x: a.x + b.x, y: a.y + b.y)
    }

    public static func - (a: GestureVector, b: GestureVector) -> GestureVector {
        GestureVector(x: a.x - b.x, y: a.y - b.y)
    }

    /// The same direction, no longer than `limit`.
    public func clamped(toMagnitude limit: Double) -> GestureVector {
        let length = self.magnitude
        guard length > limit, length > 0 else { return self }
        let scale = limit / length
        return GestureVector(x: self.x * scale, y: self.y * scale)
    }

    public var description: String { "(\(String(fixed: self.x, decimals: 2)), \(String(fixed: self.y, decimals: 2)))" }
}
