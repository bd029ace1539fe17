import VitrineCore
import VitrineGraphics
import VitrineMotion
import VitrineUI

/// Actions (`SceneAction`): what a tap, a key, an alert's button or the control socket asks
/// for, run in one place, `perform`, so it is testable and shows in the state dump.
extension SceneController {

    /// A screen already in the stack is gone back to, not stacked again: two screens that push
    /// each other would otherwise grow the stack (and its memory, about 4 MB a screen at
    /// 1280x800) with every tap. So the stack holds each screen at most once and is never deeper
    /// than the config has screens (Docs/config.md, "Actions"). True when `id` was in the stack
    /// (the push or replace is then done).
    private func goBack(toStacked id: String, in navigation: NavigationStack) -> Bool {
        guard let existing = self.navigationStack.first(where: { $0.model.id == id }) else { return false }
        if existing !== self.topScreen, navigation.pop(to: existing) { self.record("popTo \(id)") }
        return true
    }

    /// Runs `action`, asked for by the view at config path `path`.
    public func perform(_ action: SceneAction, from path: String = "") {
        self.actions.append(path.isEmpty ? action.description : "\(path): \(action)")
        switch action {
        case .push(let id):
            self.dismissForNavigation()
            guard let navigation = self.navigation else { return }
            if self.goBack(toStacked: id, in: navigation) { return }
            do {
                let view = try self.screenView(id, canGoBack: true)
                navigation.setSwipeBack(view.model.swipeBack, for: view)
                if navigation.push(view) { self.record("push \(id)") }
            } catch {
                self.logger.error("\(path): cannot show screen \(id): \(error)")
            }
        case .replace(let id):
            self.dismissForNavigation()
            guard let navigation = self.navigation else { return }
            // Already in the stack: gone back to, as a push would.
            if self.goBack(toStacked: id, in: navigation) { return }
            do {
                let view = try self.screenView(id, canGoBack: navigation.stack.count > 1)
                navigation.setSwipeBack(view.model.swipeBack, for: view)
                if navigation.replaceTop(with: view) { self.record("replace \(id)") }
            } catch {
                self.logger.error("\(path): cannot show screen \(id): \(error)")
            }
        case .pop:
            self.dismissForNavigation()
            if self.navigation?.pop() == true { self.record("pop") }
        case .popToRoot:
            self.dismissForNavigation()
            if self.navigation?.popToRoot() == true { self.record("popToRoot") }
        case .present(let id, let presentation):
            self.present(id, presentation, from: path)
        case .dismiss:
            self.contentSheet?.dismiss()
        case .showSplitSheet:
            self.splitSheetInFront?.show(true)
        case .hideSplitSheet:
            self.splitSheetInFront?.show(false)
        case .toggleSplitSheet:
            if let split = self.splitSheetInFront { split.show(!split.showing) }
        case .restartOnboarding:
            self.restartOnboarding()
        case .finishOnboarding:
            self.finishOnboarding()
        case .emit(let name, let payload):
            let event = SceneEvent(.emit, name: name, payload: self.evaluated(payload), time: self.now)
            self.emitted.append(event)
            self.record("emit \(name)")
            self.onEvent?(event)
        case .sequence(let actions):
            for step in actions { self.perform(step, from: path) }
        case .setLanguage(let language):
            self.setLanguage(language, deferred: true)
        case .setState, .increment, .toggle:
            self.performStateAction(action, from: path)
        case .conditional(let condition, let then, let otherwise):
            let value = condition.value(in: self.data, item: self.builder.actionItem, language: self.language) ?? .null
            if let chosen = ExpressionEvaluator.isTrue(value) ? then : otherwise { self.perform(chosen, from: path) }
        case .accessibility:
            self.presentAccessibilitySheet()
        case .reach:
            self.setReachMode(!self.reachMode, animated: true)
        case .alert(let alert):
            self.showAlert(alert, from: path)
        }
    }

    /// A push or pop from inside a content sheet closes the sheet first.
    private func dismissForNavigation() {
        if self.contentSheet?.isPresented == true { self.contentSheet?.dismiss() }
    }

    /// The split sheet of the screen in front (the onboarding has none).
    public var splitSheetInFront: SplitSheet? { self.isOnboardingShowing ? nil : self.topScreen?.splitSheet }

