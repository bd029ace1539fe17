import VitrineCore
import VitrineDRM
import VitrineRuntime
import VitrineScene
import VitrineUI

/// `vitrine check-config --accessibility` (issue 33, Docs/accessibility.md, "The audit"): every screen a
/// kiosk config can reach, laid out headless as the panel shows it — in each of the kiosk's
/// languages, at its display's size — and checked for what keeps a visitor who cannot see,
/// cannot touch or reads another language from using it:
///
/// - **labels**: an element that acts with nothing for speech to say; a picture without a
///   description (`AccessibilityAudit+Labels.swift`);
/// - **keys**: an action only a finger reaches, a split sheet only a drag opens, an onboarding
///   page keys cannot turn (`+Keys`);
/// - **translations**: spoken texts written once or missing a language, languages speech's own
///   words are not in (`+Translations`);
/// - **contrast**: the config check's contrast warnings, listed again;
/// - **target size**: `HitTargetAudit`'s controls under 44 × 44 points;
/// - **reachability**: `ReachCheck`'s controls out of a seated visitor's reach (`+Reach`).
///
/// The screens are shown as `vitrine render` shows them (`KioskRenderer.walk`): each on its own,
/// a split sheet shown and expanded, a presented screen in its content sheet.
///
/// ```swift
/// let check = try ConfigDiagnosis.check(path: "kiosk.json")
/// let report = try AccessibilityAudit(check: check).run()
/// print(report.text)
/// ```
public struct AccessibilityAudit {
    public let configuration: KioskConfiguration
    public let baseDirectory: String?
    /// The file's name in the report.
    public var file: String
    public var registry = ViewRegistry()
    /// The config check's contrast warnings (`KioskConfigCheck.contrastWarnings`), listed again.
    public var contrastWarnings: [ConfigIssue] = []

    public init(configuration: KioskConfiguration, baseDirectory: String?, file: String = "<config>") {
        self.configuration = configuration
        self.baseDirectory = baseDirectory
        self.file = file
    }

    /// The audit of a valid file's check (its configuration, folder and contrast warnings).
    public init(check: KioskConfigCheck, registry: ViewRegistry = ViewRegistry()) {
        self.init(configuration: check.configuration, baseDirectory: check.baseDirectory, file: check.file)
        self.registry = registry
        self.contrastWarnings = check.contrastWarnings
    }

    /// The screen the screens are laid out on: `display.mode` when the file sets one, else
    /// `display.headlessSize` (1280×800 unless the file gives another) — with `"output": "auto"`
    /// the panel's own size is known only on the panel —, upright as the display's rotation
    /// turns it.
    public var size: PixelSize {
        let display = self.configuration.display
        let native = display.drm.mode.map { PixelSize(width: $0.width, height: $0.height) } ?? display.headlessSize
        return display.rotation.logicalSize(forNative: native)
    }

    /// Lays every reachable screen out in every language and checks it.
    /// - Throws: when a screen cannot be built (an image that cannot be read), as `vitrine
    ///   render` would.
    public func run() throws(VitrineError) -> AccessibilityReport {
        let scene = self.configuration.scene
        let reachable = scene.reachableScreens
        var findings = FindingCollector(languages: scene.languages)
        for finding in self.kioskFindings() { findings.add(finding) }
        for screen in scene.screens where reachable.contains(screen.id) {
            for finding in self.translationFindings(screen) { findings.add(finding) }
            if let finding = self.splitSheetFinding(screen) { findings.add(finding) }
            for finding in self.imageFindings(screen) { findings.add(finding) }
        }
        let languages: [String?] = scene.languages.isEmpty ? [scene.defaultLanguage] : scene.languages
        for language in languages {
            var configuration = self.configuration
            if let language { configuration.scene.defaultLanguage = language }
            var renderer = KioskRenderer(configuration: configuration, baseDirectory: self.baseDirectory)
            renderer.registry = self.registry
            let phrases = AccessibilityPhrases(language: language)
            try renderer.walk(size: self.size, scale: configuration.scale) { (screen, _, _, run) throws(VitrineError) in
                guard reachable.contains(screen) else { return }
                Self.eachScrolledPage(run) {
                    for finding in self.laidOutFindings(run.window, screen: screen, phrases: phrases) { findings.add(finding, language: language) }
                }
            }
        }
        for finding in try self.onboardingFindings() { findings.add(finding) }
        return AccessibilityReport(
            file: self.file, size: self.size, scale: self.configuration.scale, languages: scene.languages,
            screens: scene.screens.map(\.id).filter { reachable.contains($0) }, findings: findings.findings)
    }

    /// Screenfuls checked per scroll view: 12, a menu of about 70 rows at 1280×800. A longer
    /// list repeats one row template (its later rows say what the first ones do), and the
    /// library's 10,000 titles are not walked through for every language.
    public static let mostScrolledPages = 12

