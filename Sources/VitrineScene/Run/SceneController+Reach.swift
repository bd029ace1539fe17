import VitrineCore
import VitrineMotion
import VitrineUI

/// Reach mode (issue 33; Docs/accessibility.md, "The visitor's settings"): for a visitor in a wheelchair the
/// screens — bar included — slide down so their upper part comes within reach, as iOS's
/// Reachability brings the top of an app down to the thumb; a tap on the room left at the top,
/// the `reach` action (or the keypad's reach key) again, or idle brings them back.
///
/// They move with the content sheet's springs: down as a sheet presents (UIKit's 0.5 s, damping
/// 0.75, `ContentSheet.present`), back as one is dismissed (0.5 s, damping 1). How far is
/// `AccessibilityModel.reachOffset(screenHeight:)`: the screen's top down to 1,220 mm when the
/// config gives the mounting height, else 40 % of the screen.
extension SceneController {
    /// How far reach mode moves the screens down on this window, in points (whole pixels).
    public var reachDistance: Double {
        guard let window = self.window else { return 0 }
        let points = self.model.accessibility.reachOffset(screenHeight: window.size.height)
        return (points * window.scale).rounded() / window.scale
    }

    /// Slides the screens down within reach (`on`) or back up. Sheets stay where they are (they
    /// rise from the bottom edge); the keyboard too.
    public func setReachMode(_ on: Bool, animated: Bool) {
        guard on != self.reachMode, let window = self.window else { return }
        let distance = self.reachDistance
        guard !on || distance > 0 else {
            self.logger.notice("reach: the screen's top is within reach already (accessibility.mountHeight), so it stays where it is")
            return
        }
        self.reachMode = on
        self.record("reach=\(on)")
        let motion = self.reachMotion ?? self.makeReachMotion(in: window)
        let target = on ? distance : 0
        guard animated else {
            motion.set(target)
            return
        }
        let parameters = on ? SpringParameters(uiKitDuration: 0.5, dampingRatio: 0.75) : SpringParameters(uiKitDuration: 0.5, dampingRatio: 1)
        motion.settle(to: target, parameters: parameters) { [weak self] in self?.record("reach.didSettle") }
    }

    private func makeReachMotion(in window: Window) -> ScrollMotion {
        let motion = ScrollMotion(limits: 0...0, dimension: 1) { [weak window] in window?.animator }
        motion.rubberBands = false
        motion.onChange = { [weak self] value in self?.placeReach(value) }
        self.reachMotion = motion
        return motion
    }

    /// The screens at `offset` points down, snapped to whole pixels (a fraction would redraw
    /// every layer it moves, as `ContentSheet` snaps its height); the alert and the "more time"
    /// question come down with them, centred on what the visitor now reaches.
    private func placeReach(_ offset: Double) {
        guard let root = self.sceneRoot as? SceneRootView else { return }
        root.reachOffset = self.snapped(reach: offset)
        self.alertShowing?.reachOffset = root.reachOffset
        self.moreTimePrompt?.reachOffset = root.reachOffset
    }

    /// Where reach mode has the screens now, in whole pixels (0 out of reach mode).
    var snappedReachOffset: Double { self.snapped(reach: self.reachMotion?.value ?? 0) }

    private func snapped(reach offset: Double) -> Double {
        let scale = self.window?.scale ?? 1
        return max(0, (offset * scale).rounded() / scale)
    }

    /// The view the screens go in, with the room reach mode leaves at the top (`ReachReturnView`:
    /// "Tap here to move the screen back up"). A new one (a new language, new settings) starts
    /// where reach mode has the screens.
    func makeSceneRoot() -> SceneRootView {
        let room = ReachReturnView(title: AccessibilityText.reachReturn.text(in: self.language), theme: self.theme) { [weak self] in
            self?.actions.append("reach.return")
            self?.setReachMode(false, animated: true)
        }
        let root = SceneRootView(reachReturn: room)
        root.reachOffset = self.snappedReachOffset
        return root
    }
}
