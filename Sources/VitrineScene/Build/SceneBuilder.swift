import VitrineCore
import VitrineGraphics
import VitrineUI

/// A view whose content comes from the data: `update` reads it again into the view (weakly
/// held, so views that left the screen are dropped).
final class LiveBinding {
    weak var view: View?
    let update: (View) -> Void
    /// The data sources (`state` among them) its values read; nil: any (a repeated list, a row's
    /// `item`), so every change reads it again.
    let reads: Set<String>?

    init(view: View, reads: Set<String>?, update: @escaping (View) -> Void) {
        self.view = view
        self.reads = reads
        self.update = update
    }
}

/// Turns view nodes into views: the one place a scene's data becomes an interface, whether it
/// came from a config file or from Swift code.
///
/// Every tappable view gets a closure that hands its `SceneAction` (with the node's config path)
/// to `perform`; no view decides what an action means. Texts are resolved in `language`; values
/// bound to the data are read from `data`, and each bound view is remembered (`bindings`) so it
/// can be read again when the data changes.
public final class SceneBuilder {
    /// The theme views are built with; the scene changes it with the visitor's settings, then
    /// builds its screens again.
    public internal(set) var theme: Theme
    public let images: ImageSource
    public let registry: ViewRegistry
    /// Where taps go: the action and the path of the view that asked for it.
    public var perform: (SceneAction, String) -> Void
    /// While a repeated row's action runs: the row's element, which its binds read as `item`.
    public private(set) var actionItem: JSONValue?
    /// The language texts are shown in, and the one they fall back to.
    public var language: String?
    public var defaultLanguage: String?
    /// What bound values read.
    public var data: DataStore?
    /// Writes what a text field typed to its state value (the scene's `setState`).
    public var writeState: ((String, JSONValue) -> Void)?
    /// Called after the visitor changed a toggle, a slider or a segmented control, once its
    /// state value is written (the scene says a slider's new value in speech mode).
    public var onControlChange: ((View) -> Void)?
    /// Called when a field is submitted, before its action (the scene hides the keyboard).
    public var onFieldSubmit: ((TextField) -> Void)?
    /// The submit key's title when a field names none: `go` with an action, `done` without.
    public var submitTitle: (_ hasAction: Bool) -> String = { $0 ? "Go" : "Done" }
    /// Called when a carousel's page changed (the scene says it when the carousel has the focus).
    public var onCarouselTurn: ((CarouselView) -> Void)?
    /// Called with a carousel's page as it starts to come in (its `appear` views play).
    public var onCarouselPageArriving: ((View) -> Void)?
    /// Logs bound images that cannot be shown (the view keeps its last picture).
    public var logger = Logger("scene")
    /// Under a high-contrast theme: what the screen being built draws its views on (its own
    /// background colour, moved for 7:1), which a config's own text colours are moved against
    /// (`contrastColor`); nil: the theme's background.
    var contrastGround: Color?
    /// Buttons whose title changes while the split sheet shows, found while building.
    private(set) var toggledButtons: [(button: Button, title: TextValue, shownTitle: TextValue)] = []
    /// The bound views built so far; the ones freed are forgotten at the next data change, or
    /// when the list reaches `bindingsPruneCount`.
    private(set) var bindings: [LiveBinding] = []
    /// When `bind` next drops the bindings of freed views: twice the live ones after the last
    /// prune, at least `minimumBindingsPrune`, so a kiosk that pushes and pops bound screens for
    /// years without a data change keeps at most about twice what it shows (amortised O(1)).
    private(set) var bindingsPruneCount = SceneBuilder.minimumBindingsPrune
    /// A screen full of bound rows is a few dozen bindings; below this nothing is pruned.
    static let minimumBindingsPrune = 256

    public init(theme: Theme, images: ImageSource, registry: ViewRegistry = ViewRegistry(), perform: @escaping (SceneAction, String) -> Void) {
        self.theme = theme
        self.images = images
        self.registry = registry
        self.perform = perform
    }

    /// Starts collecting a screen's toggled buttons afresh.
    func takeToggledButtons() -> [(button: Button, title: TextValue, shownTitle: TextValue)] {
        defer { self.toggledButtons = [] }
        return self.toggledButtons
    }

