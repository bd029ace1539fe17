import VitrineCore
import VitrineScene
import VitrineUI

/// Reach without reach mode: whether a seated visitor reaches every element of a screen, given
/// where the panel is mounted (`accessibility.mountHeight`) and the forward reach of 2010 ADA
/// §308.2.1, 380 to 1220 mm above the floor (`AccessibilityModel.reachRange`).
///
/// The check itself is written on another branch; it plugs in at `reachFindings`, which the
/// audit calls for every laid-out state of every screen when the mounting heights are given.
/// Without them the audit says once that the reach was not checked (`reachNotChecked`).
extension AccessibilityAudit {
    /// The reach check's findings for one laid-out state of `screen` in `window`, the panel's
    /// active area spanning `mountHeight` (its top and bottom edges above the floor, in mm).
    /// Nothing yet: this is where the reach check goes.
    func reachFindings(_ window: Window, screen: String, mountHeight: AccessibilityModel.MountHeight) -> [AccessibilityFinding] {
        []
    }

    /// The one reach finding of a config without `accessibility.mountHeight`.
    static let reachNotChecked = AccessibilityFinding(
        .notice, .reach, screen: nil, path: nil,
        "not checked — give accessibility.mountHeight (the screen's top and bottom edges above the floor, in millimetres)")
}
