import VitrineCore
import VitrineUI

/// Views with an `appear` (Docs/config.md, "Views") come onto their screen each time it is
/// shown: when it is pushed or popped back to (from the start of the slide, so they arrive with
/// it), presented in a sheet, shown by the navigation's reset (`show`, the idle action going back
/// to the first screen), or the kiosk starts; on a carousel's page, each time the page comes in.
/// A touch puts them all in place at once (`Appearances.finish`). In speech mode they are in
/// place at once: the screen is said and its first element focused as it arrives, and a faded
/// element could not be found.
extension SceneController {
    /// Plays the appear animations in `view` (a screen arriving).
    func playAppear(in view: View?) {
        guard let view, let window = self.window else { return }
        self.appearShown = view
        guard !self.speechMode else { return }
        self.appearances.play(in: view, animator: window.animator, now: window.clock?.now)
    }

    /// A transition of the navigation or the onboarding started: its incoming screen arrives.
    func transitionStarted(_ transition: NavigationTransition) {
        self.playAppear(in: transition.to)
    }

    /// The screen in front changed: played unless its transition already played it.
    func appearAfterScreenChange() {
        guard let front = self.frontScreenView, front !== self.appearShown else { return }
        self.playAppear(in: front)
    }

    /// A touch began: everything still appearing is put in place.
    func touchedWhileAppearing(_ frame: TouchFrame) {
        guard frame.contacts.contains(where: { $0.phase == .began }) else { return }
        self.appearances.finish()
    }

    /// A carousel's page starts to come in (a turn, a swipe, the slideshow): what appears on it
    /// arrives with it, as on a pushed screen. Not in speech mode, as there.
    func carouselPageArrives(_ page: View) {
        guard !self.speechMode, let window = self.window else { return }
        self.appearances.play(in: page, animator: window.animator, now: window.clock?.now)
    }

    /// A focused carousel turned a page: said (speech mode), as a moved focus is.
    func carouselTurned(_ carousel: CarouselView) {
        guard let window = self.window, window.focusedView === carousel else { return }
        self.speakFocus(carousel)
    }
}