    /// Reads the data again into every bound view still on screen that reads `source` (nil: all
    /// of them, as after a language change); forgets the others. An expression is evaluated only
    /// when a source it names changes.
    public func refreshBindings(source: String? = nil) {
        self.bindings.removeAll { $0.view == nil }
        for binding in self.bindings {
            if let source, let reads = binding.reads, !reads.contains(source) { continue }
            if let view = binding.view { binding.update(view) }
        }
    }

    /// The sources these binds read, for `bind(_:when:reads:_:)`: nil when one reads a row's
    /// `item` (its list decides) or nothing is bound.
    static func sources(_ bindings: [DataBinding?]) -> Set<String>? {
        var sources = Set<String>()
        for binding in bindings.compactMap({ $0 }) {
            let roots = binding.expression?.roots ?? binding.components.first.map { [$0] } ?? []
            if roots.contains(DataStore.itemRoot) { return nil }
            sources.formUnion(roots.filter { $0 != DataStore.languageRoot })
        }
        return sources
    }

    /// How many bound views are alive (tests, the state dump).
    public var liveBindingCount: Int { self.bindings.count { $0.view != nil } }

    /// `value` in the current language, or read from the data (`item`: a list row's element).
    public func text(_ value: TextValue, item: JSONValue? = nil) -> String {
        value.resolve(language: self.language, fallback: self.defaultLanguage, data: self.data, item: item)
    }

    /// The picture for `value`, nil when a bound path names none.
    func picture(_ value: ImageValue, field: String, item: JSONValue? = nil, shownAt points: Size? = nil) throws(VitrineError) -> PixelBuffer? {
        guard let path = value.resolve(data: self.data, item: item) else { return nil }
        if let points { return try self.images.image(path, field: field, shownAt: points) }
        return try self.images.image(path, field: field)
    }

    /// The frames of an animated image (nil for a still one), decoded with `picture`'s.
    func animation(_ value: ImageValue, field: String) throws(VitrineError) -> AnimatedImage? {
        guard let path = value.resolve(data: self.data, item: nil) else { return nil }
        return try self.images.animation(path, field: field)
    }

    /// The colour `reference` names. Under a high-contrast theme a config's own colour (the
    /// theme's are 7:1 already) is moved until it reads at 7:1 on `ground` (else on
    /// `contrastGround`, the screen's background): `Color.enhancingContrast`.
    func contrastColor(_ reference: ColorReference, on ground: Color? = nil) -> Color {
        let color = reference.resolve(in: self.theme)
        guard self.theme.isHighContrast, case .fixed = reference else { return color }
        return color.enhancingContrast(on: ground ?? self.contrastGround ?? self.theme.background, ratio: ContrastPair.enhancedRatio)
    }

    /// Keeps `update` to run on `view` at every data change, when the view shows bound values.
    func bind(_ view: View, when bound: Bool, reads: Set<String>? = nil, _ update: @escaping (View) -> Void) {
        guard bound else { return }
        if self.bindings.count >= self.bindingsPruneCount {
            self.bindings.removeAll { $0.view == nil }
            self.bindingsPruneCount = max(Self.minimumBindingsPrune, 2 * self.bindings.count)
        }
        self.bindings.append(LiveBinding(view: view, reads: reads, update: update))
    }

    /// The view for `node` and its children.
    public func view(for node: ViewNode) throws(VitrineError) -> View {
        let made = try self.makeView(node)
        // An appearing view is held by an `AppearView`, which takes its place in the layout.
        let view = node.appear.map { AppearView(content: made, appear: $0) } ?? made
        if let visible = node.visible {
            let show = { [unowned self] (view: View) in
                let shown = ExpressionEvaluator.isTrue(visible.value(in: self.data, item: nil, language: self.language) ?? .null)
                guard view.isHidden == shown else { return }
                view.isHidden = !shown
                // The stack around it gives its room to the others, or takes it back.
                view.superview?.setNeedsLayout()
            }
            show(view)
            self.bind(view, when: true, reads: Self.sources([visible]), show)
        }
        view.layoutWidth = node.width
        view.layoutHeight = node.height
        made.identifier = node.id ?? (node.path.isEmpty ? made.identifier : node.path)
        if let label = node.accessibilityLabel {
            made.accessibilityLabel = self.text(label)
            self.bind(made, when: label.binding != nil) { [unowned self] view in view.accessibilityLabel = self.text(label) }
        }
        return view
    }

