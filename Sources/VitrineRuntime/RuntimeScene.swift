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
