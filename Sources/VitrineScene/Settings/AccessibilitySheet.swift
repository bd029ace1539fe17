import VitrineCore
import VitrineUI

/// The accessibility sheet's content (the `accessibility` action): a list of the visitor's
/// settings, each row a toggle with its state at the end ("On", "Off"), over the theme's
/// background, under the sheet's header (its title and the round ✕).
///
/// Rows are list rows: at least 44 points tall at any type scale (`ListMetrics`), so every one
/// is a finger-sized target (Apple HIG, "Buttons"; WCAG 2.2 SC 2.5.5). The sheet is as tall as
/// its rows, and scrolls when larger text makes them taller than the screen.
final class AccessibilitySheet: ContentSheetContent {
    /// One setting the sheet shows.
    enum Setting: String, CaseIterable {
        case largerText, highContrast, speech, reach

        var title: AccessibilityText {
            switch self {
            case .largerText: .largerText
            case .highContrast: .highContrast
            case .speech: .speech
            case .reach: .reach
            }
        }

        var detail: AccessibilityText {
            switch self {
            case .largerText: .largerTextDetail
            case .highContrast: .highContrastDetail
            case .speech: .speechDetail
            case .reach: .reachDetail
            }
        }

        /// The row's identifier, for tests and tools: `accessibility.largerText`.
        var identifier: String { "accessibility." + self.rawValue }
    }

    let view: View
    let navigationItem: NavigationItem?
    let list: ListView
    private let body: ContentScrollView
    private let language: String?
    private let toggle: (Setting) -> Void

    /// Room around the rows: 24 points at the sides and below, 16 above (the examples' sheets,
    /// Examples/museum's hours).
    static let padding = EdgeInsets(top: 16, left: 24, bottom: 24, right: 24)

    /// - Parameters:
    ///   - settings: the rows to show, in order, each with whether it is on.
    ///   - toggle: what a tap on a row does (the controller turns the setting over).
    init(settings: [(Setting, Bool)], language: String?, theme: Theme, toggle: @escaping (Setting) -> Void) {
        self.language = language
        self.toggle = toggle
        self.navigationItem = NavigationItem(title: AccessibilityText.title.text(in: language))
        self.list = ListView(sections: [], theme: theme)
        self.body = ContentScrollView(content: StackView(padding: Self.padding, children: [self.list]))
        let view = View()
        view.backgroundColor = theme.background
        view.identifier = "accessibility"
        view.addSubview(self.body)
        self.body.pinToEdges()
        self.view = view
        self.update(settings)
    }

    /// Shows each setting's state again (after a tap turned one over).
    func update(_ settings: [(Setting, Bool)]) {
        let rows = settings.map { setting, on in
            ListRow(
                title: setting.title.text(in: self.language), subtitle: setting.detail.text(in: self.language),
                trailing: (on ? AccessibilityText.on : .off).text(in: self.language), identifier: setting.identifier
            ) { [weak self] in self?.toggle(setting) }
        }
        self.list.setSections([ListSection(rows: rows)])
    }

    func collapsedHeight(in sheet: ContentSheet) -> Double? {
        let width = sheet.bounds.width
        return ContentSheet.headerHeight + self.body.content.sizeThatFits(Size(width: width, height: .infinity)).height
    }

    func scrollViewToObserve(in sheet: ContentSheet) -> ScrollView? { self.body.scrollView }
}
