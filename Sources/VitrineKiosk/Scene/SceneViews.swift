import VitrineCore
import VitrineGraphics
import VitrineUI

/// One onboarding page: an optional picture, a title and a body, centred.
final class OnboardingPageView: View {
    let settings: PageSettings
    let imageView: ImageView?
    let titleLabel: Label
    let bodyLabel: Label
    /// The completed page's button.
    var button: Button?

    init(settings: PageSettings, image: PixelBuffer?, theme: Theme) {
        self.settings = settings
        self.imageView = image.map { ImageView(image: $0, scaleMode: .fill) }
        self.titleLabel = Label(text: settings.title, style: TextStyle(font: FontDescriptor(family: theme.fontFamily, weight: .bold), pointSize: theme.titleSize, alignment: .center, maximumLines: 2), color: .white)
        self.bodyLabel = Label(text: settings.body, style: TextStyle(font: FontDescriptor(family: theme.fontFamily), pointSize: theme.bodySize, alignment: .center, lineHeight: .multiple(1.2), maximumLines: 4), color: Color(white: 1, alpha: 0.85))
        super.init()
        if let imageView = self.imageView {
            imageView.cornerRadii = CornerRadii(all: 18)
            self.addSubview(imageView)
        }
        self.addSubview(self.titleLabel)
        self.addSubview(self.bodyLabel)
    }

    override func layoutSubviews() {
        let b = self.bounds
        let margin = max(24, b.width * 0.08)
        let width = b.width - 2 * margin
        var y = b.height * 0.10
        if let imageView = self.imageView {
            let height = b.height * 0.38
            imageView.frame = Rect(x: margin, y: y, width: width, height: height)
            y += height + 28
        } else {
            y = b.height * 0.30
        }
        let titleHeight = max(36, self.titleLabel.sizeThatFits(Size(width: width, height: 0)).height)
        self.titleLabel.frame = Rect(x: margin, y: y, width: width, height: titleHeight)
        y += titleHeight + 12
        let bodyHeight = max(24, self.bodyLabel.sizeThatFits(Size(width: width, height: 0)).height)
        self.bodyLabel.frame = Rect(x: margin, y: y, width: width, height: bodyHeight)
        y += bodyHeight + 32
        self.button?.frame = Rect(x: (b.width - 220) / 2, y: y, width: 220, height: 52)
    }
}

/// A title, a paragraph, an optional picture and a list: what the demo's sheets show.
final class SheetBodyView: View {
    let titleLabel: Label
    let textLabel: Label
    let imageView: ImageView?
    let rows: [Label]
    let separators: [View]
    let theme: Theme
    /// Space above the content (under a grabber or a header).
    var topInset = 28.0

    init(content: SheetContentSettings, image: PixelBuffer?, theme: Theme) {
        self.theme = theme
        self.titleLabel = Label(text: content.title, style: TextStyle(font: FontDescriptor(family: theme.fontFamily, weight: .bold), pointSize: 22, maximumLines: 2), color: theme.label)
        self.textLabel = Label(text: content.text, style: TextStyle(font: FontDescriptor(family: theme.fontFamily), pointSize: theme.bodySize, lineHeight: .multiple(1.2)), color: theme.secondaryLabel)
        self.imageView = image.map { ImageView(image: $0, scaleMode: .fill) }
        self.rows = content.items.map { Label(text: $0, style: TextStyle(font: FontDescriptor(family: theme.fontFamily), pointSize: theme.bodySize, maximumLines: 1), color: theme.label) }
        self.separators = content.items.map { _ in View() }
        super.init()
        self.titleLabel.centersVertically = false
        self.textLabel.centersVertically = false
        for view in [self.titleLabel, self.textLabel] as [View] { self.addSubview(view) }
        if let imageView = self.imageView {
            imageView.cornerRadii = CornerRadii(all: 12)
            self.addSubview(imageView)
        }
        for (row, separator) in zip(self.rows, self.separators) {
            separator.backgroundColor = theme.separator
            self.addSubview(row)
            self.addSubview(separator)
        }
    }

    static let rowHeight = 48.0

    /// Lays the content out for `width` and returns its height.
    @discardableResult
    func place(width: Double) -> Double {
        let margin = 24.0
        let inner = max(0, width - 2 * margin)
        var y = self.topInset
        let titleHeight = self.titleLabel.text.isEmpty ? 0 : self.titleLabel.sizeThatFits(Size(width: inner, height: 0)).height
        self.titleLabel.frame = Rect(x: margin, y: y, width: inner, height: titleHeight)
        y += titleHeight + (titleHeight > 0 ? 8 : 0)
        let textHeight = self.textLabel.text.isEmpty ? 0 : self.textLabel.sizeThatFits(Size(width: inner, height: 0)).height
        self.textLabel.frame = Rect(x: margin, y: y, width: inner, height: textHeight)
        y += textHeight + 16
        if let imageView = self.imageView {
            imageView.frame = Rect(x: margin, y: y, width: inner, height: inner * 0.45)
            y += inner * 0.45 + 16
        }
        for (row, separator) in zip(self.rows, self.separators) {
            row.frame = Rect(x: margin, y: y, width: inner, height: Self.rowHeight)
            separator.frame = Rect(x: margin, y: y + Self.rowHeight - 0.5, width: inner, height: 0.5)
            y += Self.rowHeight
        }
        return y + 24
    }
}

/// The content sheet's content: a header item and a scrolling list.
final class SceneSheetContent: ContentSheetContent {
    let view: View
    let scrollView = ScrollView()
    let body: SheetBodyView
    var navigationItem: NavigationItem?
    let collapsed: Double?
    let expanded: Double?

    init(settings: KioskConfiguration.ContentSheetSettings, image: PixelBuffer?, theme: Theme, done: @escaping () -> Void) {
        self.body = SheetBodyView(content: settings.content, image: image, theme: theme)
        self.body.topInset = 12
        self.collapsed = settings.collapsedHeight
        self.expanded = settings.expandedHeight
        self.navigationItem = NavigationItem(title: settings.content.title, rightItem: BarButtonItem(title: "Done", action: done))
        self.body.titleLabel.text = ""
        self.view = ListContainer(scrollView: self.scrollView, body: self.body)
        self.view.backgroundColor = theme.surface
    }

    func collapsedHeight(in sheet: ContentSheet) -> Double? { self.collapsed }
    func expandedHeight(in sheet: ContentSheet) -> Double? { self.expanded }
    func scrollViewToObserve(in sheet: ContentSheet) -> ScrollView? { self.scrollView }
}

/// Fills itself with a scroll view whose content is a `SheetBodyView`.
final class ListContainer: View {
    let scrollView: ScrollView
    let body: SheetBodyView

    init(scrollView: ScrollView, body: SheetBodyView) {
        self.scrollView = scrollView
        self.body = body
        super.init()
        self.addSubview(scrollView)
        scrollView.contentView.addSubview(body)
    }

    override func layoutSubviews() {
        self.scrollView.frame = self.bounds
        let height = self.body.place(width: self.bounds.width)
        self.body.frame = Rect(x: 0, y: 0, width: self.bounds.width, height: height)
        self.scrollView.contentHeight = height
    }
}
