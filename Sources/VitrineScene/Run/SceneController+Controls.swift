import VitrineCore
import VitrineUI

/// What speech mode says when the visitor changes a control. A toggle or a segment turned by
/// select or a double tap is said by `activateSaying` (its own description changed); a slider
/// stepped by the arrow keys is not activated, so its new value is said here — the value alone,
/// as VoiceOver says an adjustable element's new value.
extension SceneController {
    func controlChanged(_ view: View) {
        guard self.speechMode, let slider = view as? SliderView, let window = self.window, window.focusedView === slider,
            let value = slider.accessibilityValue
        else { return }
        self.lastSpokenElement = slider
        self.say(value, kind: .result, interrupting: true)
    }
}
