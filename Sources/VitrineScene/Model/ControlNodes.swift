import VitrineCore
import VitrineUI

/// A toggle row (`{"type": "toggle", "title": "Audio guide", "bind": "state.audioGuide"}`): its
/// title and a switch showing a state boolean, which a tap on the row turns over.
public struct ToggleNode: Sendable, Equatable {
    public var title: TextValue
    /// The state boolean it shows and sets (a name in the scene's `state`).
    public var state: String

    public init(title: TextValue, state: String) {
        self.title = title
        self.state = state
    }
}

/// A slider (`{"type": "slider", "bind": "state.volume", "min": 0, "max": 100, "step": 1}`)
/// showing and setting a state number.
public struct SliderNode: Sendable, Equatable {
    /// The state number it shows and sets.
    public var state: String
    public var minimum: Double
    public var maximum: Double
    /// Chosen values are `minimum + n × step` (and `maximum`).
    public var step: Double

    /// - Precondition (checked by the builder's view): `minimum < maximum`, `step > 0`.
    public init(state: String, minimum: Double = 0, maximum: Double = 100, step: Double = 1) {
        self.state = state
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }
}

/// A segmented control (`{"type": "segmented", "bind": "state.ticket", "options": [{"value":
/// "adult", "title": "Adult"}, …]}`): 2 to 5 options, the one whose value the state holds shown
/// chosen; a tap sets the state to its option's value (a string or a number).
public struct SegmentedNode: Sendable, Equatable {
    public struct Option: Sendable, Equatable {
        /// What the state is set to (a string or a number).
        public var value: JSONValue
        public var title: TextValue

        public init(value: JSONValue, title: TextValue) {
            self.value = value
            self.title = title
        }
    }

    /// The state value it shows and sets.
    public var state: String
    /// 2 to 5 (`SegmentedView.segmentRange`).
    public var options: [Option]

    public init(state: String, options: [Option]) {
        self.state = state
        self.options = options
    }
}