    /// Calls `body` with the window as it is, then again at each further screenful of every
    /// scroll view in sight — three quarters of its height on, up to `mostScrolledPages` —
    /// settled as a visitor scrolling would see it, so what lies below the fold is checked too;
    /// each goes back to its top after.
    static func eachScrolledPage(_ run: HeadlessRunner, _ body: () -> Void) {
        body()
        var scrollViews: [ScrollView] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            if let scroll = view as? ScrollView, scroll.maximumOffset > 0.5, scroll.windowFrame.intersects(Rect(size: run.window.size)) {
                scrollViews.append(scroll)
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(run.window.root)
        for scroll in scrollViews {
            let step = max(1, scroll.bounds.height * 0.75)
            var page = 1
            while page <= Self.mostScrolledPages, scroll.contentOffset < scroll.maximumOffset - 0.5 {
                scroll.scroll(to: Double(page) * step, animated: false)
                run.settle()
                body()
                page += 1
            }
            scroll.scroll(to: 0, animated: false)
            run.settle()
        }
    }

    /// What concerns the kiosk as a whole: the theme's contrast, speech's own words in each
    /// language, the reach when the mounting heights are not given.
    func kioskFindings() -> [AccessibilityFinding] {
        var findings = self.contrastWarnings.map { AccessibilityFinding(.warning, .contrast, screen: nil, path: $0.field, $0.message) }
        findings += self.phraseFindings()
        if self.configuration.scene.accessibility.mountHeight == nil {
            findings.append(Self.reachNotChecked)
        } else {
            findings += self.reachFindings()
        }
        return findings
    }

    /// What one laid-out state of a screen shows: its controls' labels, whether keys reach them,
    /// their size, and their reach.
    func laidOutFindings(_ window: Window, screen: String, phrases: AccessibilityPhrases) -> [AccessibilityFinding] {
        let controls = HitTargetAudit.reachableControls(in: window)
        var findings = self.labelFindings(window, controls: controls, screen: screen, phrases: phrases)
        findings += self.keyFindings(window, controls: controls, screen: screen)
        for control in controls {
            let finding = HitTargetAudit.finding(for: control, in: window)
            guard !finding.isLargeEnough else { continue }
            let place = self.place(of: control, default: screen)
            let size = "\(String(fixed: finding.frame.width, decimals: 1))×\(String(fixed: finding.frame.height, decimals: 1)) points"
            let samples = HitTargetAudit.samplesPerSide * HitTargetAudit.samplesPerSide
            findings.append(
                AccessibilityFinding(
                    .warning, .targets, screen: place.screen, path: place.path,
                    "\(Self.withArticle(Self.kind(of: control))) of \(size): \(finding.missed.count) of \(samples) touches across a finger's 44 × 44 points around its centre miss it; make it at least 44 points each way"
                ))
        }
        return findings
    }

    // MARK: - Where a view is

    /// The screen a view belongs to and its config path (with its `id`): a split sheet's content
    /// is its held screen's, a bar's buttons are the screen's `left` and `right` items (the back
    /// button has no path of its own), a repeated row is its template's (`rows.row`).
    func place(of view: View, default screen: String) -> (screen: String, path: String?) {
        var owner: String?
        var inSheetBody = false
        var ancestor = view.superview
        while let current = ancestor, owner == nil {
            if current is SheetBodyView { inSheetBody = true }
            if let screenView = current as? ScreenView {
                owner = inSheetBody ? screenView.model.splitSheet?.screen ?? screenView.model.id : screenView.model.id
            }
            ancestor = current.superview
        }
        let screenID = owner ?? screen
        let model = self.configuration.scene.screen(screenID)
        if let bar = view.superview as? NavigationBar, let model, let button = view as? Button {
            if view === bar.rightButton, model.rightItem != nil { return (screenID, model.path + ".right") }
            if view === bar.leftButton, model.leftItem != nil { return (screenID, model.path + ".left") }
            // The back button a push adds, a content sheet's ✕: the screen's, not the config's.
            return (screenID, model.path + " (the bar's \(button.title.isEmpty ? button.iconName ?? "" : button.title) button)")
        }
        var named: View? = view
        while let current = named, current.identifier == nil || current is ScreenView { named = current.superview }
        guard let identifier = named?.identifier else { return (screenID, model?.path) }
        let suffix = named === view ? "" : " (\(Self.withArticle(Self.kind(of: view))) inside it)"
        if let path = model.flatMap({ Self.path(ofID: identifier, in: $0) }) { return (screenID, "\(path) (id \(identifier))" + suffix) }
        return (screenID, Self.templatePath(identifier) + suffix)
    }

    /// The path of the view with `id` in `screen`.
    static func path(ofID id: String, in screen: ScreenModel) -> String? {
        screen.content.allNodes.first { $0.id == id }?.path
    }

    /// A repeated row's path (`….rows[fares.routes[2]]`) as its template's (`….rows.row`): the
    /// config has one row for all of them.
    static func templatePath(_ path: String) -> String {
        guard let start = path.firstRange(of: ".rows["), path.hasSuffix("]"), path[start.upperBound...].contains("[") else { return path }
        return String(path[..<start.lowerBound]) + ".rows.row"
    }

    /// `kind` after "a" or "an": "a button", "an image".
    static func withArticle(_ kind: String) -> String {
        ("aeiouAEIOU".contains(kind.first ?? "x") ? "an " : "a ") + kind
    }

    /// What a view is, in the words of the config (`button`, `list row`).
    static func kind(of view: View) -> String {
        switch view {
        case is Button: "button"
        case is ListRowView: "list row"
        case is CardView: "card"
        case is TextField: "text field"
        case is ToggleView: "toggle"
        case is SliderView: "slider"
        case is ImageView: "image"
        case is Label: "text"
        default: String(describing: type(of: view))
        }
    }
}