    func action(_ action: SceneAction?, at path: String, item: JSONValue? = nil) -> (() -> Void)? {
        guard let action else { return nil }
        return { [weak self] in
            // A repeated row's action reads its row's element (`{"set": {"route": {"bind": "item.id"}}}`).
            self?.actionItem = item
            defer { self?.actionItem = nil }
            self?.perform(action, path)
        }
    }

    private func makeView(_ node: ViewNode) throws(VitrineError) -> View {
        switch node.kind {
        case .stack(let stack):
            var children: [View] = []
            for child in stack.children { children.append(try self.view(for: child)) }
            return StackView(
                axis: stack.axis, spacing: stack.spacing, alignment: stack.alignment, distribution: stack.distribution, padding: stack.padding,
                children: children)
        case .grid(let grid):
            var children: [View] = []
            for child in grid.children { children.append(try self.view(for: child)) }
            return GridView(columns: grid.columns, minimumItemWidth: grid.minimumItemWidth, spacing: grid.spacing, padding: grid.padding, children: children)
        case .scroll(let scroll):
            return ContentScrollView(content: try self.view(for: scroll.content))
        case .text(let text):
            let label = Label(
                text: self.text(text.text), style: self.theme.textStyle(text.style, alignment: text.alignment, maximumLines: text.lines),
                color: self.contrastColor(text.color))
            label.centersVertically = false
            label.isUserInteractionEnabled = false
            if text.readableMeasure && text.lines != 1 { label.maximumMeasure = self.theme.readableMeasure(text.style) }
            self.bind(label, when: text.text.binding != nil, reads: Self.sources([text.text.binding])) { [unowned self] view in
                (view as? Label)?.text = self.text(text.text)
            }
            return label
        case .image(let image):
            let view = ImageView(image: try self.picture(image.path, field: node.path + ".image"), scaleMode: image.mode)
            view.animation = try self.animation(image.path, field: node.path + ".image")
            view.focus = image.focus
            view.cornerRadius = image.cornerRadius
            view.isUserInteractionEnabled = false
            self.bind(view, when: image.path.binding != nil, reads: Self.sources([image.path.binding])) { [unowned self] view in
                do {
                    (view as? ImageView)?.image = try self.picture(image.path, field: node.path + ".image")
                    (view as? ImageView)?.animation = try self.animation(image.path, field: node.path + ".image")
                } catch {
                    self.logger.error("\(error); keeping the last picture")
                }
            }
            return view
        case .button(let model):
            var theme = self.theme
            if let tint = model.tint { theme.tint = self.contrastColor(tint) }
            var style = model.style
            if let selected = model.selectedStyle, case .setLanguage(let code)? = model.action, code == self.language { style = selected }
            let button = Button(
                title: self.text(model.title), icon: model.icon, style: style, theme: theme, action: self.action(model.action, at: node.path + ".action"))
            if let color = model.titleColor {
                button.contentColor = self.contrastColor(color, on: model.style == .filled && model.tint != nil ? theme.tint : nil)
            }
            // The language shown is the switcher's chosen one: speech says "selected" too.
            button.isSelected = style != model.style
            if let enabled = model.enabled {
                let apply = { [unowned self] (view: View) -> Void in
                    guard let button = view as? Button else { return }
                    button.isEnabled = ExpressionEvaluator.isTrue(enabled.value(in: self.data, item: nil, language: self.language) ?? .null)
                }
                apply(button)
                self.bind(button, when: true, reads: Self.sources([enabled]), apply)
            }
            if let shown = model.titleWhenSplitSheetShown { self.toggledButtons.append((button, model.title, shown)) }
            self.bind(button, when: model.title.binding != nil, reads: Self.sources([model.title.binding])) { [unowned self] view in
                (view as? Button)?.title = self.text(model.title)
            }
            return button
        case .list(let list):
            return try self.listView(list, path: node.path)
        case .card(let card):
            let image = try card.image.map { value throws(VitrineError) in try self.picture(value, field: node.path + ".image") } ?? nil
            let view = CardView(
                image: image, title: self.text(card.title), subtitle: card.subtitle.map { self.text($0) }, theme: self.theme,
                action: self.action(card.action, at: node.path + ".action"))
            view.imageAspectRatio = card.imageAspectRatio
            view.imageView?.focus = card.focus
            self.bind(
                view, when: card.title.binding != nil || card.subtitle?.binding != nil || card.image?.binding != nil,
                reads: Self.sources([card.title.binding, card.subtitle?.binding, card.image?.binding])
            ) { [unowned self] view in
                guard let card2 = view as? CardView else { return }
                card2.titleLabel.text = self.text(card.title)
                if let subtitle = card.subtitle { card2.subtitleLabel?.text = self.text(subtitle) }
                if let value = card.image, value.binding != nil, let picture = try? self.picture(value, field: node.path + ".image") {
                    card2.imageView?.image = picture
                }
            }
            return view
        case .spacer(let minLength):
            return Spacer(minLength: minLength)
        case .divider:
            return Divider(color: self.theme.separator)
        case .textField(let model):
            return self.textField(model, path: node.path)
        case .carousel(let carousel):
            return try self.carousel(carousel, path: node.path)
        case .toggle(let model): return self.toggleView(model)
        case .slider(let model): return self.sliderView(model, in: node)
        case .segmented(let model): return self.segmentedView(model, in: node)
        case .qrCode(let model): return self.qrCodeView(model, path: node.path)
        case .progress(let model): return self.progressBar(model)
        case .spinner: return Spinner(theme: self.theme)
        case .custom(let type, let properties):
            let context = ViewContext(theme: self.theme, images: self.images, path: node.path, data: self.data) { [weak self] action in
                self?.perform(action, node.path)
            }
            return try self.registry.make(type, properties: properties, context: context)
        }
    }

