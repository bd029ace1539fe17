import VitrineCore
import VitrineRuntime
import VitrineScene
import VitrineUI

/// Keys: everything a finger can do, keys and a keypad must do too (WCAG 2.2 SC 2.1.1 Keyboard;
/// EN 301 549 5.1.6.1 operation without vision). What keys reach is the window's focus chain
/// (`Window.focusChain`); an onboarding page turns with the keypad's down past its last element
/// (`SceneController.turnOnboardingPage`).
extension AccessibilityAudit {
    /// Every control in the laid-out `window` a finger reaches and keys do not: an error each.
    func keyFindings(_ window: Window, controls: [View], screen: String) -> [AccessibilityFinding] {
        let chain = window.focusChain
        return controls.compactMap { control in
            guard Self.acts(control), !chain.contains(where: { $0 === control }) else { return nil }
            let place = self.place(of: control, default: screen)
            let kind = Self.withArticle(Self.kind(of: control))
            let message =
                control.canBecomeFocused
                ? "\(kind) a finger reaches, outside what keys move through (behind a sheet or the onboarding): keys and the keypad never reach it; show it where keys go, or give what covers it a button that does the same"
                : "\(kind) that answers a tap but cannot take the focus: keys and the keypad never reach it; make the view focusable (canBecomeFocused and activate in Swift), or give the screen a button that does the same"
            return AccessibilityFinding(.error, .keys, screen: place.screen, path: place.path, message)
        }
    }

    /// Whether a control acts when tapped: the toolkit's buttons, rows and cards only with an
    /// action (a disabled button, a card without one, is only there to be read); any other view
    /// with a tap recognizer is taken to act.
    static func acts(_ control: View) -> Bool {
        switch control {
        case let button as Button: button.action != nil && button.isEnabled
        case let card as CardView: card.action != nil
        case let row as ListRowView: row.row.action != nil
        default: true
        }
    }

    /// A split sheet only a drag opens: no button of its screen shows or toggles it and it is not
    /// shown from the start, so keys cannot open it and what it holds is out of their reach.
    func splitSheetFinding(_ screen: ScreenModel) -> AccessibilityFinding? {
        guard let sheet = screen.splitSheet, !sheet.initiallyShown else { return nil }
        let opens = screen.actions.contains { entry in
            entry.action.steps.contains { $0 == .showSplitSheet || $0 == .toggleSplitSheet }
        }
        guard !opens else { return nil }
        let drag = sheet.swipeUpToShowAllowed ? "only a drag opens it" : "nothing opens it (swipeUpToShowAllowed is false)"
        return AccessibilityFinding(
            .error, .keys, screen: screen.id, path: screen.path + ".splitSheet",
            "the split sheet holding \"\(sheet.screen)\": \(drag), so keys and the keypad cannot show what it holds; give the screen a button with \"action\": \"toggleSplitSheet\", or \"initiallyShown\": true"
        )
    }

    /// Every onboarding page keys cannot turn: each page with a page after it is shown, and the
    /// keypad's down is pressed through its elements and past the last, as a visitor would.
    func onboardingFindings() throws(VitrineError) -> [AccessibilityFinding] {
        let scene = self.configuration.scene
        guard let onboarding = scene.onboarding, !onboarding.pages.isEmpty else { return [] }
        let turnable = onboarding.completed == nil ? Array(onboarding.pages.dropLast()) : onboarding.pages
        guard !turnable.isEmpty else { return [] }
        guard let down = Self.key(for: .down, in: scene.accessibility) else {
            return [
                AccessibilityFinding(
                    .error, .keys, screen: nil, path: "accessibility.keys",
                    "no key gives the keypad's down (down and right are mapped to other commands), so no key turns the onboarding's pages: map a key to \"down\""
                )
            ]
        }
        let kiosk = KioskScene(configuration: self.configuration, baseDirectory: self.baseDirectory, registry: self.registry)
        let run = try HeadlessRunner(scene: kiosk, size: self.size, scale: self.configuration.scale)
        guard let controller = kiosk.controller else { return [] }
        var findings: [AccessibilityFinding] = []
        for (index, page) in turnable.enumerated() {
            try controller.show(screen: page)
            run.settle()
            var turned = false
            for _ in 0...run.window.focusChain.count {
                run.window.handle(KeyEvent(down, timestamp: UInt64(run.loop.now.microseconds), device: "audit"))
                run.settle()
                if controller.frontScreenID != page {
                    turned = true
                    break
                }
            }
            if !turned {
                findings.append(
                    AccessibilityFinding(
                        .error, .keys, screen: page, path: "onboarding.pages[\(index)]",
                        "keys cannot turn this onboarding page (down past its last element should), so a visitor without touch is held on it: a finger's swipe is its only way on"
                    ))
            }
        }
        return findings
    }

    /// A key that gives `command`: one the config maps to it, else one of its default keys the
    /// config leaves alone. Nil when none does.
    static func key(for command: AccessibilityModel.KeypadCommand, in model: AccessibilityModel) -> KeyEvent.Key? {
        let names = model.keys.filter { $0.value == command }.map(\.key).sorted() + command.defaultKeys
        let keys: [KeyEvent.Key] = [.up, .down, .left, .right, .enter, .escape, .tab, .home, .end, .backspace]
        for name in names {
            let key = keys.first { $0.description == name } ?? (name.count == 1 ? .text(name) : .other(name))
            if model.command(for: KeyEvent(key, timestamp: 0, device: "audit")) == command { return key }
        }
        return nil
    }
}
