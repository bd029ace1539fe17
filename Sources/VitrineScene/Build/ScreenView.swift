import VitrineCore
import VitrineGraphics
import VitrineUI

/// A screen on the panel: its background, its navigation bar (title, left and right items, a
/// back button when it was pushed), and its content, which scrolls when it is taller than the
/// room under the bar. With a split sheet, the content is the sheet's main pane and another
/// screen's content rises over (or beside) it.
public final class ScreenView: View {
    public let model: ScreenModel
    public let bar: NavigationBar?
    /// The content, in a scroll view that takes drags only when it has to scroll.
    public let body: ContentScrollView
    public let splitSheet: SplitSheet?
    /// The split sheet's content: the sheet screen's title and views.
    public let sheetBody: SheetBodyView?
    private let backgroundImage: ImageView?
    private let toggledButtons: [(button: Button, title: TextValue, shownTitle: TextValue)]
    private let builder: SceneBuilder
    /// The background colour when it is the onboarding's to animate (then the view is clear).
    public let pageColor: Color?

    /// - Parameters:
    ///   - backItem: the bar's left item when the screen has none (the stack's back button).
    ///   - sheetScreen: the screen the split sheet holds, when the model has one.
    ///   - clearBackground: leave a colour background to the caller (the onboarding animates it).
    public init(
        model: ScreenModel, builder: SceneBuilder, backItem: BarButtonItem? = nil, sheetScreen: ScreenModel? = nil, clearBackground: Bool = false
    ) throws(VitrineError) {
        self.model = model
        let theme = builder.theme
        let ground = Self.contrastGround(of: model, theme: theme)
        builder.contrastGround = ground
        defer { builder.contrastGround = nil }
        let content = try builder.view(for: model.content)
        self.body = ContentScrollView(content: content)
        var item = NavigationItem(title: builder.text(model.title))
        if let left = model.leftItem {
            item.leftItem = BarButtonItem(title: builder.text(left.title), icon: left.icon) { [weak builder] in
                builder?.perform(left.action, model.path + ".left.action")
            }
        } else {
            item.leftItem = backItem
        }
        if let right = model.rightItem {
            item.rightItem = BarButtonItem(title: builder.text(right.title), icon: right.icon) { [weak builder] in
                builder?.perform(right.action, model.path + ".right.action")
            }
        }
        let showsBar: Bool
        switch model.bar {
        case .automatic: showsBar = !model.title.isEmpty || item.leftItem != nil || item.rightItem != nil
        case .visible: showsBar = true
        case .hidden: showsBar = false
        }
        if showsBar {
            let bar = NavigationBar(item: item, theme: theme)
            bar.backgroundColor = theme.surface.withOpacity(0.94)
            builder.bind(bar, when: model.title.binding != nil || model.leftItem?.title.binding != nil || model.rightItem?.title.binding != nil) {
                [weak builder] view in
                guard let builder, let bar = view as? NavigationBar else { return }
                bar.titleLabel.text = builder.text(model.title)
                if let left = model.leftItem, model.leftItem?.title.binding != nil { bar.leftButton?.title = builder.text(left.title) }
                if let right = model.rightItem, model.rightItem?.title.binding != nil { bar.rightButton?.title = builder.text(right.title) }
            }
            self.bar = bar
        } else {
            self.bar = nil
        }
        var pageColor: Color?
        var background: Color? = theme.background
        var backgroundImage: ImageView?
        switch model.background {
        case .theme: break
        case .color(let color): background = ground ?? color
        case .image(let path, let focus, let color):
            background = color
            let view = ImageView(image: try builder.images.image(path, field: model.path + ".background"), scaleMode: .fill)
            view.focus = focus
            view.isUserInteractionEnabled = false
            backgroundImage = view
        }
        if clearBackground {
            pageColor = background
            background = nil
        }
        self.pageColor = pageColor
        self.backgroundImage = backgroundImage
        if let sheet = model.splitSheet, let sheetScreen {
            let split = SplitSheet(theme: theme)
            split.displaceContent = sheet.displaceContent
            split.showHandle = sheet.showHandle
            split.minimumSheetHeight = sheet.minimumSheetHeight
            split.snappingDistance = sheet.snappingDistance
            split.animationDuration = sheet.animationDuration
            split.swipeUpToShowAllowed = sheet.swipeUpToShowAllowed
            let sheetContent = try builder.view(for: sheetScreen.content)
            let sheetBody = SheetBodyView(title: builder.text(sheetScreen.title), content: sheetContent, theme: theme)
            builder.bind(sheetBody, when: sheetScreen.title.binding != nil) { [weak builder] view in
                guard let builder else { return }
                (view as? SheetBodyView)?.titleLabel?.text = builder.text(sheetScreen.title)
            }
            split.sheetContentView.addSubview(sheetBody)
            split.mainView.addSubview(self.body)
            self.body.pinToEdges()
            self.splitSheet = split
            self.sheetBody = sheetBody
        } else {
            self.splitSheet = nil
            self.sheetBody = nil
        }
        self.toggledButtons = builder.takeToggledButtons()
        self.builder = builder
        super.init()
        self.identifier = model.id
        self.backgroundColor = background
        self.clipsToBounds = true
        if let backgroundImage { self.addSubview(backgroundImage) }
        if let split = self.splitSheet {
            self.addSubview(split)
            split.onShowingChange = { [unowned self] showing in self.updateToggledTitles(showing) }
            if model.splitSheet?.initiallyShown == true { split.show(true, animated: false) }
        } else {
            self.addSubview(self.body)
        }
        if let bar = self.bar { self.addSubview(bar) }
        self.updateToggledTitles(self.splitSheet?.showing ?? false)
    }

