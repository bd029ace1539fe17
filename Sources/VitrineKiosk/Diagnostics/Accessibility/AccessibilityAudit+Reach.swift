import VitrineCore
import VitrineScene
import VitrineUI

/// Reach without reach mode: whether a seated visitor reaches every element of each screen,
/// given where the panel is mounted (`accessibility.mountHeight`) and the forward reach of 2010
/// ADA §308.2.1, 380 to 1220 mm above the floor (`AccessibilityModel.reachRange`). The
/// measuring is `ReachCheck`'s (the one plain `check-config` runs when the heights are given);
/// the audit lists its findings with the others. Without the heights the audit says once that
/// the reach was not checked (`reachNotChecked`).
extension AccessibilityAudit {
    /// `ReachCheck`'s findings as the audit's: a warning each, at the screen as shown, naming the
    /// element and where reach mode takes it. A layout that cannot be made is one error.
    func reachFindings() -> [AccessibilityFinding] {
        do {
            return try ReachCheck.findings(self.configuration, baseDirectory: self.baseDirectory).map { found in
                AccessibilityFinding(.warning, .reach, screen: found.screen, path: nil, found.description)
            }
        } catch {
            return [AccessibilityFinding(.error, .reach, screen: nil, path: nil, "not checked: the screens could not be laid out: \(error)")]
        }
    }

    /// The one reach finding of a config without `accessibility.mountHeight`.
    static let reachNotChecked = AccessibilityFinding(
        .notice, .reach, screen: nil, path: nil,
        "not checked — give accessibility.mountHeight (the screen's top and bottom edges above the floor, in millimetres)")
}