    private func textField(_ model: TextFieldNode, path: String) -> TextField {
        let field = TextField(
            kind: model.kind, placeholder: self.text(model.placeholder), maximumLength: model.maximumLength ?? TextFieldNode.defaultMaximumLength,
            theme: self.theme)
        if let autocapitalize = model.autocapitalize { field.autocapitalize = autocapitalize }
        field.submitTitle = model.submitLabel.map { self.text($0) } ?? self.submitTitle(model.onSubmit != nil)
        let action = self.action(model.onSubmit, at: path + ".onSubmit")
        field.onSubmit = { [weak self, unowned field] in
            self?.onFieldSubmit?(field)
            action?()
        }
        if let name = model.state {
            let read = { [unowned self] (view: View) in
                guard let field = view as? TextField else { return }
                let value = self.data?.sources[SceneController.stateSource]?[name]
                field.setText(value?.stringValue ?? value.map { $0 == .null ? "" : $0.serialized(pretty: false) } ?? "")
            }
            read(field)
            self.bind(field, when: true, reads: [SceneController.stateSource], read)
            field.onChange = { [weak self] text in self?.writeState?(name, .string(text)) }
        }
        return field
    }

}

/// A scroll view around one view, which it sizes to its own width and natural height (at least
/// the scroll view's height, so `fill` children and spacers share what is left).
public final class ContentScrollView: View {
    public let scrollView = ScrollView()
    public let content: View

    public init(content: View) {
        self.content = content
        super.init()
        self.scrollView.alwaysBounces = false
        self.addSubview(self.scrollView)
        self.scrollView.contentView.addSubview(content)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let natural = self.content.sizeThatFits(Size(width: size.width, height: .infinity))
        return Size(width: size.width.isFinite ? size.width : natural.width, height: size.height.isFinite ? size.height : natural.height)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        self.scrollView.frame = bounds
        let natural = self.content.sizeThatFits(Size(width: bounds.width, height: .infinity)).height
        let height = max(bounds.height, natural)
        self.content.frame = Rect(x: 0, y: 0, width: bounds.width, height: height)
        self.scrollView.contentHeight = height
    }
}
