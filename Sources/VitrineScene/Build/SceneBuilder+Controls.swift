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

    func sliderView(_ model: SliderNode) -> SliderView {
        let view = SliderView(
            minimum: model.minimum, maximum: model.maximum, step: model.step, value: self.stateValue(model.state)?.doubleValue ?? model.minimum,
            theme: self.theme)
        view.onChange = { [weak self, unowned view] value in
            self?.writeState?(model.state, .number(value))
            self?.onControlChange?(view)
        }
        self.bind(view, when: true, reads: [SceneController.stateSource]) { [unowned self] view in
            (view as? SliderView)?.setValue(self.stateValue(model.state)?.doubleValue ?? model.minimum)
        }
        return view
    }

    func segmentedView(_ model: SegmentedNode) -> SegmentedView {
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
