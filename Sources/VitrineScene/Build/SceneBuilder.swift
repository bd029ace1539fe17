import VitrineCore
import VitrineGraphics
import VitrineUI

/// Turns view nodes into views: the one place a scene's data becomes an interface, whether it
/// came from a config file or from Swift code.
///
/// Every tappable view gets a closure that hands its `SceneAction` (with the node's config path)
/// to `perform`; no view decides what an action means.
public final class SceneBuilder {
    public let theme: Theme
    public let images: ImageSource
    public let registry: ViewRegistry
    /// Where taps go: the action and the path of the view that asked for it.
    public var perform: (SceneAction, String) -> Void
    /// Buttons whose title changes while the split sheet shows, found while building.
    private(set) var toggledButtons: [(button: Button, title: String, shownTitle: String)] = []

    public init(theme: Theme, images: ImageSource, registry: ViewRegistry = ViewRegistry(), perform: @escaping (SceneAction, String) -> Void) {
        self.theme = theme
        self.images = images
        self.registry = registry
        self.perform = perform
    }

    /// Starts collecting a screen's toggled buttons afresh.
    func takeToggledButtons() -> [(button: Button, title: String, shownTitle: String)] {
        defer { self.toggledButtons = [] }
        return self.toggledButtons
    }

    /// The view for `node` and its children.
    public func view(for node: ViewNode) throws(VitrineError) -> View {
        let view = try self.makeView(node)
        view.layoutWidth = node.width
        view.layoutHeight = node.height
        view.identifier = node.id ?? (node.path.isEmpty ? view.identifier : node.path)
        return view
    }

    private func action(_ action: SceneAction?, at path: String) -> (() -> Void)? {
        guard let action else { return nil }
        return { [weak self] in self?.perform(action, path) }
    }

    private func makeView(_ node: ViewNode) throws(VitrineError) -> View {
        switch node.kind {
        case .stack(let stack):
            var children: [View] = []
            for child in stack.children { children.append(try self.view(for: child)) }
            return StackView(axis: stack.axis, spacing: stack.spacing, alignment: stack.alignment, distribution: stack.distribution, padding: stack.padding, children: children)
        case .grid(let grid):
            var children: [View] = []
            for child in grid.children { children.append(try self.view(for: child)) }
            return GridView(columns: grid.columns, minimumItemWidth: grid.minimumItemWidth, spacing: grid.spacing, padding: grid.padding, children: children)
        case .scroll(let scroll):
            return ContentScrollView(content: try self.view(for: scroll.content))
        case .text(let text):
            let label = Label(text: text.text, style: self.theme.textStyle(text.style, alignment: text.alignment, maximumLines: text.lines), color: text.color.resolve(in: self.theme))
            label.centersVertically = false
            label.isUserInteractionEnabled = false
            return label
        case .image(let image):
            let view = ImageView(image: try self.images.image(image.path, field: node.path + ".image"), scaleMode: image.mode)
            view.focus = image.focus
            view.cornerRadius = image.cornerRadius
            view.isUserInteractionEnabled = false
            return view
        case .button(let model):
            var theme = self.theme
            if let tint = model.tint { theme.tint = tint.resolve(in: self.theme) }
            let button = Button(title: model.title, icon: model.icon, style: model.style, theme: theme, action: self.action(model.action, at: node.path + ".action"))
            if let color = model.titleColor { button.contentColor = color.resolve(in: self.theme) }
            if let shown = model.titleWhenSplitSheetShown { self.toggledButtons.append((button, model.title, shown)) }
            return button
        case .list(let list):
            var sections: [ListSection] = []
            for (s, section) in list.sections.enumerated() {
                var rows: [ListRow] = []
                for (r, row) in section.rows.enumerated() {
                    let path = node.path + ".sections[\(s)].rows[\(r)]"
                    let thumbnail = try row.thumbnail.map { p throws(VitrineError) in try self.images.image(p, field: path + ".thumbnail") }
                    rows.append(ListRow(
                        title: row.title, subtitle: row.subtitle, trailing: row.trailing, thumbnail: thumbnail, disclosure: row.showsDisclosure,
                        identifier: path, action: self.action(row.action, at: path + ".action")))
                }
                sections.append(ListSection(header: section.header, footer: section.footer, rows: rows))
            }
            return ListView(sections: sections, theme: self.theme)
        case .card(let card):
            let image = try card.image.map { p throws(VitrineError) in try self.images.image(p, field: node.path + ".image") }
            let view = CardView(image: image, title: card.title, subtitle: card.subtitle, theme: self.theme, action: self.action(card.action, at: node.path + ".action"))
            view.imageAspectRatio = card.imageAspectRatio
            view.imageView?.focus = card.focus
            return view
        case .spacer(let minLength):
            return Spacer(minLength: minLength)
        case .divider:
            return Divider(color: self.theme.separator)
        case .custom(let type, let properties):
            let context = ViewContext(theme: self.theme, images: self.images, path: node.path) { [weak self] action in self?.perform(action, node.path) }
            return try self.registry.make(type, properties: properties, context: context)
        }
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
