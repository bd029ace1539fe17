import VitrineCore
import VitrineUI

/// A screen presented in a content sheet (the `present` action): the screen's view, its title
/// and items in the sheet's header, the config's heights.
///
/// With larger text (`VisitorSettings.largerText`) the config's heights, chosen for the text at
/// its own size, grow with it: each as far as the screen's content now needs, at most by the
/// type scale's growth (× 1.5), so a product sheet sized to show its stepper still shows it,
/// and a long list's half-screen sheet does not become a whole screen.
final class ScreenSheetContent: ContentSheetContent {
    let screen: ScreenView
    let navigationItem: NavigationItem?
    /// The config's heights, resolved for the screen (nil: the sheet's defaults).
    let collapsed: Double?
    let expanded: Double?
    /// The theme's type scale over the config's (1: heights as given).
    let growth: Double
    /// Whether the sheet shows its header above the screen.
    let showsHeader: Bool

    init(screen: ScreenView, navigationItem: NavigationItem, collapsed: Double?, expanded: Double?, growth: Double, showsHeader: Bool) {
        self.screen = screen
        self.navigationItem = navigationItem
        self.collapsed = collapsed
        self.expanded = expanded
        self.growth = growth
        self.showsHeader = showsHeader
    }

    var view: View { self.screen }

    func collapsedHeight(in sheet: ContentSheet) -> Double? { self.grown(self.collapsed, in: sheet) }

    func expandedHeight(in sheet: ContentSheet) -> Double? { self.grown(self.expanded, in: sheet) }

    func scrollViewToObserve(in sheet: ContentSheet) -> ScrollView? { self.screen.scrollView }

    private func grown(_ height: Double?, in sheet: ContentSheet) -> Double? {
        guard let height, self.growth > 1, sheet.window != nil else { return height }
        let content = self.screen.body.content.sizeThatFits(Size(width: sheet.bounds.width, height: .infinity)).height
        let needed = content + (self.showsHeader ? ContentSheet.headerHeight : 0)
        return max(height, min(needed, height * self.growth))
    }
}