    /// Under a high-contrast theme, what the screen's texts are drawn on. Its own background
    /// colour, moved away from the colour its texts are drawn in (its first text colour of its
    /// own, else the theme's label) until that reads at 7:1 on it: a designer's white on mid
    /// blue stays white, on a darker blue. A photo's colour (what shows while it loads, the
    /// author's word for its tone) as it is: the photo covers it. nil for a screen on the
    /// theme's background, or without high contrast.
    static func contrastGround(of model: ScreenModel, theme: Theme) -> Color? {
        guard theme.isHighContrast else { return nil }
        if case .image(_, _, let color) = model.background { return color }
        guard case .color(let color) = model.background else { return nil }
        var text = theme.label
        for node in model.content.allNodes {
            if case .text(let node) = node.kind, case .fixed(let fixed) = node.color {
                text = fixed.composited(over: color)
                break
            }
        }
        let pole: Color = text.relativeLuminance >= color.relativeLuminance ? .white : .black
        return color.enhancingContrast(under: pole, ratio: ContrastPair.enhancedRatio)
    }

    /// The split sheet's `showing` changed (its observer is the controller; this keeps the
    /// buttons' titles in step).
    public func splitShowingChanged(_ showing: Bool) { self.updateToggledTitles(showing) }

    private func updateToggledTitles(_ showing: Bool) {
        for entry in self.toggledButtons { entry.button.title = self.builder.text(showing ? entry.shownTitle : entry.title) }
    }

    /// The scroll view a content sheet hands drags over with (the content's).
    public var scrollView: ScrollView { self.body.scrollView }

    public override func layoutSubviews() {
        let bounds = self.bounds
        self.backgroundImage?.frame = bounds
        let barHeight = self.bar == nil ? 0 : NavigationBar.screenHeight
        self.bar?.frame = Rect(x: 0, y: 0, width: bounds.width, height: barHeight)
        let area = Rect(x: 0, y: barHeight, width: bounds.width, height: max(0, bounds.height - barHeight))
        if let split = self.splitSheet, let sheetBody = self.sheetBody {
            split.frame = area
            let height = sheetBody.sizeThatFits(Size(width: area.width, height: .infinity)).height
            sheetBody.frame = Rect(x: 0, y: 0, width: area.width, height: height)
            split.sheetContentHeight = height
        } else {
            self.body.frame = area
        }
    }
}

/// A split sheet's content: the held screen's title (title 3) under the grabber, then its views.
public final class SheetBodyView: View {
    public let titleLabel: Label?
    public let content: View
    /// Room for the grabber above the title.
    static let topInset = 28.0

    init(title: String, content: View, theme: Theme) {
        self.titleLabel = title.isEmpty ? nil : Label(text: title, style: theme.textStyle(.title2, maximumLines: 2), color: theme.label)
        self.content = content
        super.init()
        if let label = self.titleLabel {
            label.centersVertically = false
            label.isUserInteractionEnabled = false
            self.addSubview(label)
        }
        self.addSubview(content)
    }

    private func titleHeight(width: Double) -> Double {
        guard let label = self.titleLabel else { return 0 }
        return label.sizeThatFits(Size(width: width - 48, height: .infinity)).height + 8
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 480
        let content = self.content.sizeThatFits(Size(width: width, height: .infinity)).height
        return Size(width: width, height: Self.topInset + self.titleHeight(width: width) + content + 24)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let title = self.titleHeight(width: bounds.width)
        self.titleLabel?.frame = Rect(x: 24, y: Self.topInset, width: bounds.width - 48, height: max(0, title - 8))
        let top = Self.topInset + title
        self.content.frame = Rect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top - 24))
    }
}