    private func present(_ id: String, _ presentation: SheetPresentation, from path: String) {
        if let sheet = self.contentSheet, sheet.isPresented { sheet.dismiss(animated: false) }
        guard let window = self.window else { return }
        let screen: ScreenView
        do {
            screen = try self.screenView(id, canGoBack: false, hidesBar: true)
        } catch {
            self.logger.error("\(path): cannot present screen \(id): \(error)")
            return
        }
        let model = screen.model
        var item = NavigationItem(title: self.builder.text(model.title))
        if let left = model.leftItem {
            item.leftItem = BarButtonItem(title: self.builder.text(left.title), icon: left.icon) { [unowned self] in
                self.perform(left.action, from: model.path + ".left.action")
            }
        }
        if let right = model.rightItem {
            item.rightItem = BarButtonItem(title: self.builder.text(right.title), icon: right.icon) { [unowned self] in
                self.perform(right.action, from: model.path + ".right.action")
            }
        }
        let height = window.size.height
        let content = ScreenSheetContent(
            screen: screen, navigationItem: item, collapsed: presentation.collapsedHeight?.resolve(screenHeight: height),
            expanded: presentation.expandedHeight?.resolve(screenHeight: height), growth: self.theme.typeScale / self.baseTheme.typeScale,
            showsHeader: presentation.showsHeader)
        let sheet = ContentSheet(content: content, theme: self.theme)
        sheet.showDefaultHeader = presentation.showsHeader
        switch presentation.backdrop {
        case .blur(let style):
            sheet.blurBackground = true
            sheet.blurStyle = style
        case .dim:
            sheet.blurBackground = false
        }
        sheet.dismissOnTouchOutside = presentation.dismissOnTouchOutside
        sheet.enablePanGesture = presentation.enablePanGesture
        // Weak: the sheet keeps this closure, so holding the sheet here would keep it (its
        // screen, the builder and every image) alive after it is dismissed or the scene replaced.
        sheet.onEvent = { [unowned self, weak sheet] name in
            self.record("contentSheet.\(name)")
            if name == "didDisappear", let sheet, self.contentSheet === sheet {
                self.presentedScreen = nil
                // The screen under it is in front again: said, its first element focused.
                self.announceScreen()
            }
            // Said once it has come up: its elements are on the screen then.
            if name == "didShow", let sheet, self.contentSheet === sheet { self.announceSheet() }
        }
        self.contentSheet = sheet
        self.presentedScreen = screen
        self.record("present \(id)")
        sheet.present(in: self.root)
        self.playAppear(in: screen)
        // A header title bound to the data follows it, as a screen's bar title does.
        self.builder.bind(sheet, when: model.title.binding != nil) { [weak self] view in
            guard let self, let sheet = view as? ContentSheet else { return }
            sheet.header?.titleLabel.text = self.builder.text(model.title)
        }
    }

    private func restartOnboarding() {
        guard let onboarding = self.onboarding else { return }
        self.resetState()
        self.contentSheet?.dismiss(animated: false)
        self.topScreen?.splitSheet?.show(false, animated: false)
        self.navigation?.reset()
        self.finishingOnboarding = false
        onboarding.pager.reset()
        onboarding.isHidden = false
        onboarding.alpha = 1
        self.record("restartOnboarding")
        self.screenChanged()
    }

    private func finishOnboarding() {
        guard let onboarding = self.onboarding, self.isOnboardingShowing else { return }
        self.finishingOnboarding = true
        self.record("finishOnboarding")
        self.screenChanged()
        let fade = SpringAnimation(
            value: 1, target: 0, parameters: SpringParameters(response: 0.35, dampingRatio: 1), tolerance: SettleTolerance.pixels.perUnit(of: 255))
        fade.onUpdate = { [weak onboarding] value in onboarding?.alpha = value }
        fade.onComplete = { [weak self, weak onboarding] in
            guard let self, self.finishingOnboarding else { return }
            onboarding?.isHidden = true
            self.finishingOnboarding = false
        }
        guard let animator = self.window?.animator else {
            onboarding.isHidden = true
            self.finishingOnboarding = false
            return
        }
        animator.run(fade)
    }
}
