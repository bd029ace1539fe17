import VitrineCore
import VitrineUI

/// A scene that follows something outside its window while it runs — the config kiosk's data
/// files — and has something to say in the unit's status when that goes wrong.
public protocol RuntimeScene: Scene {
    /// Called by `Runner` each time the scene is shown, with the run loop and a way to add a line
    /// to the unit's status (`systemctl status vitrine`; nil: nothing to add). Calls after the
    /// first may do nothing.
    func attach(to loop: EventLoop, status: @escaping (String?) -> Void)
}

/// A scene that can say where the visitor is (the screens on the navigation stack, the
/// onboarding page) and go back there in a freshly loaded copy of itself: `vitrine preview`
/// keeps the current screen across a save (`Runner.keepsPositionOnReload`).
public protocol RestorableScene: Scene {
    /// Where the visitor is, in a form `restore` of another copy understands.
    var position: JSONValue { get }
    /// Goes to `position` without animation, as far as the screens it names still exist.
    func restore(_ position: JSONValue)
}
