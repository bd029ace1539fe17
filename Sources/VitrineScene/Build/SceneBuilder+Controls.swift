import VitrineCore
import VitrineUI

/// The toggle, the slider and the segmented control (Docs/config.md, "Views"): each shows a
/// state value, is read again when the state changes (the idle reset, a `set`, another control
/// bound to the same value) and writes the value the visitor chose through `writeState`, as a
/// text field does.
extension SceneBuilder {
    /// A state value now (nil: no state, or no such name).
    func stateValue(_ name: String) -> JSONValue? {
        self.data?.sources[SceneController.stateSource]?[name]
    }

    /// A node in messages: its config path, else its id (a node made in Swift has no path).
    static func name(of node: ViewNode) -> String {
        if !node.path.isEmpty { return node.path }
        return node.id.map { "view \(QuotedValue.quoted($0))" } ?? "a view made in Swift"
    }

    func toggleView(_ model: ToggleNode) -> ToggleView {
        let view = ToggleView(title: self.text(model.title), isOn: self.stateValue(model.state) == .bool(true), theme: self.theme)
        view.onChange = { [weak self, unowned view] on in
            self?.writeState?(model.state, .bool(on))
            self?.onControlChange?(view)
        }
        self.bind(view, when: true, reads: Self.sources([model.title.binding]).map { $0.union([SceneController.stateSource]) }) { [unowned self] view in
            guard let toggle = view as? ToggleView else { return }
            toggle.setOn(self.stateValue(model.state) == .bool(true), animated: true)
            if model.title.binding != nil { toggle.title = self.text(model.title) }
        }
        return view
    }

    /// A slider; bounds a config's check would refuse (a node made in Swift) are logged and
    /// replaced — 0 to 100, or a hundredth of the range a step — rather than stopping the kiosk.
    func sliderView(_ model: SliderNode, in node: ViewNode) -> SliderView {
        let path = Self.name(of: node)
        var bounds = model
        if !(model.minimum.isFinite && model.maximum.isFinite && model.minimum < model.maximum) {
            self.logger.error("\(path): a slider's min (\(model.minimum)) must be below its max (\(model.maximum)); showing 0 to 100")
            (bounds.minimum, bounds.maximum) = (0, 100)
        }
        if !(model.step.isFinite && model.step > 0) {
            self.logger.error("\(path): a slider's step must be above 0, not \(model.step); stepping by a hundredth of its range")
            bounds.step = (bounds.maximum - bounds.minimum) / 100
        }
        let view = SliderView(
            minimum: bounds.minimum, maximum: bounds.maximum, step: bounds.step, value: self.stateValue(model.state)?.doubleValue ?? bounds.minimum,
            theme: self.theme)
        view.onChange = { [weak self, unowned view] value in
            self?.writeState?(model.state, .number(value))
            self?.onControlChange?(view)
        }
        self.bind(view, when: true, reads: [SceneController.stateSource]) { [unowned self] view in
            (view as? SliderView)?.setValue(self.stateValue(model.state)?.doubleValue ?? -.infinity)
        }
        return view
    }

    /// A segmented control; more options than `SegmentedView.segmentRange` allows (a node made in
    /// Swift) are logged and cut to the first five, fewer than two show nothing.
    func segmentedView(_ model: SegmentedNode, in node: ViewNode) -> View {
        let path = Self.name(of: node)
        let range = SegmentedView.segmentRange
        guard model.options.count >= range.lowerBound else {
            self.logger.error(
                "\(path): a segmented control needs \(range.lowerBound) to \(range.upperBound) options, not \(model.options.count); it is left out")
            return Spacer()
        }
        if model.options.count > range.upperBound {
            self.logger.error(
                "\(path): a segmented control has \(range.lowerBound) to \(range.upperBound) options, not \(model.options.count); showing the first \(range.upperBound)"
            )
        }
        let model = SegmentedNode(state: model.state, options: Array(model.options.prefix(range.upperBound)))
        let selected = { [unowned self] in
            let current = self.stateValue(model.state)
            return model.options.firstIndex { $0.value == current }
        }
        let view = SegmentedView(titles: model.options.map { self.text($0.title) }, selectedIndex: selected(), theme: self.theme)
        view.onSelect = { [weak self, unowned view] index in
            self?.writeState?(model.state, model.options[index].value)
            self?.onControlChange?(view)
        }
        let titlesBound = model.options.contains { $0.title.binding != nil }
        let reads = Self.sources(model.options.map(\.title.binding)).map { $0.union([SceneController.stateSource]) }
        self.bind(view, when: true, reads: reads) { [unowned self] view in
            guard let control = view as? SegmentedView else { return }
            control.select(selected(), animated: true)
            if titlesBound {
                for (segment, option) in zip(control.segments, model.options) { segment.title = self.text(option.title) }
            }
        }
        return view
    }
}
