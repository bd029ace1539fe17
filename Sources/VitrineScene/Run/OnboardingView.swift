import VitrineCore
import VitrineGraphics
import VitrineMotion
import VitrineUI

/// The onboarding over the first screen: a pager (a `NavigationStack` over the page screens)
/// with a page indicator and a progress bar, whose background colour, progress and current dot
/// follow the finger between pages (BoardingPass's animations alongside the transition).
public final class OnboardingView: View {
    public let pager: NavigationStack
    public let pages: [ScreenView]
    public let completedPage: ScreenView?
    public let progressBar: ProgressBar
    public let pageIndicator: PageIndicator
    let model: OnboardingModel
    /// Called with the page now in front.
    var onPageChange: ((ScreenView) -> Void)?

    /// Dots 10 points across, 12 apart: large enough to read on a kiosk (UIPageControl's 7 pt
    /// dots are for a phone at reading distance).
    static let dotDiameter = 10.0
    /// Distance of the progress bar and the dots from the bottom edge, clear of a bezel.
    static let bottomInset = 40.0

    init(model: OnboardingModel, pages: [ScreenView], completed: ScreenView?, theme: Theme) {
        self.model = model
        self.pages = pages
        self.completedPage = completed
        self.pager = NavigationStack(pages: pages)
        self.progressBar = ProgressBar(theme: theme)
        self.pageIndicator = PageIndicator(theme: theme)
        super.init()
        self.pageIndicator.dotDiameter = Self.dotDiameter
        self.pageIndicator.spacing = 12
        self.pageIndicator.dotColor = Color(white: 1, alpha: 0.35)
        self.pageIndicator.currentDotColor = .white
        self.pageIndicator.numberOfPages = pages.count
        self.pageIndicator.isUserInteractionEnabled = false
        self.progressBar.track.backgroundColor = Color(white: 1, alpha: 0.25)
        self.progressBar.fill.backgroundColor = .white
        // Its ends are round by itself; speech reads the page, not the bar beside it.
        self.progressBar.isAccessibilityElement = false
        self.progressBar.isHidden = !model.showsProgressBar
        self.pageIndicator.isHidden = !model.showsPageIndicator
        if let completed, let last = pages.last {
            // Outside the series: swiping ends there (BoardingPass's completed controller).
            self.pager.setNext(completed, for: last)
            self.pager.setNext(nil, for: completed)
            self.pager.setPrevious(nil, for: completed)
        }
        self.addSubview(self.pager)
        self.addSubview(self.progressBar)
        self.addSubview(self.pageIndicator)
        self.pager.onTransition = { [unowned self] transition in self.animateAlongside(transition) }
        self.pager.onPageChange = { [unowned self] page in
            self.show(page)
            if let screen = page as? ScreenView { self.onPageChange?(screen) }
        }
        self.show(pages[0])
    }

    /// The page's index in the series; nil for the completed page.
    func index(of page: View) -> Int? { self.pages.firstIndex { $0 === page } }

    private func color(of page: View) -> Color { (page as? ScreenView)?.pageColor ?? PageDefaults.background }

    private func animateAlongside(_ transition: NavigationTransition) {
        let from = transition.from
        let to = transition.to
        let fromColor = self.color(of: from)
        let toColor = self.color(of: to)
        let fromProgress = self.model.progress(atPage: self.index(of: from))
        let toProgress = self.model.progress(atPage: self.index(of: to))
        let fromDot = Double(self.index(of: from) ?? self.pages.count)
        let toDot = Double(self.index(of: to) ?? self.pages.count)
        transition.animateAlongside { [unowned self] p in
            self.backgroundColor = fromColor.interpolated(to: toColor, fraction: p)
            self.progressBar.progress = fromProgress + (toProgress - fromProgress) * p
            self.pageIndicator.currentPage = fromDot + (toDot - fromDot) * p
        }
    }

    func show(_ page: View) {
        self.backgroundColor = self.color(of: page)
        self.progressBar.progress = self.model.progress(atPage: self.index(of: page))
        self.pageIndicator.currentPage = Double(self.index(of: page) ?? self.pages.count)
        self.pageIndicator.isHidden = !self.model.showsPageIndicator || page === self.completedPage
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        self.pager.frame = bounds
        let barWidth = min(480, bounds.width * 0.5)
        self.progressBar.frame = Rect(x: (bounds.width - barWidth) / 2, y: bounds.height - Self.bottomInset - 6, width: barWidth, height: 6)
        self.pageIndicator.frame = Rect(x: 0, y: bounds.height - Self.bottomInset - 6 - 40, width: bounds.width, height: 24)
    }
}

/// Defaults for onboarding pages.
public enum PageDefaults {
    /// A page's background when the screen gives none: dark, for white text.
    public static let background = Color(hex: "#1C1C1E")!
}
