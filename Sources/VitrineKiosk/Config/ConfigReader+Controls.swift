import VitrineCore
import VitrineScene
import VitrineUI

/// The toggle, the slider and the segmented control (Docs/config.md, "Views"), each bound to a
/// state value by `"bind": "state.<name>"`:
/// `{"type": "toggle", "title": "Audio guide", "bind": "state.audioGuide"}`,
/// `{"type": "slider", "bind": "state.volume", "min": 0, "max": 100, "step": 1}`,
/// `{"type": "segmented", "bind": "state.ticket", "options": [{"value": "adult", "title": "Adult"}, …]}`.
extension ConfigReader {
    /// The largest magnitude of a slider's bounds: well inside a double's exact integers, so
    /// every step from the minimum lands where it is written.
    static let largestSliderBound = 1e15

    mutating func toggle(_ object: ConfigObject) -> ViewNode.Kind? {
        var title: TextValue = ""
        self.readText(object, "title", into: &title, required: true)
        guard let name = self.boundState(object, noun: "boolean", example: "audioGuide", exampleDefault: "false") else { return nil }
        guard let current = self.stateDefault(name, at: object.path(of: "bind")) else { return nil }
        guard case .bool = current else {
            self.error(object.path(of: "bind"), "state.\(name) is \(current.kindName) (its default); a toggle turns a boolean (true or false) over")
            return nil
        }
        return .toggle(ToggleNode(title: title, state: name))
    }

    mutating func slider(_ object: ConfigObject) -> ViewNode.Kind? {
        var slider = SliderNode(state: "")
        let bounds = NumberBounds.from(-Self.largestSliderBound, to: Self.largestSliderBound)
        self.read(object, "min", into: &slider.minimum, bounds)
        self.read(object, "max", into: &slider.maximum, bounds)
        self.read(object, "step", into: &slider.step, .above(0, atMost: 1e9))
        guard let name = self.boundState(object, noun: "number", example: "volume", exampleDefault: "50") else { return nil }
        guard slider.minimum < slider.maximum else {
            self.error(object.path(of: "max"), "must be above min (\(JSONValue.number(slider.minimum).serialized())): a slider needs a range to move along")
            return nil
        }
        guard slider.step <= slider.maximum - slider.minimum else {
            self.error(
                object.path(of: "step"),
                "\(JSONValue.number(slider.step).serialized()) is more than the range (\(JSONValue.number(slider.maximum - slider.minimum).serialized())): the thumb could only sit at the ends"
            )
            return nil
        }
        guard let current = self.stateDefault(name, at: object.path(of: "bind")) else { return nil }
        guard case .number(let start) = current else {
            self.error(object.path(of: "bind"), "state.\(name) is \(current.kindName) (its default); a slider sets a number")
            return nil
        }
        if start < slider.minimum || start > slider.maximum {
            self.warning(
                object.path(of: "bind"),
                "state.\(name) starts at \(JSONValue.number(start).serialized()), outside min and max: the thumb shows it at the end it passed")
        }
        slider.state = name
        return .slider(slider)
    }

    mutating func segmented(_ object: ConfigObject) -> ViewNode.Kind? {
        var options: [SegmentedNode.Option] = []
        let path = object.path(of: "options")
        let count = self.array(object, "options") { reader, item, itemPath, index in
            guard index < SegmentedView.segmentRange.upperBound else { return }
            reader.object(item, at: itemPath) { reader, option in
                var title: TextValue = ""
                reader.readText(option, "title", into: &title, required: true)
                guard let value = option.take("value") else {
                    reader.error(option.path(of: "value"), "missing: what the state is set to when this segment is chosen (a string or a number)")
                    return
                }
                switch value {
                case .string, .number:
                    if options.contains(where: { $0.value == value }) {
                        reader.error(option.path(of: "value"), "\(QuotedValue.json(value)) is the value of an option before it: each segment needs its own")
                        return
                    }
                    options.append(SegmentedNode.Option(value: value, title: title))
                default:
                    reader.error(option.path(of: "value"), "expected a string or a number, found \(value.kindName)")
                }
            }
        }
        guard let count else {
            if !object.members.contains(where: { $0.key == "options" }) {
                self.error(path, "missing: the segments, as [{\"value\": \"adult\", \"title\": \"Adult\"}, {\"value\": \"child\", \"title\": \"Child\"}]")
            }
            return nil
        }
        let range = SegmentedView.segmentRange
        guard range.contains(count) else {
            self.error(
                path,
                "has \(count) option\(count == 1 ? "" : "s"); a segmented control has \(range.lowerBound) to \(range.upperBound) (more choices read better as a list)"
            )
            return nil
        }
        guard let name = self.boundState(object, noun: "string or number", example: "ticket", exampleDefault: "\"adult\"") else { return nil }
        guard let current = self.stateDefault(name, at: object.path(of: "bind")), options.count == count else { return nil }
        switch current {
        case .string, .number:
            if let other = options.first(where: { $0.value.kindName != current.kindName }) {
                self.error(
                    path,
                    "\(QuotedValue.json(other.value)) is \(other.value.kindName) but state.\(name) is \(current.kindName) (its default): give every option's value the state's kind"
                )
                return nil
            }
            if !options.contains(where: { $0.value == current }) {
                self.warning(
                    object.path(of: "bind"),
                    "state.\(name) starts at \(QuotedValue.json(current)), none of the options: no segment is chosen until one is tapped")
            }
        default:
            self.error(object.path(of: "bind"), "state.\(name) is \(current.kindName) (its default); a segmented control sets a string or a number")
            return nil
        }
        return .segmented(SegmentedNode(state: name, options: options))
    }

    /// The state value a control's `bind` names (`"state.volume"`): the name, or nil after the
    /// error. `noun` and the example say what the state should declare.
    private mutating func boundState(_ object: ConfigObject, noun: String, example: String, exampleDefault: String) -> String? {
        let path = object.path(of: "bind")
        guard let value = object.take("bind") else {
            self.error(
                path, "missing: the state \(noun) it shows and sets, as \"state.\(example)\" (a top-level \"state\": {\"\(example)\": \(exampleDefault)})")
            return nil
        }
        guard let text = self.string(value, at: path, expected: "a state value's name, as \"state.\(example)\"") else { return nil }
        let prefix = SceneController.stateSource + "."
        guard text.hasPrefix(prefix), text.count > prefix.count else {
            self.error(path, "\(Self.quoted(text)) is not a state value: write \"state.\(example)\" (a control sets a value of the top-level \"state\")")
            return nil
        }
        let name = String(text.dropFirst(prefix.count))
        guard self.stateDefaults != nil else {
            self.error(path, "the kiosk has no state: declare the value at the top, \"state\": {\(Self.quoted(name)): \(exampleDefault)}")
            return nil
        }
        return name
    }
}
